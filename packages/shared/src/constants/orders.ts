/** An order's life (DESIGN.md §6): the statuses and the words the pages show for them. */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "processing",
  "shipped",
  "delivered",
  "ready_for_pickup",
  "picked_up",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderStatusLabels: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  ready_for_pickup: "Ready for pickup",
  picked_up: "Picked up",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** How an order reaches the buyer: shipped to an address, or picked up at the shop's store. */
export const FULFILMENTS = ["ship", "pickup"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** The IDs staff accept at the counter before handing over a pickup order (the order records which). */
export const ID_DOCUMENTS = {
  drivers_license: "Driver's license",
  state_id: "State ID card",
  passport: "Passport",
  military_id: "Military ID",
} as const;
export type IdDocument = keyof typeof ID_DOCUMENTS;

/** Lines one order may have. */
export const ORDER_MAX_LINES = 50;

/** The payment methods a new shop offers until staff change them (Settings). */
export const DEFAULT_PAYMENT_METHODS = [
  {
    id: "bank-transfer",
    name: "Bank transfer",
    instructions:
      "Transfer the total to the shop's bank account shown on your order confirmation. Write your order number as the reference; we ship once the money has arrived.",
    enabled: true,
  },
  {
    id: "zelle",
    name: "Zelle",
    instructions:
      "Send the total with Zelle to the shop's e-mail address shown on your order confirmation, with your order number in the memo.",
    enabled: true,
  },
  {
    id: "money-order",
    name: "Money order",
    instructions:
      "Mail a US Postal Service money order for the total to the shop's address, with your order number written on it.",
    enabled: true,
  },
] as const;

/**
 * Orders that count as sales in the reports and the dashboard (decision 055): paid for and not
 * cancelled or refunded. An order awaiting payment is not money yet; a refunded one gave it back.
 */
export const SALES_STATUSES = [
  "paid",
  "processing",
  "shipped",
  "delivered",
  "ready_for_pickup",
  "picked_up",
] as const satisfies readonly OrderStatus[];
