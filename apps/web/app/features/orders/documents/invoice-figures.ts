import type { AdminOrder } from "@shop/shared";
import { paymentSummary } from "@shop/shared/rules";

export interface InvoiceFigures {
  /** Payments received, in cents. */
  receivedCents: number;
  /** Money sent back, in cents. */
  refundedCents: number;
  /** What the shop kept: received less sent back (the net-paid line of a refunded invoice). */
  netPaidCents: number;
  /** What the buyer still owes: nothing once paid, and nothing for an order cancelled or refunded. */
  balanceDueCents: number;
  /**
   * As Billing says it (docs/decisions/033), from the money recorded: refunded once money went
   * back, paid once it came in, else unpaid; an order cancelled before anything was paid is void.
   */
  status: "Unpaid" | "Partly paid" | "Paid" | "Refunded" | "Cancelled";
}

/** An invoice's money: what was received and sent back, what is still due, and its status. */
export function invoiceFigures(
  order: Pick<AdminOrder, "status" | "totalCents" | "payments"> & { payment?: Pick<AdminOrder["payment"], "dueOn"> },
): InvoiceFigures {
  // The money that moved, as the payment records say: only what succeeded counts.
  const { paidCents: receivedCents, refundedCents } = paymentSummary(order.payments);
  const status =
    refundedCents > 0 || order.status === "refunded"
      ? "Refunded"
      : receivedCents > 0
        ? // An order on terms is paid in parts (docs/decisions/102): paid once nothing is due.
          order.payment?.dueOn && receivedCents < order.totalCents
          ? "Partly paid"
          : "Paid"
        : order.status === "cancelled"
          ? "Cancelled"
          : "Unpaid";
  const owing = status === "Unpaid" || status === "Partly paid" || status === "Paid";
  return {
    receivedCents,
    refundedCents,
    netPaidCents: receivedCents - refundedCents,
    balanceDueCents: owing ? Math.max(0, order.totalCents - receivedCents) : 0,
    status,
  };
}
