import { type AdminOrder, formatCents, type OrderStatus, orderStatusLabels, type User } from "@shop/shared";
import { Conflict, Invalid } from "@shop/shared/errors";
import { recordedActor } from "../../../lib/recorded-actor.ts";
import { type PaymentInput, paymentDetails } from "../order-core.ts";
import { paymentReceivedLetter } from "../order-mail.ts";
import type { OrderRow } from "../repository.ts";
import type { StaffActionParts } from "../state-machine.ts";

/** The statuses in which an order on terms takes its payment: it shipped (or is about to) on credit. */
export const TERMS_PAYABLE: readonly OrderStatus[] = [
  "processing",
  "shipped",
  "delivered",
  "ready_for_pickup",
  "picked_up",
];

/**
 * Money received: the order's total, by a method, on a day → paid (the manual provider's capture).
 * An order on terms (docs/decisions/102) is already on its way: its payments, whole or in parts
 * that add up to its total, move no status.
 */
export function createRecordPayment({
  act,
  db,
  repository,
  staffOrder,
  payments,
  audit,
  adminGet,
  moveMoney,
  outbox,
  mailFacts,
}: Pick<
  StaffActionParts,
  "act" | "db" | "repository" | "staffOrder" | "payments" | "audit" | "moveMoney" | "outbox" | "mailFacts"
> & { adminGet: (number: string) => Promise<AdminOrder> }) {
  async function recordOnTerms(actor: User, found: OrderRow, input: PaymentInput): Promise<AdminOrder> {
    await db.transaction().execute(async (trx) => {
      // Two payments recorded at once wait for each other, so that neither adds past the total.
      await repository.lockOrder(trx, found.id);
      const row = (await repository.findOrder({ id: found.id }, trx)) as OrderRow;
      const status = row.status as OrderStatus;
      if (!TERMS_PAYABLE.includes(status)) {
        throw new Conflict(
          `Order ${row.number} is ${orderStatusLabels[status].toLowerCase()}: you cannot record a payment for it now.`,
          { code: "order_status" },
        );
      }
      const money = await payments.summary(row.id, trx);
      const balance = row.total_cents - money.paidCents;
      if (balance <= 0) {
        throw new Conflict(`Order ${row.number} is paid in full.`, { code: "order_paid" });
      }
      if (input.amountCents > balance) {
        throw new Invalid(`The payment can be at most the balance due, ${formatCents(balance)}.`, {
          fields: { amountCents: `must be at most the balance due, ${formatCents(balance)}` },
        });
      }
      await moveMoney(trx, row, "capture", input, actor);
      // A payment is kept once by its details (its idempotency key): the same one again adds nothing.
      if ((await payments.summary(row.id, trx)).paidCents === money.paidCents) {
        throw new Conflict(
          "This payment (the same amount, method, reference and day) is already recorded. Give a second payment its own reference.",
          { code: "payment_recorded" },
        );
      }
      await audit.record(trx, {
        actor: recordedActor(actor),
        kind: "order",
        subjectId: row.id,
        subjectLabel: `Order ${row.number}`,
        action: "record payment",
        before: { status, balanceDue: formatCents(balance) },
        after: { status, balanceDue: formatCents(balance - input.amountCents), ...paymentDetails(input) },
      });
      if (input.amountCents === balance) await outbox.enqueue(paymentReceivedLetter(mailFacts(row)), trx);
    });
    outbox.deliverSoon();
    return adminGet(found.number);
  }

  return async function recordPayment(actor: User, number: string, input: PaymentInput): Promise<AdminOrder> {
    const found = await staffOrder(number);
    if (found.payment_due_on !== null) return recordOnTerms(actor, found, input);
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
