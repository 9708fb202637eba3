import {
  type Adjustment,
  adjustmentAmountText,
  formatCents,
  type MailTemplateKind,
  type OrderLine,
  type PaymentKind,
  type PaymentPayee,
  type RuleRequirement,
  type ShippingAddress,
  US_STATES,
} from "@shop/shared";
import { formatDate, payByWords, payeeLines, variantName } from "@shop/shared/rules";
import type { MailValues } from "../mail/render-template.ts";
import type { TemplatedMail } from "../mail/template-service.ts";

/** What every order e-mail needs to know of its order. */
export interface OrderMailFacts {
  to: string;
  name: string;
  number: string;
  /** The order's page in the buyer's account. */
  url: string;
  totalCents: number;
  /** Picked up at the store rather than shipped. */
  pickup: boolean;
  /** Where it ships, or the store a pickup order waits at. */
  address: ShippingAddress;
}

/** An address on one line: "Smoke & Leaf, 400 Congress Ave, Austin, Texas 78701". */
const oneLine = (address: ShippingAddress) =>
  [address.fullName, address.line1, address.line2, `${address.city}, ${US_STATES[address.state]} ${address.zip}`]
    .filter(Boolean)
    .join(", ");

const unitWord = (line: Pick<OrderLine, "unit" | "quantity">) =>
  line.unit === "box" ? (line.quantity === 1 ? "box" : "boxes") : line.quantity === 1 ? "piece" : "pieces";

/**
 * An order e-mail to the buyer: the placeholders every order e-mail has, then those of its kind.
 * The words around them are the shop's template (mail/template-kinds.ts has the defaults);
 * sentences that depend on the order are values here.
 */
function orderLetter(template: MailTemplateKind, order: OrderMailFacts, values: MailValues): TemplatedMail {
  return {
    template,
    to: order.to,
    values: {
      firstName: order.name.split(" ")[0] || "there",
      orderNumber: order.number,
      orderUrl: order.url,
      total: formatCents(order.totalCents),
      ...values,
    },
  };
}

/** The payee details and the amount as the e-mail's table rows; a mailing address on one line. */
function payeeRows(kind: PaymentKind, payee: PaymentPayee, totalCents: number): [string, string][] {
  const rows = payeeLines(kind, payee).map(([label, value]): [string, string] => [
    label,
    value.replace(/\s*\n+\s*/g, ", "),
  ]);
  return [...rows, ["Amount", formatCents(totalCents)]];
}

/**
 * The e-mails' one account of an order's money: each line, the subtotal, every adjustment as it
 * was priced (a tax that came to nothing is left out), the total.
 */
export function totalRows(
  lines: readonly OrderLine[],
  adjustments: readonly Adjustment[],
  totalCents: number,
): [string, string][] {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return [
    ...lines.map((line): [string, string] => [
      `${variantName(
        line.name,
        line.options.map((option) => option.value),
      )} — ${line.quantity} ${unitWord(line)}`,
      formatCents(line.lineTotalCents),
    ]),
    ["Subtotal", formatCents(subtotal)],
    ...adjustments
      .filter((adjustment) => adjustment.amountCents !== 0 || adjustment.kind === "shipping")
      .map((adjustment): [string, string] => [adjustment.label, adjustmentAmountText(adjustment)]),
    ["Total", formatCents(totalCents)],
  ];
}

/** "Payment is due by December 30, 2026 (on terms).": an order on terms' due day in its e-mail. */
function termsDueLetterWords(dueOn: string): string {
  return `Payment is due by ${formatDate(dueOn)} (on terms).`;
}

