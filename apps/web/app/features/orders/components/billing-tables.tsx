import {
  type BillingHold,
  type BillingInvoice,
  type BillingOverdue,
  type BillingPayment,
  type BillingStatus,
  billingPaymentKindLabels,
  billingStatusLabels,
} from "@shop/shared";
import { orderStatusLabels } from "@shop/shared/constants";
import { dayOf, formatCents, formatDate, holdAgeDays, holdExpiring } from "@shop/shared/rules";
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

/**
 * An invoice's status: an order on terms not fully paid reads "Due <day>" until its due day, then
 * "Overdue" (docs/decisions/102); the others as BillingStatusBadge.
 */
function InvoiceStatus({ invoice, today }: { invoice: BillingInvoice; today: string }) {
  if (invoice.dueOn && invoice.refundedCents === 0 && invoice.paidCents < invoice.totalCents) {
    return invoice.dueOn < today ? (
      <Badge tone={badgeTones.red}>Overdue</Badge>
    ) : (
      <Badge tone={badgeTones.amber}>Due {invoice.dueOn}</Badge>
    );
  }
  return <BillingStatusBadge status={invoice.status} />;
}

interface TableProps<Row> {
  rows: Row[];
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
  /** The list's address, so that the order's page can lead back to it. */
  listSearch: string;
}

