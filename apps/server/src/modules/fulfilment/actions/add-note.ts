import type { AdminOrder, addOrderNoteSchema, User } from "@shop/shared";
import type { z } from "zod";
import { newId } from "../../../lib/ids.ts";
import { recordedActor, recordedName } from "../../../lib/recorded-actor.ts";
import type { OrderCore } from "../order-core.ts";
import type { AdminGet } from "./admin-get.ts";

/** Staff's internal note on an order, kept with who wrote it and when; the buyer never sees it. Any status. */
export function createAddNote({
  db,
  repository,
  staffOrder,
  audit,
  now,
  adminGet,
}: Pick<OrderCore, "db" | "repository" | "staffOrder" | "audit" | "now"> & { adminGet: AdminGet }) {
  return async function addNote(
    actor: User,
    number: string,
    input: z.output<typeof addOrderNoteSchema>,
  ): Promise<AdminOrder> {
    const row = await staffOrder(number);
    await db.transaction().execute(async (trx) => {
      await repository.insertNote(
        {
          id: newId(),
          order_id: row.id,
          body: input.body,
          author_id: actor.id,
          author_name: recordedName(actor),
          created_at: now().toISOString(),
        },
        trx,
      );
      await audit.record(trx, {
        actor: recordedActor(actor),
        kind: "order",
        subjectId: row.id,
        subjectLabel: `Order ${row.number}`,
        action: "note added",
        before: null,
        after: { note: input.body },
      });
    });
    return adminGet(row.number);
  };
}
