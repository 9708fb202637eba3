import { NO_PAYEE } from "@shop/shared/constants";
import { payByDay } from "@shop/shared/rules";
import type { Executor } from "../../../db/database.ts";
import { newId } from "../../../lib/ids.ts";
import type { OrderCore } from "../order-core.ts";
import { orderPlacedLetter } from "../order-mail.ts";
import type { OrderRow } from "../repository.ts";
import { createCancelWaiting } from "./cancel-unpaid.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * An order that waited for its buyer's identity goes on as a normally placed one would
 * (docs/decisions/099): to awaiting payment (paid when a card was held at placing), with the
 * order-placed e-mail, in the caller's
 * transaction (the identity module's, which keeps the check with it). False when the order was no
 * longer waiting (cancelled meanwhile, or another check moved it first).
 */
export function createIdentityVerified({
  orderById,
  moveStatus,
  outbox,
  mailFacts,
  repository,
  settings,
}: Pick<OrderCore, "orderById" | "moveStatus" | "outbox" | "mailFacts" | "repository" | "settings">) {
  /** Read before the caller's transaction: what the placed letter says of the order. */
  async function prepare(orderId: string) {
    const [order, row, { unpaidCancelDays }] = await Promise.all([
      orderById(orderId),
      repository.findOrder({ id: orderId }),
      settings.get(),
    ]);
    const found = row as OrderRow;
    const held = order.paymentStatus.state !== "unpaid";
    const letter = orderPlacedLetter(mailFacts(found), {
      lines: order.lines,
      adjustments: order.adjustments,
      paymentName: order.payment.name,
      instructions: order.payment.instructions,
      // Orders placed since decision 078 keep their payee; an identity check is newer still.
      payee: order.payment.payee ?? NO_PAYEE,
      kind: order.payment.kind ?? "bank_transfer",
      payBy: payByDay(found.created_at, unpaidCancelDays),
      dueOn: order.payment.dueOn,
      pickupAt: found.fulfilment === "pickup" ? order.shippingAddress : null,
    });
    return {
      async move(trx: Executor, at: string, note: string): Promise<boolean> {
        const moved = await moveStatus(trx, {
          orderId,
          from: ["verification_pending"],
          // A card held or charged at placing (decision 101) makes it paid, as a placed order would
          // be; an order on terms goes on to processing (docs/decisions/102), never to wait for money.
          to: order.payment.dueOn ? "processing" : held ? "paid" : "awaiting_payment",
          at,
          eventId: newId(),
          actorId: null,
          note,
        });
        if (moved) await outbox.enqueue(letter, trx);
        return moved;
      },
      /** After the commit: the letter goes out. */
      sent: () => outbox.deliverSoon(),
    };
  }
  return prepare;
}

/**
 * Cancels the orders that waited for the buyer's ID longer than `verificationPendingHours` (a
 * setting), as the unpaid-order cancel does: stock back, buyer told. Gives how many.
 */
export function createCancelUnverified(dependencies: Parameters<typeof createCancelWaiting>[0]) {
  const cancelWaiting = createCancelWaiting(dependencies);
  const { repository, settings, now } = dependencies;
  return async function cancelUnverified(): Promise<number> {
    const { verificationPendingHours } = await settings.get();
    const before = new Date(now().getTime() - verificationPendingHours * HOUR_MS).toISOString();
    const ids = await repository.pendingBefore(before, 200);
    return cancelWaiting(ids, "verification_pending", `Identity not verified within ${verificationPendingHours} hours`);
  };
}