/** The confirmation: lines, totals, where it goes, how to pay, to whom and by when. */
export function orderPlacedLetter(
  order: OrderMailFacts,
  details: {
    lines: readonly OrderLine[];
    adjustments: readonly Adjustment[];
    paymentName: string;
    instructions: string;
    kind: PaymentKind;
    payee: PaymentPayee;
    /** The day (YYYY-MM-DD) the order must be paid by. */
    payBy: string;
    /** An order on terms: the day its payment is due (it ships first, and is never cancelled unpaid). */
    dueOn?: string | null;
    /** The store a pickup order waits at; null when it ships. */
    pickupAt: ShippingAddress | null;
  },
): TemplatedMail {
  const payee = payeeRows(details.kind, details.payee, order.totalCents);
  const payBy = details.dueOn ? termsDueLetterWords(details.dueOn) : payByWords(details.payBy);
  const letter = orderLetter("order_placed", order, {
    lines: totalRows(details.lines, details.adjustments, order.totalCents),
    shippingAddress: details.pickupAt
      ? `Pick it up at: ${oneLine(details.pickupAt)}`
      : `Ships to: ${oneLine(order.address)}`,
    paymentMethod: details.paymentName,
    paymentInstructions: details.instructions,
    payee,
    payBy,
    nextStep: details.dueOn
      ? details.pickupAt
        ? `We get your order ready at ${oneLine(details.pickupAt)} now and e-mail you when it is ready to pick up; pay by the due day.`
        : "We pack and ship your order now, on your terms; pay by the due day."
      : details.pickupAt
        ? `We hold your items for you at ${oneLine(details.pickupAt)} and e-mail you once your payment has arrived and the order is ready to pick up.`
        : "We hold your items for you and ship once your payment has arrived.",
  });
  // The buyer cannot pay without these: a template saved without them still carries them.
  return {
    ...letter,
    essential: {
      payee: `Send the money to: ${payee.map(([label, value]) => `${label}: ${value}`).join("; ")}.`,
      payBy,
    },
  };
}

export function paymentReceivedLetter(order: OrderMailFacts): TemplatedMail {
  return orderLetter("payment_received", order, {
    readyTo: order.pickup ? "pick up" : "ship",
    nextStep: order.pickup
      ? "We will e-mail you again once it is ready to pick up."
      : "We will e-mail you again with the tracking number once it ships.",
  });
}

/** The shipped e-mail's own line for an order a rule asks an adult signature for (docs/decisions/045). */
export const ADULT_SIGNATURE_NOTICE =
  "Adult signature 21+ required: the carrier will hand this parcel only to an adult aged 21 or older who shows ID and signs for it.";

export function orderShippedLetter(
  order: OrderMailFacts,
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string },
  requirements: readonly RuleRequirement[],
): TemplatedMail {
  return {
    ...orderLetter("order_shipped", order, {
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
      shippingAddress: `Ships to: ${oneLine(order.address)}`,
    }),
    required: requirements.includes("adult_signature_21") ? [ADULT_SIGNATURE_NOTICE] : [],
  };
}

/** Delivered (staff marked it so): where, and whom to write if something is wrong. */
export function orderDeliveredLetter(order: OrderMailFacts): TemplatedMail {
  return orderLetter("order_delivered", order, { shippingAddress: `Delivered to: ${oneLine(order.address)}` });
}

export function orderCancelledLetter(order: OrderMailFacts, paid: boolean, unpaidForDays?: number): TemplatedMail {
  return orderLetter("order_cancelled", order, {
    cancellation: unpaidForDays
      ? `Your order ${order.number} is cancelled: its payment had not arrived ${unpaidForDays} days after you placed it, so we put its items back on sale.`
      : `Your order ${order.number} is cancelled and will not be ${order.pickup ? "handed over" : "shipped"}.`,
    moneyBack: paid
      ? "You paid for it already: we will send your money back and e-mail you when we have."
      : "Nothing was paid, so there is nothing more to do.",
  });
}

export function orderRefundedLetter(order: OrderMailFacts, amountCents: number, method: string): TemplatedMail {
  return orderLetter("order_refunded", order, { amount: formatCents(amountCents), method });
}

/** A pickup order waits at the store: where, when, and the ID to bring. */
export function readyForPickupLetter(
  order: OrderMailFacts,
  store: ShippingAddress,
  hours: string | null,
): TemplatedMail {
  return orderLetter("ready_for_pickup", order, {
    storeAddress: oneLine(store),
    openingHours: hours ? `Opening hours: ${hours}.` : "",
  });
}
