import { type BillingInvoice, type BillingPayment, type BillingStatus, billingStatusLabels } from "@shop/shared";
import { formatCents, formatDate } from "@shop/shared/rules";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";
import { BuyerCell, OrderLink } from "./orders-table.tsx";

const tones: Record<BillingStatus, string> = {
  unpaid: badgeTones.amber,
  paid: badgeTones.emerald,
  refunded: badgeTones.red,
};

/** An invoice's billing status, coloured: amber until paid, green once paid, red once money went back. */
export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  return <Badge tone={tones[status]}>{billingStatusLabels[status]}</Badge>;
}

interface TableProps<Row> {
  rows: Row[];
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
  /** The list's address, so that the order's page can lead back to it. */
  listSearch: string;
}

/** Invoices, one per order: number, dates, buyer, method, total, paid and refunded, status (the phone shows the facts under the number). */
export function InvoicesTable({ rows, stale, listSearch }: TableProps<BillingInvoice>) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Invoices"
      stale={stale}
      columns={[
        { label: "Invoice" },
        { label: "Ordered", className: hiddenBelow.md },
        { label: "Customer", className: hiddenBelow.md },
        { label: "Method", className: hiddenBelow.lg },
        { label: "Total", className: "text-right" },
        { label: "Paid", className: `${hiddenBelow.lg} text-right` },
        { label: "Refunded", className: `${hiddenBelow.lg} text-right` },
        { label: "Status", className: hiddenBelow.md },
      ]}
    >
      {rows.map((invoice) => (
        <tr key={invoice.number} className="hover:bg-brand-50/30" data-invoice={invoice.number}>
          <td className={td}>
            <OrderLink number={invoice.number} listSearch={listSearch} />
            <span className="mt-1 block text-muted text-xs md:hidden">
              {formatDate(invoice.orderedAt, "day")} · {invoice.method}
            </span>
            <span className="mt-0.5 block min-w-0 break-words text-xs md:hidden">{invoice.customerName}</span>
            <span className="mt-1 block md:hidden">
              <BillingStatusBadge status={invoice.status} />
            </span>
            {invoice.paidOn && (
              <span className="mt-1 block text-muted text-xs lg:hidden">
                Paid {formatDate(invoice.paidOn, "calendar")}
                {invoice.refundedCents > 0 && ` · ${formatCents(invoice.refundedCents)} refunded`}
              </span>
            )}
          </td>
          <td className={`${td} ${hiddenBelow.md} whitespace-nowrap text-muted`}>
            {formatDate(invoice.orderedAt, "day")}
          </td>
          <BuyerCell name={invoice.customerName} email={invoice.email} />
          <td className={`${td} ${hiddenBelow.lg}`}>{invoice.method}</td>
          <td className={`${td} whitespace-nowrap text-right font-semibold tabular-nums`}>
            {formatCents(invoice.totalCents)}
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-right tabular-nums`}>
            {invoice.paidCents > 0 ? formatCents(invoice.paidCents) : "—"}
            {invoice.paidOn && (
              <span className="block text-muted text-xs">{formatDate(invoice.paidOn, "calendar")}</span>
            )}
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-right tabular-nums`}>
            {invoice.refundedCents > 0 ? formatCents(invoice.refundedCents) : "—"}
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>
            <BillingStatusBadge status={invoice.status} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Payments and refunds, one row each: the day received, order, buyer, method and reference, who recorded it, amount. */
export function PaymentsTable({ rows, stale, listSearch }: TableProps<BillingPayment>) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Payments and refunds"
      stale={stale}
      columns={[
        { label: "Received" },
        { label: "Order", className: hiddenBelow.md },
        { label: "Customer", className: hiddenBelow.md },
        { label: "Method", className: hiddenBelow.lg },
        { label: "Recorded by", className: hiddenBelow.lg },
        { label: "Amount", className: "text-right" },
      ]}
    >
      {rows.map((payment) => (
        <tr key={payment.id} className="hover:bg-brand-50/30" data-payment={payment.number}>
          <td className={td}>
            <span className="block whitespace-nowrap font-medium">{formatDate(payment.receivedOn, "calendar")}</span>
            <span className="mt-1 block md:hidden">
              <OrderLink number={payment.number} listSearch={listSearch} />
            </span>
            <span className="mt-0.5 block min-w-0 break-words text-xs md:hidden">{payment.customerName}</span>
            <span className="mt-0.5 block text-muted text-xs lg:hidden">
              {payment.method}
              {payment.reference && ` · ${payment.reference}`} · by {payment.recordedBy}
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>
            <OrderLink number={payment.number} listSearch={listSearch} />
          </td>
          <BuyerCell name={payment.customerName} email={payment.email} />
          <td className={`${td} ${hiddenBelow.lg}`}>
            <span className="block">{payment.method}</span>
            {payment.reference && <span className="block break-all text-muted text-xs">Ref. {payment.reference}</span>}
          </td>
          <td className={`${td} ${hiddenBelow.lg}`}>
            <span className="block">{payment.recordedBy}</span>
            <span className="block text-muted text-xs">{formatDate(payment.recordedAt, "moment")}</span>
          </td>
          <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
            <span className={`block font-semibold ${payment.kind === "refund" ? "text-red-800" : ""}`}>
              {payment.kind === "refund" ? `−${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
            </span>
            <span className="block text-muted text-xs">{payment.kind === "refund" ? "Refund" : "Payment"}</span>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
