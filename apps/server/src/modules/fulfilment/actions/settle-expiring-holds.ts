import { formatCents, type OrderStatus } from "@shop/shared";
import { dayOf, holdExpiring } from "@shop/shared/rules";
import type { OpenHold } from "../../payments/service.ts";
import type { OrderCore } from "../order-core.ts";
import { payeeOf } from "../order-view.ts";

/** What became of one expiring hold in a run of the hold job. */
export interface SettledHold {
  number: string;
  operation: "capture" | "void";
  amountCents: number;
  /** Succeeded, or the provider's refusal (kept as a record and left for staff, who see it in Billing). */
  status: "succeeded" | "declined" | "failed";
  message: string | null;
}

/** Orders whose goods will not go out: a hold on them is let go, never taken. */
const NOT_GOING_OUT: readonly OrderStatus[] = ["cancelled", "refunded"];

/**
 * Card holds about to lapse (docs/decisions/100): within HOLD_SETTLE_WITHIN_DAYS of the day their
 * provider lets them go, each is captured (the order is still to be shipped, or went out without
 * its capture) or voided (the order was cancelled or refunded), through the payments service with
 * an idempotency key of its own, one transaction a hold, with an audit entry. Fresh holds are left
 * to the shipment's capture. The hold job (hold-expiry-job.ts) runs it under its lease.
 */
export function createSettleExpiringHolds({
  db,
  repository,
  payments,
  audit,
  now,
}: Pick<OrderCore, "db" | "repository" | "payments" | "audit" | "now">) {
  async function settle(hold: OpenHold, day: string): Promise<SettledHold | null> {
    return db.transaction().execute(async (trx) => {
      await repository.lockOrder(trx, hold.orderId);
      const row = await repository.findOrder({ id: hold.orderId }, trx);
      if (!row) return null;
      // Staff may have shipped or cancelled it since the holds were read: what is held now decides.
      const { authorizedCents } = await payments.summary(row.id, trx);
      if (authorizedCents === 0) return null;
      const provider = payments.providerById(hold.provider) ?? payments.providerFor(payeeOf(row).kind);
      const operation = NOT_GOING_OUT.includes(row.status as OrderStatus) ? "void" : "capture";
      const record = await payments[operation](trx, {
        provider,
        order: { id: row.id, number: row.number, totalCents: row.total_cents },
        amountCents: authorizedCents,
        // One attempt a hold a day: a run repeated that day answers from its record, and a refusal
        // is tried again on the next day's run while the hold lasts.
        idempotencyKey: `hold-expiry:${operation}:${hold.id}:${day}`,
        received: null,
        method: row.payment_method_name,
        actorId: null,
      });
      const captured = operation === "capture";
      await audit.record(trx, {
        actor: null,
        kind: "order",
        subjectId: row.id,
        subjectLabel: `Order ${row.number}`,
        action:
          record.status === "succeeded"
            ? captured
              ? "card hold captured before it lapsed"
              : "card hold let go before it lapsed"
            : captured
              ? "card hold capture refused"
              : "card hold release refused",
        before: { held: formatCents(authorizedCents), authorizedAt: hold.authorizedAt, expiresAt: hold.expiresAt },
        after: {
          status: record.status,
          provider: record.provider,
          reference: record.reference,
          ...(record.message ? { message: record.message } : {}),
        },
      });
      return {
        number: row.number,
        operation,
        amountCents: authorizedCents,
        status: record.status,
        message: record.message,
      };
    });
  }

  /** One run, as of `at` (the job: now). */
  return async function settleExpiringHolds(at: Date = now()): Promise<SettledHold[]> {
    const due = (await payments.openHolds()).filter((hold) => holdExpiring(hold.expiresAt, at));
    const settled: SettledHold[] = [];
    for (const hold of due) {
      const result = await settle(hold, dayOf(at));
      if (result) settled.push(result);
    }
    return settled;
  };
}
