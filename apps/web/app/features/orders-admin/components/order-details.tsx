import type { AdminOrder } from "@shop/shared";
import { ID_DOCUMENTS } from "@shop/shared/constants";
import { formatCents } from "@shop/shared/rules";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AddressLines } from "../../../components/address-lines.tsx";
import { formatDate } from "../../../lib/format.ts";

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white">
      <h2 id={id} className="border-line border-b px-5 py-4 font-semibold">
        {title}
      </h2>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

const unitWords = { piece: "piece", box: "box" } as const;

/** The lines as they were bought, and the totals the server computed. */
export function OrderItems({ order }: { order: AdminOrder }) {
  const row = "flex justify-between gap-4 py-1";
  return (
    <Card id="order-items-title" title="Items">
      <ul className="divide-y divide-line">
        {order.lines.map((line) => (
          <li key={`${line.productId}:${line.unit}`} className="flex justify-between gap-4 py-3 first:pt-0">
            <span className="min-w-0">
              <span className="block break-words font-medium">{line.name}</span>
              <span className="block text-muted text-xs">
                SKU {line.sku} · {line.quantity} × {formatCents(line.unitPriceCents)} per {unitWords[line.unit]}
              </span>
            </span>
            <span className="shrink-0 font-semibold tabular-nums">{formatCents(line.lineTotalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 border-line border-t pt-3 text-sm">
        <div className={row}>
          <dt className="text-muted">Subtotal</dt>
          <dd className="tabular-nums">{formatCents(order.subtotalCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{order.fulfilment === "pickup" ? "Pickup in store" : "Shipping"}</dt>
          <dd className="tabular-nums">{order.shippingCents === 0 ? "Free" : formatCents(order.shippingCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">Sales tax ({order.taxBasisPoints / 100}%)</dt>
          <dd className="tabular-nums">{formatCents(order.taxCents)}</dd>
        </div>
        <div className={`${row} mt-1 border-line border-t pt-2 font-semibold text-base`}>
          <dt>Total</dt>
          <dd className="tabular-nums">{formatCents(order.totalCents)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/** Who bought it and where it goes: shipped to an address, or picked up at the store after an ID check. */
export function OrderBuyer({ order }: { order: AdminOrder }) {
  const address = order.shippingAddress;
  return (
    <Card id="order-buyer-title" title="Buyer">
      <p className="font-medium">
        <Link
          to={`/dashboard/users/customers/${encodeURIComponent(order.customer.id)}`}
          className="hover:text-brand-700 hover:underline"
        >
          {order.customer.name}
        </Link>
      </p>
      <p className="break-all text-sm">
        <a href={`mailto:${order.email}`} className="hover:underline">
          {order.email}
        </a>
      </p>
      <h3 className="mt-4 font-medium text-muted text-sm">
        {order.fulfilment === "pickup" ? "Picks up in store at" : "Ships to"}
      </h3>
      <AddressLines address={address} withName className="mt-1" />
      {order.idCheck && (
        <p className="mt-3 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-emerald-900 text-sm">
          ID checked: {ID_DOCUMENTS[order.idCheck.document]}. Handed over{" "}
          {formatDate(order.idCheck.checkedAt, "moment")}.
        </p>
      )}
    </Card>
  );
}

/** How the buyer chose to pay, the money recorded, and the parcel once shipped. */
export function OrderPayment({ order }: { order: AdminOrder }) {
  return (
    <Card id="order-payment-title" title={order.fulfilment === "pickup" ? "Payment" : "Payment and shipping"}>
      <p className="text-sm">
        <span className="text-muted">Method chosen: </span>
        <span className="font-medium">{order.payment.name}</span>
      </p>
      {order.payments.length === 0 ? (
        <p className="mt-2 text-muted text-sm">No payment recorded yet.</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Payments recorded">
          {order.payments.map((payment) => (
            <li key={`${payment.kind}-${payment.createdAt}`} className="rounded-xl bg-gray-50 px-3.5 py-2.5 text-sm">
              <span className="flex justify-between gap-3 font-medium">
                <span>{payment.kind === "payment" ? "Payment received" : "Refund sent"}</span>
                <span className="tabular-nums">{formatCents(payment.amountCents)}</span>
              </span>
              <span className="mt-0.5 block text-muted text-xs">
                {payment.method}
                {payment.reference && ` · Ref. ${payment.reference}`} · {formatDate(payment.receivedOn, "calendar")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {order.shipment && (
        <p className="mt-4 text-sm">
          <span className="block text-muted">Shipped with {order.shipment.carrier}, tracking number</span>
          <a
            href={order.shipment.trackingUrl}
            target="_blank"
            rel="noreferrer"
            className="break-words font-medium font-mono underline underline-offset-2 hover:text-brand-700"
          >
            {order.shipment.trackingNumber}
          </a>
        </p>
      )}
    </Card>
  );
}
