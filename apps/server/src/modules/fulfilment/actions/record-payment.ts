import { type AdminOrder, formatCents, type User } from "@shop/shared";
import { Invalid } from "@shop/shared/errors";
import { type PaymentInput, paymentDetails } from "../order-core.ts";
import { paymentReceivedLetter } from "../order-mail.ts";
import type { StaffActionParts } from "../state-machine.ts";

/** Money received: the order's total, by a method, on a day → paid (the manual provider's capture). */
export function createRecordPayment({
  act,
  moveMoney,
  outbox,
  mailFacts,
}: Pick<StaffActionParts, "act" | "moveMoney" | "outbox" | "mailFacts">) {
  return function recordPayment(actor: User, number: string, input: PaymentInput): Promise<AdminOrder> {
    return act(actor, number, "record_payment", paymentDetails(input), async (trx, row) => {
      if (input.amountCents !== row.total_cents) {
        throw new Invalid(`The payment must be the order's total, ${formatCents(row.total_cents)}.`, {
          fields: { amountCents: `must be the order's total, ${formatCents(row.total_cents)}` },
        });
      }
      await moveMoney(trx, row, "capture", input, actor);
      await outbox.enqueue(paymentReceivedLetter(mailFacts(row)), trx);
    });
  };
}
