import type { Order } from "@shop/shared";
import { NO_PAYEE, orderStatusLabels } from "@shop/shared/constants";
import { formatCents, formatDate, lineName, payByWords, termsDueWords } from "@shop/shared/rules";
import { ArrowLeft, CheckCircle2, Truck, Wallet } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { data, Form, href, Link, useNavigation, useSubmit } from "react-router";
import { AddressLines } from "../../components/address-lines.tsx";
import { OrderStatusBadge } from "../../components/order-status-badge.tsx";
import { OrderTotals } from "../../components/order-totals.tsx";
import { PayeeDetails } from "../../components/payee-details.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { type Status, StatusMessage } from "../../components/ui/status-message.tsx";
import { panel } from "../../features/account/styles.ts";
import { IdentityStepPanel } from "../../features/orders/identity/identity-step-panel.tsx";
import { type IdAnswer, sendId } from "../../features/orders/identity/send-id.server.ts";
import { refusalText } from "../../lib/form-action.ts";
import { requireUser } from "../../lib/guards.ts";
import { pageMeta } from "../../lib/meta.ts";
import { pageData } from "../../lib/page-data.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/order";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  // Someone else's order, or none: the not-found page (the service cannot tell them apart).
  const order = await pageData(() => context.services.orders.get(user, params.number));
  // An order waiting for the buyer's ID shows the next step (decision 099).
  const identity =
    order.status === "verification_pending" ? await context.services.identity.step(user, params.number) : null;
  // The checkout lands here with ?placed=1 after placing the order.
  return { order, identity, placed: new URL(request.url).searchParams.get("placed") === "1" };
}

type CancelAnswer = { cancelled: string } | { failed: string };

/**
 * Cancels the order while it awaits payment (decision 089), through the orders service as its
 * /api route calls it. A refusal (paid meanwhile, cancelled in another tab) is said in words, and
 * the page shows the order as it is now.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context.user);
  // The ID form is the page's one multipart form; the cancel sends no fields.
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    return sendId(request, params.number, context);
  }
  const answer = await serviceAnswer(() => context.services.orders.cancel(user, params.number));
  if (!answer.ok) return data<CancelAnswer>({ failed: refusalText(answer.refusal) }, { status: answer.status });
  return data<CancelAnswer>({ cancelled: `Order ${params.number} is cancelled. Its items are back on sale.` });
}

export function meta({ data }: Route.MetaArgs) {
  const title = data ? `Order ${data.order.number}` : "Order not found";
  return [...pageMeta(title, "Your order, its payment and its progress."), { name: "robots", content: "noindex" }];
}

function Panel({ title, children, className = "" }: { title: string; children: ReactNode; className?: string }) {
  const id = `order-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={`${panel} ${className}`}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** How to pay, in front of everything else while the order waits for the money. */
function HowToPay({ order }: { order: Order }) {
  return (
    <section
      aria-labelledby="order-how-to-pay"
      className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h3 id="order-how-to-pay" className="flex items-center gap-2 font-semibold text-lg">
        <Wallet aria-hidden="true" className="size-5 shrink-0" />
        How to pay: {order.payment.name}
      </h3>
      <p className="mt-2 leading-relaxed">{order.payment.instructions}</p>
      {/* An order placed before payee details has none: the amount and reference still help. */}
      <PayeeDetails
        kind={order.payment.kind ?? "bank_transfer"}
        payee={order.payment.payee ?? NO_PAYEE}
        extra={[
          ["Amount", formatCents(order.totalCents)],
          ["Reference", order.number],
        ]}
        className="mt-4 sm:max-w-xl"
      />
      <p className="mt-4 font-semibold">{payByWords(order.payment.payBy)}</p>
    </section>
  );
}

/** An order on terms with money still due: how much, by when, and where to send it (docs/decisions/102). */
function TermsDue({ order }: { order: Order }) {
  const balanceCents = Math.max(order.totalCents - order.paymentStatus.paidCents, 0);
  const dueOn = order.payment.dueOn as string;
  return (
    <section aria-labelledby="order-terms-due" className={`${panel} border-amber-300 bg-amber-50 text-amber-950`}>
      <h3 id="order-terms-due" className="flex items-center gap-2 font-semibold">
        <Wallet aria-hidden="true" className="size-5 shrink-0" />
        {termsDueWords(order.createdAt, dueOn)}
      </h3>
      <p className="mt-2 text-sm">
        Balance due: <span className="font-semibold tabular-nums">{formatCents(balanceCents)}</span>
        {order.paymentStatus.paidCents > 0 && ` (${formatCents(order.paymentStatus.paidCents)} received)`}. Please pay
        by {formatDate(dueOn)}, with {order.number} as the reference.
      </p>
      {order.payment.kind && order.payment.payee && (
        <PayeeDetails kind={order.payment.kind} payee={order.payment.payee} className="mt-3 sm:max-w-xl" />
      )}
    </section>
  );
}

