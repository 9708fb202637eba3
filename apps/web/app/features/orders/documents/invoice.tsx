import type { AdminOrder } from "@shop/shared";
import { formatCents, formatDate, lineName, payByWords, termsDueWords } from "@shop/shared/rules";
import { OrderTotals, TotalsRow } from "../../../components/order-totals.tsx";
import { PayeeDetails } from "../../../components/payee-details.tsx";
import { unitLabel } from "../../../lib/unit-label.ts";
import { cell, Destination, DocumentBlock, DocumentHeader, DocumentTable } from "./document-parts.tsx";
import { invoiceFigures } from "./invoice-figures.ts";
import { usePrintStore } from "./print-store.ts";

/** The order as a bill: lines with prices, totals, the money received and what is still due, and how to pay it. */
export function Invoice({ order }: { order: AdminOrder }) {
  const figures = invoiceFigures(order);
  const paid = order.payments.filter((payment) => payment.kind === "payment");
  const refunds = order.payments.filter((payment) => payment.kind === "refund");
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <DocumentHeader
        title="Invoice"
        order={order}
        numberLabel="Invoice no."
        extra={
          <>
            <dt className="text-muted">Status</dt>
            <dd className="font-semibold">{figures.status}</dd>
            {order.payment.dueOn && (
              <>
                <dt className="text-muted">Terms</dt>
                <dd className="font-semibold">{termsDueWords(order.createdAt, order.payment.dueOn)}</dd>
              </>
            )}
          </>
        }
      />
      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <DocumentBlock title="Bill to">
          <p className="font-medium text-sm">{order.customer.name}</p>
          <p className="break-all text-sm">{order.email}</p>
        </DocumentBlock>
        <Destination order={order} />
      </div>
      <DocumentTable
        label="Items billed"
        columns={[
          { label: "Item" },
          { label: "Unit" },
          { label: "Qty", className: "text-right" },
          { label: "Unit price", className: "text-right" },
          { label: "Amount", className: "text-right" },
        ]}
      >
        {order.lines.map((line) => (
          <tr key={`${line.variantId}:${line.unit}`}>
            <td className={cell}>
              <span className="block break-words font-medium">{lineName(line)}</span>
              <span className="block font-mono text-muted text-xs">SKU {line.sku}</span>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{unitLabel(line)}</td>
            <td className={`${cell} text-right tabular-nums`}>{line.quantity}</td>
            <td className={`${cell} text-right tabular-nums`}>{formatCents(line.unitPriceCents)}</td>
            <td className={`${cell} text-right font-medium tabular-nums`}>{formatCents(line.lineTotalCents)}</td>
          </tr>
        ))}
      </DocumentTable>
      <div className="print-keep flex justify-end">
        <OrderTotals figures={order} className="w-full max-w-xs">
          {figures.refundedCents > 0 ? (
            // Money went back: what came in, less what went back, is what the buyer paid in the end.
            <>
              <TotalsRow label="Payments received">{formatCents(figures.receivedCents)}</TotalsRow>
              <TotalsRow label="Refunded">−{formatCents(figures.refundedCents)}</TotalsRow>
              <TotalsRow label="Net paid" strong>
                {formatCents(figures.netPaidCents)}
              </TotalsRow>
            </>
          ) : (
            <>
              {figures.receivedCents > 0 && (
                <TotalsRow label="Payments received">−{formatCents(figures.receivedCents)}</TotalsRow>
              )}
              <TotalsRow label="Balance due" strong>
                {formatCents(figures.balanceDueCents)}
              </TotalsRow>
            </>
          )}
        </OrderTotals>
      </div>
      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <DocumentBlock title="Payment">
          <p className="text-sm">
            <span className="text-muted">Method: </span>
            {order.payment.name}
          </p>
          {paid.length + refunds.length > 0 && (
            <ul className="mt-1 text-sm">
              {[...paid, ...refunds].map((entry) => (
                <li key={`${entry.kind}-${entry.createdAt}`}>
                  {entry.kind === "payment" ? "Received" : "Refunded"} {formatCents(entry.amountCents)} on{" "}
                  {formatDate(entry.receivedOn, "calendar")} ({entry.method}
                  {entry.reference && `, ref. ${entry.reference}`})
                </li>
              ))}
            </ul>
          )}
          {figures.status === "Cancelled" && (
            <p className="mt-1 text-sm">This order was cancelled before it was paid: nothing is due.</p>
          )}
          {figures.status === "Refunded" && (
            <p className="mt-1 text-sm">
              {formatCents(figures.refundedCents)} of it was sent back to the buyer: nothing is due.
            </p>
          )}
        </DocumentBlock>
        {figures.balanceDueCents > 0 && (
          <DocumentBlock title={`How to pay with ${order.payment.name}`}>
            <p className="whitespace-pre-line text-sm">{order.payment.instructions}</p>
            {order.payment.kind && order.payment.payee && (
              <PayeeDetails kind={order.payment.kind} payee={order.payment.payee} className="mt-2" />
            )}
            <p className="mt-1 font-medium text-sm">Please write {order.number} as the reference.</p>
            {order.status === "awaiting_payment" && <p className="mt-1 text-sm">{payByWords(order.payment.payBy)}</p>}
            {order.payment.dueOn && (
              <p className="mt-1 font-medium text-sm">
                Pay {formatCents(figures.balanceDueCents)} by {formatDate(order.payment.dueOn)}.
              </p>
            )}
          </DocumentBlock>
        )}
      </div>
      <p className="print-keep border-line border-t pt-4 text-center text-muted text-xs">
        Thank you for your order. Questions about this invoice? Write to us at {usePrintStore().email}.
      </p>
    </div>
  );
}
