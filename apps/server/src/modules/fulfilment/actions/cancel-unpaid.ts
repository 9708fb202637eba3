import type { OrderStatus } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { newId } from "../../../lib/ids.ts";
import type { OrderCore } from "../order-core.ts";
import { orderCancelledLetter } from "../order-mail.ts";
import type { OrderRow } from "../repository.ts";

type CancelDependencies = Pick<
  OrderCore,
  "db" | "repository" | "settings" | "moveStatus" | "returnStock" | "catalog" | "outbox" | "mailFacts" | "now"
>;

/**
 * Cancels each of these orders that is still `from`, each in its own transaction: stock back,
 * buyer told, the note on its event. Each moves only from `from`, so instances running this at once
 * (several on one PostgreSQL) cancel each order once. Gives how many.
 */
export function createCancelWaiting({
  db,
  repository,
  moveStatus,
  returnStock,
  catalog,
  outbox,
  mailFacts,
  now,
}: CancelDependencies) {
  return async function cancelWaiting(
    ids: readonly string[],
    from: OrderStatus,
    note: string,
    unpaidCancelDays?: number,
  ): Promise<number> {
    let cancelled = 0;
    for (const id of ids) {
      const stamp = now().toISOString();
      const moved = await db.transaction().execute(async (trx) => {
        const ok = await moveStatus(trx, {
          orderId: id,
          from: [from],
          to: "cancelled",
          at: stamp,
          eventId: newId(),
          actorId: null,
          note,
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

/**
 * Cancels the orders still awaiting payment once their pay-by day, `unpaidCancelDays` (a
 * setting) after the day they were placed, is over. The unpaid-order job (unpaid-order-job.ts)
 * runs it.
 */
export function createCancelUnpaid(dependencies: CancelDependencies) {
  const cancelWaiting = createCancelWaiting(dependencies);
  const { repository, settings, now } = dependencies;
  return async function cancelUnpaid(): Promise<number> {
    const { unpaidCancelDays } = await settings.get();
    // Those whose pay-by day (payByDay: the day placed plus the setting's days, UTC) has passed:
    // placed before midnight of the day `unpaidCancelDays` ago. The buyer has the whole pay-by day.
    const before = `${addDays(dayOf(now()), -unpaidCancelDays)}T00:00:00.000Z`;
    const ids = await repository.unpaidBefore(before, 200);
    return cancelWaiting(ids, "awaiting_payment", `Not paid within ${unpaidCancelDays} days`, unpaidCancelDays);
  };
}
