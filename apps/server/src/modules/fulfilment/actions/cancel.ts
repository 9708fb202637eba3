import { type Order, type OrderStatus, orderStatusLabels, type User } from "@shop/shared";
import { Conflict } from "@shop/shared/errors";
import { newId } from "../../../lib/ids.ts";
import type { OrderCore } from "../order-core.ts";
import { orderCancelledLetter } from "../order-mail.ts";

/** A buyer cancels an order still awaiting payment or an identity check; its stock goes back exactly once. */
export function createCancel({
  db,
  repository,
  ownOrder,
  orderById,
  moveStatus,
  returnStock,
  catalog,
  outbox,
  mailFacts,
  now,
}: Pick<
  OrderCore,
  | "db"
  | "repository"
  | "ownOrder"
  | "orderById"
  | "moveStatus"
  | "returnStock"
  | "catalog"
  | "outbox"
  | "mailFacts"
  | "now"
>) {
  return async function cancel(user: User, number: string): Promise<Order> {
    const row = await ownOrder(user, number);
    const stamp = now().toISOString();
    await db.transaction().execute(async (trx) => {
      const changed = await moveStatus(trx, {
        orderId: row.id,
        from: ["verification_pending", "awaiting_payment"],
        to: "cancelled",
        at: stamp,
        eventId: newId(),
        actorId: user.id,
      });
      if (!changed) {
        const current = (await repository.findOrder({ id: row.id }, trx))?.status as OrderStatus;
        throw new Conflict(
          `Order ${row.number} is ${orderStatusLabels[current].toLowerCase()} and can no longer be cancelled here.`,
          { code: "order_status" },
        );
      }
      await returnStock(trx, row, stamp, "cancellation", user);
      await outbox.enqueue(orderCancelledLetter(mailFacts(row), false), trx);
    });
    catalog.forgetLists();
    outbox.deliverSoon();
    return orderById(row.id);
  };
}
