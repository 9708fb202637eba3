import { addDays, dayOf } from "@shop/shared/rules";
import { newId } from "../../../lib/ids.ts";
import type { OrderCore } from "../order-core.ts";
import { orderCancelledLetter } from "../order-mail.ts";
import type { OrderRow } from "../repository.ts";

/**
 * Cancels the orders still awaiting payment once their pay-by day, `unpaidCancelDays` (a
 * setting) after the day they were placed, is over: stock back, buyer told. Each order moves
 * only from awaiting payment, so instances running this at once (several on one PostgreSQL)
 * cancel each order once. Gives how many. The unpaid-order job (unpaid-order-job.ts) runs it.
 */
export function createCancelUnpaid({
  db,
  repository,
  settings,
  moveStatus,
  returnStock,
  catalog,
  outbox,
  mailFacts,
  now,
}: Pick<
  OrderCore,
  "db" | "repository" | "settings" | "moveStatus" | "returnStock" | "catalog" | "outbox" | "mailFacts" | "now"
>) {
  return async function cancelUnpaid(): Promise<number> {
    const { unpaidCancelDays } = await settings.get();
    const at = now();
    // Those whose pay-by day (payByDay: the day placed plus the setting's days, UTC) has passed:
    // placed before midnight of the day `unpaidCancelDays` ago. The buyer has the whole pay-by day.
    const before = `${addDays(dayOf(at), -unpaidCancelDays)}T00:00:00.000Z`;
    let cancelled = 0;
    for (const id of await repository.unpaidBefore(before, 200)) {
      const stamp = now().toISOString();
      const moved = await db.transaction().execute(async (trx) => {
        const ok = await moveStatus(trx, {
          orderId: id,
          from: ["awaiting_payment"],
          to: "cancelled",
          at: stamp,
          eventId: newId(),
          actorId: null,
          note: `Not paid within ${unpaidCancelDays} days`,
        });
        if (!ok) return false;
        const row = (await repository.findOrder({ id }, trx)) as OrderRow;
        await returnStock(trx, row, stamp, "cancellation", null);
        await outbox.enqueue(orderCancelledLetter(mailFacts(row), false, unpaidCancelDays), trx);
        return true;
      });
      if (moved) cancelled += 1;
    }
    if (cancelled > 0) {
      catalog.forgetLists();
      outbox.deliverSoon();
    }
    return cancelled;
  };
}
