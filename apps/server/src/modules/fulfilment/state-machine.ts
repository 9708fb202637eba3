import {
  type AdminOrder,
  actionFits,
  actionRefusal,
  fulfilmentRefusal,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderStatus,
  orderStatusLabels,
  type User,
} from "@shop/shared";
import { Conflict } from "@shop/shared/errors";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import type { OrderCore } from "./order-core.ts";
import type { OrderRow } from "./repository.ts";

/** What a staff action does besides moving the status, in the move's transaction. */
export type ActionWork = (trx: Executor, row: OrderRow, at: string) => Promise<void>;

/**
 * The state machine's runner (shared rules/order-status.ts), given what it needs: each staff
 * action of actions/ runs through it, and answers the order as staff then see it (`adminGet`).
 */
export function createAct({
  db,
  repository,
  staffOrder,
  moveStatus,
  audit,
  catalog,
  outbox,
  now,
  adminGet,
}: Pick<OrderCore, "db" | "repository" | "staffOrder" | "moveStatus" | "audit" | "catalog" | "outbox" | "now"> & {
  adminGet: (number: string) => Promise<AdminOrder>;
}) {
  /**
   * Runs one action of the state machine in a transaction: the move happens only from the status
   * read inside it (of two concurrent actions one wins), then `work` records what goes with it.
   * An action the status does not allow is refused in words (409).
   *
   * Every change of an order takes its rows in one order, so that two changes at once wait for
   * each other instead of deadlocking on PostgreSQL: the order row (the status move), then the
   * reports' daily rows, then the products by id, then the discount code (docs/decisions/082).
   */
  return async function act(
    actor: User,
    number: string,
    action: OrderAction,
    /** What the action records besides the status, for the audit log's "after". */
    details: Record<string, unknown>,
    work: ActionWork,
  ): Promise<AdminOrder> {
    const found = await staffOrder(number);
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      const row = (await repository.findOrder({ id: found.id }, trx)) as OrderRow;
      const status = row.status as OrderStatus;
      const { from, to } = ORDER_ACTIONS[action];
      if (!actionFits(action, row.fulfilment)) {
        throw new Conflict(fulfilmentRefusal(row.number, row.fulfilment), { code: "order_fulfilment" });
      }
      const refusal = (now: OrderStatus) =>
        new Conflict(actionRefusal(row.number, orderStatusLabels[now].toLowerCase(), action), {
          code: "order_status",
        });
      if (!from.includes(status)) throw refusal(status);
      const moved = await moveStatus(trx, {
        orderId: row.id,
        from: [status],
        to,
        at,
        eventId: newId(),
        actorId: actor.id,
      });
      if (!moved) {
        // Another change moved it first (PostgreSQL read the status before that one committed): say what it is now.
        const current = (await repository.findOrder({ id: row.id }, trx))?.status as OrderStatus;
        throw refusal(current);
      }
      await work(trx, row, at);
      await audit.record(trx, {
        actor: recordedActor(actor),
        kind: "order",
        subjectId: row.id,
        subjectLabel: `Order ${row.number}`,
        action: action.replaceAll("_", " "),
        before: { status },
        after: { status: to, ...details },
      });
    });
    if (action === "cancel" || action === "refund") catalog.forgetLists();
    outbox.deliverSoon();
    return adminGet(found.number);
  };
}

export type Act = ReturnType<typeof createAct>;

/** What a staff action of actions/ needs: the shared parts of the module and the state machine's runner. */
export type StaffActionParts = OrderCore & { act: Act };