/** Where the parcel is: the carrier, its tracking number and the carrier's tracking page. */
function Tracking({ shipment }: { shipment: NonNullable<Order["shipment"]> }) {
  return (
    <section aria-labelledby="order-tracking" className={panel}>
      <h3 id="order-tracking" className="flex items-center gap-2 font-semibold">
        <Truck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        Tracking
      </h3>
      <p className="mt-2 text-sm">
        Shipped with {shipment.carrier}, tracking number{" "}
        <span className="font-medium tabular-nums">{shipment.trackingNumber}</span>.
      </p>
      {/* noreferrer: the carrier need not learn this page's address. */}
      <a
        href={shipment.trackingUrl}
        rel="noreferrer"
        className={buttonClass({ variant: "secondary", className: "mt-4" })}
      >
        Track your parcel with {shipment.carrier}
      </a>
    </section>
  );
}

function Lines({ order }: { order: Order }) {
  return (
    <Panel title="Items">
      <ul className="mt-3 divide-y divide-line">
        {order.lines.map((line) => (
          <li key={`${line.variantId}:${line.unit}`} className="flex items-start justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-medium">{lineName(line)}</p>
              <p className="mt-0.5 text-muted text-sm">
                SKU {line.sku} · {line.quantity} × {formatCents(line.unitPriceCents)} per {line.unit}
              </p>
            </div>
            <p className="shrink-0 font-medium tabular-nums">{formatCents(line.lineTotalCents)}</p>
          </li>
        ))}
      </ul>
      <OrderTotals figures={order} className="border-line border-t pt-4" />
    </Panel>
  );
}

