import type { AdminOrder, handOverSchema, User } from "@shop/shared";
import type { z } from "zod";
import type { StaffActionParts } from "../state-machine.ts";

/** A pickup order handed over at the counter, after staff checked the buyer's ID (the order records which). */
export function createHandOver({ act, repository }: Pick<StaffActionParts, "act" | "repository">) {
  return function handOver(actor: User, number: string, input: z.output<typeof handOverSchema>): Promise<AdminOrder> {
    return act(actor, number, "hand_over", { idDocument: input.idDocument }, async (trx, row, at) => {
      await repository.recordIdCheck(trx, row.id, { document: input.idDocument, checkedBy: actor.id, at });
    });
  };
}
