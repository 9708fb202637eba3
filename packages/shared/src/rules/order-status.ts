import type { Fulfilment, OrderStatus } from "../constants/orders.ts";

/** What staff (or the buyer, for `cancel`) can do to an order. */
export type OrderAction =
  | "record_payment"
  | "start_processing"
  | "ship"
  | "deliver"
  | "mark_ready"
  | "hand_over"
  | "cancel"
  | "refund";

/**
 * The order's state machine (docs/decisions/032 and 037): from which statuses each action may
 * start, where it leads, and whether it is only for shipped or only for picked-up orders.
 * Cancelling is for orders whose goods are still in the shop (their stock goes back); a refund is
 * for money received (stock goes back only if the goods never left).
 */
export const ORDER_ACTIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus; only?: Fulfilment }> =
  {
    record_payment: { from: ["awaiting_payment"], to: "paid" },
    start_processing: { from: ["paid"], to: "processing" },
    ship: { from: ["paid", "processing"], to: "shipped", only: "ship" },
    deliver: { from: ["shipped"], to: "delivered", only: "ship" },
    mark_ready: { from: ["paid", "processing"], to: "ready_for_pickup", only: "pickup" },
    hand_over: { from: ["ready_for_pickup"], to: "picked_up", only: "pickup" },
    cancel: {
      from: ["verification_pending", "awaiting_payment", "paid", "processing", "ready_for_pickup"],
      to: "cancelled",
    },
    refund: { from: ["paid", "processing", "shipped", "delivered", "ready_for_pickup", "picked_up"], to: "refunded" },
  };

/** Whether the goods of an order in this status are still in the shop (so cancelling returns them). */
export function stockStillHeld(status: OrderStatus): boolean {
  return ["verification_pending", "awaiting_payment", "paid", "processing", "ready_for_pickup"].includes(status);
}

/** Whether `action` fits an order of this fulfilment (a pickup order is never shipped, and so on). */
export function actionFits(action: OrderAction, fulfilment: Fulfilment): boolean {
  const only = ORDER_ACTIONS[action].only;
  return only === undefined || only === fulfilment;
}

/** The actions an order in `status` allows, in the order a dashboard offers them. */
export function allowedActions(status: OrderStatus, fulfilment: Fulfilment): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter(
    (action) => ORDER_ACTIONS[action].from.includes(status) && actionFits(action, fulfilment),
  );
}

const actionWords: Record<OrderAction, string> = {
  record_payment: "record a payment for it",
  start_processing: "start processing it",
  ship: "ship it",
  deliver: "mark it as delivered",
  mark_ready: "mark it ready for pickup",
  hand_over: "hand it over",
  cancel: "cancel it",
  refund: "refund it",
};

/** Why an action is refused, in words: "Order 7K3M-9QX2 is shipped: you cannot cancel it now." */
export function actionRefusal(number: string, statusWord: string, action: OrderAction): string {
  return `Order ${number} is ${statusWord}: you cannot ${actionWords[action]} now.`;
}

/** Why an action does not fit the way the order reaches the buyer, in words. */
export function fulfilmentRefusal(number: string, fulfilment: Fulfilment): string {
  return fulfilment === "pickup"
    ? `Order ${number} is for pickup at the store: it is not shipped.`
    : `Order ${number} ships to the buyer: it is not picked up at the store.`;
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
