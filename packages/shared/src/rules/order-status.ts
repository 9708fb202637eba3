import type { OrderStatus } from "../constants/orders.ts";

/** What staff (or the buyer, for `cancel`) can do to an order. */
export type OrderAction = "record_payment" | "start_processing" | "ship" | "deliver" | "cancel" | "refund";

/**
 * The order's state machine (DESIGN.md §6): from which statuses each action may start, and where it
 * leads. Cancelling is for orders not yet shipped (their stock goes back); a refund is for money
 * received (stock goes back only if the goods never left).
 */
export const ORDER_ACTIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  record_payment: { from: ["awaiting_payment"], to: "paid" },
  start_processing: { from: ["paid"], to: "processing" },
  ship: { from: ["paid", "processing"], to: "shipped" },
  deliver: { from: ["shipped"], to: "delivered" },
  cancel: { from: ["awaiting_payment", "paid", "processing"], to: "cancelled" },
  refund: { from: ["paid", "processing", "shipped", "delivered"], to: "refunded" },
};

/** Whether the goods of an order in this status are still in the shop (so cancelling returns them). */
export function stockStillHeld(status: OrderStatus): boolean {
  return status === "awaiting_payment" || status === "paid" || status === "processing";
}

/** The actions an order in `status` allows, in the order a dashboard offers them. */
export function allowedActions(status: OrderStatus): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter((action) => ORDER_ACTIONS[action].from.includes(status));
}

const actionWords: Record<OrderAction, string> = {
  record_payment: "record a payment for",
  start_processing: "start processing",
  ship: "ship",
  deliver: "mark as delivered",
  cancel: "cancel",
  refund: "refund",
};

/** Why an action is refused, in words: "Order 7K3M-9QX2 is shipped: it cannot be cancelled." */
export function actionRefusal(number: string, statusWord: string, action: OrderAction): string {
  return `Order ${number} is ${statusWord}: you cannot ${actionWords[action]} it now.`;
}

/** Carriers the shop ships with, and where a buyer follows a parcel. */
export const CARRIERS = {
  USPS: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  UPS: "https://www.ups.com/track?tracknum=",
  FedEx: "https://www.fedex.com/fedextrack/?trknbr=",
  DHL: "https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=",
} as const;
export type Carrier = keyof typeof CARRIERS;

export function trackingUrl(carrier: Carrier, trackingNumber: string): string {
  return `${CARRIERS[carrier]}${encodeURIComponent(trackingNumber)}`;
}
