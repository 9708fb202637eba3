import { formatCents, type OrderLine, type ShippingAddress, US_STATES } from "@shop/shared";
import { letter } from "../mail/letter.ts";
import type { MailMessage } from "../mail/service.ts";

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
}

/** An address on one line: "Smoke & Leaf, 400 Congress Ave, Austin, Texas 78701". */
const oneLine = (address: ShippingAddress) =>
  [address.fullName, address.line1, address.line2, `${address.city}, ${US_STATES[address.state]} ${address.zip}`]
    .filter(Boolean)
    .join(", ");

const greeting = (name: string) => `Hello ${name.split(" ")[0] || "there"},`;
const unitWord = (line: Pick<OrderLine, "unit" | "quantity">) =>
  line.unit === "box" ? (line.quantity === 1 ? "box" : "boxes") : line.quantity === 1 ? "piece" : "pieces";

/** The confirmation: lines, totals, and how to pay. */
export function orderPlacedLetter(
  order: OrderMailFacts,
  details: {
    lines: OrderLine[];
    subtotalCents: number;
    shippingCents: number;
    taxCents: number;
    paymentName: string;
    instructions: string;
    /** The store a pickup order waits at; null when it ships. */
    pickupAt: ShippingAddress | null;
  },
): MailMessage {
  return letter({
    to: order.to,
    subject: `Order ${order.number} is placed — please pay with ${details.paymentName}`,
    greeting: greeting(order.name),
    paragraphs: [`Thank you for your order ${order.number}. Here is what you ordered:`],
    table: [
      ...details.lines.map((line): [string, string] => [
        `${line.name} — ${line.quantity} ${unitWord(line)}`,
        formatCents(line.lineTotalCents),
      ]),
      ["Subtotal", formatCents(details.subtotalCents)],
      details.pickupAt
        ? ["Pickup in store", "Free"]
        : ["Shipping", details.shippingCents === 0 ? "Free" : formatCents(details.shippingCents)],
      ...(details.taxCents > 0 ? [["Sales tax", formatCents(details.taxCents)] as [string, string]] : []),
      ["Total", formatCents(order.totalCents)],
    ],
    action: { label: "See your order", url: order.url },
    after: [
      `How to pay (${details.paymentName}): ${details.instructions}`,
      details.pickupAt
        ? `Your order number is ${order.number}. We hold your items for you at ${oneLine(details.pickupAt)} and e-mail you once your payment has arrived and the order is ready to pick up.`
        : `Your order number is ${order.number}. We hold your items for you and ship once your payment has arrived.`,
    ],
  });
}

export function paymentReceivedLetter(order: OrderMailFacts): MailMessage {
  return letter({
    to: order.to,
    subject: `Payment received for order ${order.number}`,
    greeting: greeting(order.name),
    paragraphs: [
      `We have received your payment of ${formatCents(order.totalCents)} for order ${order.number}. We are getting it ready to ${order.pickup ? "pick up" : "ship"}.`,
    ],
    action: { label: "See your order", url: order.url },
    after: [
      order.pickup
        ? "We will e-mail you again once it is ready to pick up."
        : "We will e-mail you again with the tracking number once it ships.",
    ],
  });
}

export function orderShippedLetter(
  order: OrderMailFacts,
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string },
): MailMessage {
  return letter({
    to: order.to,
    subject: `Order ${order.number} has shipped`,
    greeting: greeting(order.name),
    paragraphs: [
      `Your order ${order.number} is on its way with ${shipment.carrier}, tracking number ${shipment.trackingNumber}.`,
      "An adult must sign for age-restricted goods: please have your ID ready when it arrives.",
    ],
    action: { label: `Track it with ${shipment.carrier}`, url: shipment.trackingUrl },
    after: [`Your order: ${order.url}`],
  });
}

export function orderCancelledLetter(order: OrderMailFacts, paid: boolean, unpaidForDays?: number): MailMessage {
  return letter({
    to: order.to,
    subject: `Order ${order.number} is cancelled`,
    greeting: greeting(order.name),
    paragraphs: [
      unpaidForDays
        ? `Your order ${order.number} is cancelled: its payment had not arrived ${unpaidForDays} days after you placed it, so we put its items back on sale.`
        : `Your order ${order.number} is cancelled and will not be ${order.pickup ? "handed over" : "shipped"}.`,
      paid
        ? "You paid for it already: we will send your money back and e-mail you when we have."
        : "Nothing was paid, so there is nothing more to do.",
    ],
    action: { label: "See your order", url: order.url },
    after: ["Questions? Answer this e-mail or write to us from the Contact Us page."],
  });
}

export function orderRefundedLetter(order: OrderMailFacts, amountCents: number, method: string): MailMessage {
  return letter({
    to: order.to,
    subject: `Refund for order ${order.number}`,
    greeting: greeting(order.name),
    paragraphs: [`We have sent you ${formatCents(amountCents)} for order ${order.number} by ${method}.`],
    action: { label: "See your order", url: order.url },
    after: ["Depending on the method it can take a few days to reach you."],
  });
}

/** A pickup order waits at the store: where, when, and the ID to bring. */
export function readyForPickupLetter(order: OrderMailFacts, store: ShippingAddress, hours: string | null): MailMessage {
  return letter({
    to: order.to,
    subject: `Order ${order.number} is ready for pickup`,
    greeting: greeting(order.name),
    paragraphs: [
      `Your order ${order.number} is ready for you at ${oneLine(store)}.`,
      ...(hours ? [`Opening hours: ${hours}.`] : []),
      "Please bring a government-issued photo ID (driver's license, state ID card, passport or military ID): we check it before we hand over age-restricted goods, and only to the person who ordered.",
    ],
    action: { label: "See your order", url: order.url },
    after: [`Your order number is ${order.number}: tell it at the counter.`],
  });
}