/** Invoices, one per order: number, dates, buyer, method, total, paid and refunded, status (the phone shows the facts under the number). */
export function InvoicesTable({
  rows,
  stale,
  listSearch,
  now = new Date(),
}: TableProps<BillingInvoice> & { now?: Date }) {
  const { td } = cell;
  const today = dayOf(now);
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
              <InvoiceStatus invoice={invoice} today={today} />
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
            <InvoiceStatus invoice={invoice} today={today} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Who moved the money: staff's own record ("manual") reads as the method alone; a gateway is named. */
function viaProvider(provider: string): string {
  return provider === "manual" ? "" : ` via ${provider}`;
}

/** The figure of a payments row: a refund is money out, a released hold moved none (struck through, never added up). */
function PaymentAmount({ payment }: { payment: BillingPayment }) {
  const amount = formatCents(payment.amountCents);
  const tone = payment.kind === "refund" ? "text-red-800" : payment.kind === "void" ? "text-muted line-through" : "";
  return (
    <>
      <span className={`block font-semibold ${tone}`}>{payment.kind === "refund" ? `−${amount}` : amount}</span>
      <span className="block text-muted text-xs">{billingPaymentKindLabels[payment.kind]}</span>
    </>
  );
}

/** Payments, refunds and released card holds, one row each: the day, order, buyer, method, provider and reference, who recorded it, amount. */
export function PaymentsTable({ rows, stale, listSearch }: TableProps<BillingPayment>) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Payments, refunds and released holds"
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
              {viaProvider(payment.provider)}
              {payment.reference && ` · ${payment.reference}`} · by {payment.recordedBy}
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>
            <OrderLink number={payment.number} listSearch={listSearch} />
          </td>
          <BuyerCell name={payment.customerName} email={payment.email} />
          <td className={`${td} ${hiddenBelow.lg}`}>
            <span className="block">
              {payment.method}
              {viaProvider(payment.provider)}
            </span>
            {payment.reference && <span className="block break-all text-muted text-xs">Ref. {payment.reference}</span>}
          </td>
          <td className={`${td} ${hiddenBelow.lg}`}>
            <span className="block">{payment.recordedBy}</span>
            <span className="block text-muted text-xs">{formatDate(payment.recordedAt, "moment")}</span>
          </td>
          <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
            <PaymentAmount payment={payment} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** When a hold lapses, and how long it has been held: amber once the hold job would settle it. */
function HoldExpiry({ hold, now }: { hold: BillingHold; now: Date }) {
  const age = holdAgeDays(hold.authorizedAt, now);
  return (
    <>
      <span className="block whitespace-nowrap">Held {age === 1 ? "1 day" : `${age} days`}</span>
      {hold.expiresAt ? (
        <span
          className={`block whitespace-nowrap text-xs ${holdExpiring(hold.expiresAt, now) ? "font-medium text-amber-900" : "text-muted"}`}
        >
          Lapses {formatDate(hold.expiresAt, "day")}
        </span>
      ) : (
        <span className="block text-muted text-xs">Lapse unknown</span>
      )}
    </>
  );
}

/**
 * Card holds waiting for their capture, one row each: order, buyer, method, provider and
 * reference, how long held and when it lapses, the provider's last refusal, amount held.
 */
export function HoldsTable({ rows, stale, listSearch, now = new Date() }: TableProps<BillingHold> & { now?: Date }) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Card holds waiting for capture"
      stale={stale}
      columns={[
        { label: "Order" },
        { label: "Customer", className: hiddenBelow.md },
        { label: "Method", className: hiddenBelow.lg },
        { label: "Held", className: hiddenBelow.md },
        { label: "Amount", className: "text-right" },
      ]}
    >
      {rows.map((hold) => (
        <tr key={hold.id} className="hover:bg-brand-50/30" data-hold={hold.number}>
          <td className={td}>
            <OrderLink number={hold.number} listSearch={listSearch} />
            <span className="mt-1 block text-muted text-xs">{orderStatusLabels[hold.orderStatus]}</span>
            <span className="mt-0.5 block min-w-0 break-words text-xs md:hidden">{hold.customerName}</span>
            <span className="mt-0.5 block text-muted text-xs lg:hidden">
              {hold.method}
              {viaProvider(hold.provider)}
              {hold.reference && ` · ${hold.reference}`}
            </span>
            <span className="mt-1 block text-xs md:hidden">
              <HoldExpiry hold={hold} now={now} />
            </span>
            {hold.refusal && (
              <span className="mt-1 block text-red-800 text-xs" role="note">
                Refused: {hold.refusal}
              </span>
            )}
          </td>
          <BuyerCell name={hold.customerName} email={hold.email} />
          <td className={`${td} ${hiddenBelow.lg}`}>
            <span className="block">
              {hold.method}
              {viaProvider(hold.provider)}
            </span>
            {hold.reference && <span className="block break-all text-muted text-xs">Ref. {hold.reference}</span>}
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>
            <HoldExpiry hold={hold} now={now} />
          </td>
          <td className={`${td} whitespace-nowrap text-right font-semibold tabular-nums`}>
            {formatCents(hold.amountCents)}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * Orders on terms past their due day with money owed, one row each: order and status, the
 * business and its buyer, the due day and how late, total, paid and the balance due.
 */
export function OverdueTable({ rows, stale, listSearch }: TableProps<BillingOverdue>) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Overdue invoices on terms"
      stale={stale}
      columns={[
        { label: "Invoice" },
        { label: "Business", className: hiddenBelow.md },
        { label: "Due", className: hiddenBelow.md },
        { label: "Total", className: `${hiddenBelow.lg} text-right` },
        { label: "Paid", className: `${hiddenBelow.lg} text-right` },
        { label: "Balance due", className: "text-right" },
      ]}
    >
      {rows.map((overdue) => (
        <tr key={overdue.number} className="hover:bg-brand-50/30" data-overdue={overdue.number}>
          <td className={td}>
            <OrderLink number={overdue.number} listSearch={listSearch} />
            <span className="mt-1 block text-muted text-xs">{orderStatusLabels[overdue.orderStatus]}</span>
            <span className="mt-0.5 block min-w-0 break-words text-xs md:hidden">
              {overdue.businessName ?? overdue.customerName}
            </span>
            <span className="mt-1 block font-medium text-red-800 text-xs md:hidden">
              Due {overdue.dueOn} · {daysLate(overdue.daysOverdue)}
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>
            <span className="block font-medium">{overdue.businessName ?? "—"}</span>
            <span className="block min-w-0 break-words text-muted text-xs">
              {overdue.customerName} · {overdue.email}
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.md} whitespace-nowrap`}>
            <span className="block">{overdue.dueOn}</span>
            <span className="block font-medium text-red-800 text-xs">{daysLate(overdue.daysOverdue)}</span>
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-right tabular-nums`}>
            {formatCents(overdue.totalCents)}
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-right tabular-nums`}>
            {overdue.paidCents > 0 ? formatCents(overdue.paidCents) : "—"}
          </td>
          <td className={`${td} whitespace-nowrap text-right font-semibold tabular-nums`}>
            {formatCents(overdue.balanceCents)}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

const daysLate = (days: number) => (days === 1 ? "1 day overdue" : `${days} days overdue`);
