/**
 * An order's life (docs/decisions/032): the statuses and the words the pages show for them. An
 * order whose buyer the identity check did not match waits in verification_pending for a photo of
 * their ID (docs/decisions/099), then goes on to awaiting_payment.
 */
export const ORDER_STATUSES = [
  "verification_pending",
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
  verification_pending: "Identity check pending",
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
export const fulfilmentLabels: Record<Fulfilment, string> = { ship: "Ship", pickup: "Pickup in store" };

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

/**
 * The kinds of payment: the manual ones say which payee details the buyer needs to pay (docs/decisions/078);
 * "card" is paid through the card gateway's hosted form (docs/decisions/101) and needs none.
 */
export const PAYMENT_KINDS = ["bank_transfer", "zelle", "money_order", "card"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const paymentKindLabels: Record<PaymentKind, string> = {
  bank_transfer: "Bank transfer",
  zelle: "Zelle",
  money_order: "Money order",
  card: "Card",
};

/** Where the buyer sends the money; which of these a method needs follows its kind (PAYEE_FIELDS). */
export interface PaymentPayee {
  /** The account holder, the name on Zelle, or whom a money order is made out to. */
  name: string;
  bankName: string;
  routingNumber: string;
  accountNumber: string;
  /** The e-mail address or U.S. mobile number the shop's Zelle account uses. */
  zelle: string;
  /** Where a money order is mailed, on one or more lines. */
  mailingAddress: string;
}
export type PayeeField = keyof PaymentPayee;

/** The payee details each kind needs, in the order they are asked for and shown. */
export const PAYEE_FIELDS: Record<PaymentKind, readonly PayeeField[]> = {
  bank_transfer: ["name", "bankName", "routingNumber", "accountNumber"],
  zelle: ["zelle", "name"],
  money_order: ["name", "mailingAddress"],
  card: [],
};

/** Each payee field's label for a kind, in the Settings form and wherever the details are shown. */
export const PAYEE_LABELS: Record<PaymentKind, Partial<Record<PayeeField, string>>> = {
  bank_transfer: {
    name: "Account name",
    bankName: "Bank",
    routingNumber: "Routing number",
    accountNumber: "Account number",
  },
  zelle: { zelle: "Zelle e-mail or phone", name: "Name on Zelle" },
  money_order: { name: "Pay to the order of", mailingAddress: "Mail it to" },
  card: {},
};

export const NO_PAYEE: PaymentPayee = {
  name: "",
  bankName: "",
  routingNumber: "",
  accountNumber: "",
  zelle: "",
  mailingAddress: "",
};

/**
 * The payment methods a new shop has until staff change them (Settings): off, since the buyer
 * could not pay without the shop's payee details, which only staff can give (docs/decisions/078).
 */
export const DEFAULT_PAYMENT_METHODS = [
  {
    id: "bank-transfer",
    kind: "bank_transfer",
    name: "Bank transfer",
    instructions:
      "Transfer the total to the bank account below. Write your order number as the reference; we ship once the money has arrived.",
    payee: NO_PAYEE,
    enabled: false,
  },
  {
    id: "zelle",
    kind: "zelle",
    name: "Zelle",
    instructions: "Send the total with Zelle to the recipient below, with your order number in the memo.",
    payee: NO_PAYEE,
    enabled: false,
  },
  {
    id: "money-order",
    kind: "money_order",
    name: "Money order",
    instructions:
      "Mail a US Postal Service money order for the total to the address below, with your order number written on it.",
    payee: NO_PAYEE,
    enabled: false,
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