function Timeline({ order }: { order: Order }) {
  return (
    <Panel title="Timeline">
      <ol className="mt-4 space-y-4">
        {order.events.map((event, index) => (
          <li key={`${event.at}:${event.status}`} className="relative flex gap-3 pl-1">
            {index < order.events.length - 1 && (
              <span aria-hidden="true" className="absolute top-4 bottom-[-1.375rem] left-[0.5625rem] w-px bg-line" />
            )}
            <span
              aria-hidden="true"
              className={`relative mt-1.5 size-2.5 shrink-0 rounded-full ${
                index === order.events.length - 1 ? "bg-brand-600" : "bg-gray-300"
              }`}
            />
            <div>
              <p className="font-medium">{orderStatusLabels[event.status]}</p>
              <p className="text-muted text-sm">
                <time dateTime={event.at}>{formatDate(event.at)}</time>
                {event.note && <> · {event.note}</>}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** Where the payment stands; its instructions are in How to pay while they matter. */
const paymentState: Record<Order["status"], string> = {
  verification_pending: "Nothing is due yet: we ask for payment once your ID is checked.",
  awaiting_payment: "Awaiting your payment: see How to pay above.",
  paid: "Your payment has arrived. Thank you.",
  processing: "Your payment has arrived. Thank you.",
  shipped: "Your payment has arrived. Thank you.",
  delivered: "Your payment has arrived. Thank you.",
  ready_for_pickup: "Your payment has arrived. Thank you.",
  picked_up: "Your payment has arrived. Thank you.",
  cancelled: "Nothing is due: the order was cancelled.",
  refunded: "Your payment was refunded.",
};

/**
 * One of the buyer's orders: how to pay while it waits, the tracking once shipped, its lines and
 * totals, where it goes, and its timeline.
 */
export default function OrderPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { order, placed, identity } = loaderData;
  const orderPath = href("/account/orders/:number", { number: order.number });
  const { shippingAddress: address } = order;
  const awaitingPayment = order.status === "awaiting_payment";
  const pending = order.status === "verification_pending";
  const idAnswer = answer && "identity" in answer ? (answer as IdAnswer) : null;
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const [asking, setAsking] = useState(false);
  const status: Status | null = !answer
    ? null
    : "cancelled" in answer
      ? { kind: "success", text: answer.cancelled }
      : "failed" in answer
        ? { kind: "error", text: answer.failed }
        : idAnswer?.identity === "sent" && idAnswer.step.verified
          ? { kind: "success", text: "Thank you: your ID is verified. Please pay as described below." }
          : null;
  // Right after the checkout the thank-you takes focus; after cancelling, the order's heading does
  // (the Cancel order button is gone), once the dialog has closed.
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (placed) thanksRef.current?.focus();
  }, [placed]);
  // The action's answer closes the dialog; then the heading takes focus.
  useEffect(() => {
    if (answer) setAsking(false);
  }, [answer]);
  useEffect(() => {
    if (answer && !asking) headingRef.current?.focus();
  }, [answer, asking]);

  async function cancel() {
    await submit(null, { method: "post", action: orderPath, preventScrollReset: true });
  }

  return (
    <div className="space-y-6">
      <Link
        to={href("/account/orders")}
        className="inline-flex items-center gap-1.5 rounded-full font-medium text-muted text-sm hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All orders
      </Link>

      {placed && pending && (
        <section
          aria-labelledby="order-thanks"
          className="flex gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-brand-900 sm:p-6"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-brand-700" />
          <div>
            <h2 id="order-thanks" ref={thanksRef} tabIndex={-1} className="font-bold text-xl outline-none">
              Your order <span className="whitespace-nowrap">{order.number}</span> is placed, waiting for your ID
            </h2>
            <p className="mt-2 leading-relaxed">
              We have set its items aside for you. One step is left before you pay: a photo of your ID, below.
            </p>
          </div>
        </section>
      )}

      {placed && awaitingPayment && (
        <section
          aria-labelledby="order-thanks"
          className="flex gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-brand-900 sm:p-6"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-brand-700" />
          <div>
            <h2 id="order-thanks" ref={thanksRef} tabIndex={-1} className="font-bold text-xl outline-none">
              Thank you — your order <span className="whitespace-nowrap">{order.number}</span> is placed
            </h2>
            <p className="mt-2 leading-relaxed">
              We have set its items aside for you. What to do next: pay {formatCents(order.totalCents)} with{" "}
              {order.payment.name} as described below, with your order number{" "}
              <span className="whitespace-nowrap">{order.number}</span> as the reference, by{" "}
              {formatDate(order.payment.payBy)}.{" "}
              {order.fulfilment === "pickup"
                ? "Once your payment has arrived we get it ready and e-mail you when you can pick it up"
                : "We ship as soon as your payment has arrived"}
              , and you can follow your order here under My Orders.
            </p>
          </div>
        </section>
      )}

      {placed && order.payment.dueOn && !awaitingPayment && (
        <section
          aria-labelledby="order-thanks"
          className="flex gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-brand-900 sm:p-6"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-brand-700" />
          <div>
            <h2 id="order-thanks" ref={thanksRef} tabIndex={-1} className="font-bold text-xl outline-none">
              Thank you — your order <span className="whitespace-nowrap">{order.number}</span> is placed on terms
            </h2>
            <p className="mt-2 leading-relaxed">
              {order.fulfilment === "pickup"
                ? "We get it ready now and e-mail you when you can pick it up."
                : "We pack and ship it now."}{" "}
              Pay {formatCents(order.totalCents)} by {formatDate(order.payment.dueOn)}, with your order number{" "}
              <span className="whitespace-nowrap">{order.number}</span> as the reference; you can follow your order here
              under My Orders.
            </p>
          </div>
        </section>
      )}

      <section aria-labelledby="order-title" className="space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="order-title" ref={headingRef} tabIndex={-1} className="font-semibold text-xl outline-none">
                Order {order.number}
              </h2>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 text-muted text-sm">Placed {formatDate(order.createdAt)}</p>
          </div>
          {(awaitingPayment || pending) && (
            // Without the page's script the form cancels at once; with it, the dialog asks first.
            <Form
              method="post"
              action={orderPath}
              preventScrollReset
              onSubmit={(event) => {
                event.preventDefault();
                setAsking(true);
              }}
            >
              <Button type="submit" variant="danger" disabled={busy}>
                Cancel order
              </Button>
            </Form>
          )}
        </div>
        {status && <StatusMessage status={status} />}

        {pending && identity && <IdentityStepPanel step={identity} action={orderPath} answer={idAnswer} />}
        {awaitingPayment && <HowToPay order={order} />}
        {order.payment.dueOn &&
          order.paymentStatus.paidCents < order.totalCents &&
          order.status !== "cancelled" &&
          order.status !== "refunded" && <TermsDue order={order} />}
        {order.shipment && <Tracking shipment={order.shipment} />}
        <Lines order={order} />
        <div className="grid gap-6 md:grid-cols-2">
          <Panel title={order.fulfilment === "pickup" ? "Pick it up at" : "Shipping address"}>
            <AddressLines address={address} withName className="mt-2 text-muted" />
            {order.fulfilment === "pickup" && (
              <p className="mt-2 text-sm">Bring a photo ID: we check it before we hand over your order.</p>
            )}
            {order.requirements.includes("adult_signature_21") && (
              <p className="mt-2 text-sm">
                An adult aged 21 or older must show ID and sign for this parcel when it is delivered.
              </p>
            )}
          </Panel>
          <Panel title="Payment">
            <p className="mt-2 font-medium text-sm">{order.payment.name}</p>
            <p className="mt-1 text-muted text-sm leading-relaxed">
              {order.paymentStatus.state === "authorized"
                ? `${formatCents(order.paymentStatus.authorizedCents)} is held on your card; it is charged when we ship the order.`
                : order.payment.dueOn && order.status !== "cancelled" && order.status !== "refunded"
                  ? order.paymentStatus.paidCents >= order.totalCents
                    ? "Paid in full. Thank you."
                    : `On terms: ${formatCents(order.totalCents - order.paymentStatus.paidCents)} due by ${formatDate(order.payment.dueOn)}.`
                  : paymentState[order.status]}
            </p>
          </Panel>
        </div>
        <Timeline order={order} />
      </section>

      <ConfirmDialog
        open={asking}
        title={`Cancel order ${order.number}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busyLabel="Cancelling..."
        busy={busy}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={cancel}
      >
        <p>
          Its items go back on sale and the order cannot be paid any more. Do not send a payment for it. You can place a
          new order at any time.
        </p>
      </ConfirmDialog>
    </div>
  );
}
