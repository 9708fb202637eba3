import type { AdminOrder, User } from "@shop/shared";
import { orderCancelledLetter, orderDeliveredLetter, readyForPickupLetter } from "../order-mail.ts";
import { addressOf } from "../order-view.ts";
import type { StaffActionParts } from "../state-machine.ts";

/**
 * Processing, delivered, ready for pickup (the buyer is told where and when), or cancelled
 * while the goods are still in the shop (the stock goes back once).
 */
export function createChangeStatus({
  act,
  settings,
  returnStock,
  outbox,
  mailFacts,
}: Pick<StaffActionParts, "act" | "settings" | "returnStock" | "outbox" | "mailFacts">) {
  return async function changeStatus(
    actor: User,
    number: string,
    action: "start_processing" | "deliver" | "mark_ready" | "cancel",
  ): Promise<AdminOrder> {
    // Read before the transaction: on SQLite's one connection, a read outside the transaction
    // (the settings' cache expired) would wait for the transaction to end, which waits for it.
    const hours = action === "mark_ready" ? ((await settings.get()).storeAddress?.hours ?? null) : null;
    return act(actor, number, action, {}, async (trx, row, at) => {
      if (action === "mark_ready") {
        await outbox.enqueue(readyForPickupLetter(mailFacts(row), addressOf(row), hours), trx);
      }
      if (action === "deliver") await outbox.enqueue(orderDeliveredLetter(mailFacts(row)), trx);
      if (action !== "cancel") return;
      await returnStock(trx, row, at, "cancellation", actor);
      await outbox.enqueue(orderCancelledLetter(mailFacts(row), row.status !== "awaiting_payment"), trx);
    });
  };
}

export type ChangeStatus = ReturnType<typeof createChangeStatus>;
