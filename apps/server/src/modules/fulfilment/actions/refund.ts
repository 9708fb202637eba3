import { type AdminOrder, formatCents, type OrderStatus, stockStillHeld, type User } from "@shop/shared";
import { Invalid } from "@shop/shared/errors";
import { type PaymentInput, paymentDetails } from "../order-core.ts";
import { orderRefundedLetter } from "../order-mail.ts";
import type { StaffActionParts } from "../state-machine.ts";

/** Money sent back (the whole total or part of it) → refunded; the goods go back to stock if they never left. */
export function createRefund({
  act,
  moveMoney,
  returnStock,
  outbox,
  mailFacts,
}: Pick<StaffActionParts, "act" | "moveMoney" | "returnStock" | "outbox" | "mailFacts">) {
  return function refund(actor: User, number: string, input: PaymentInput): Promise<AdminOrder> {
    return act(actor, number, "refund", paymentDetails(input), async (trx, row, at) => {
      if (input.amountCents > row.total_cents) {
        throw new Invalid(`A refund can be at most the order's total, ${formatCents(row.total_cents)}.`, {
          fields: { amountCents: `must be at most ${formatCents(row.total_cents)}` },
        });
      }
      await moveMoney(trx, row, "refund", input, actor);
      if (stockStillHeld(row.status as OrderStatus)) await returnStock(trx, row, at, "refund", actor);
      await outbox.enqueue(orderRefundedLetter(mailFacts(row), input.amountCents, input.method), trx);
    });
  };
}
