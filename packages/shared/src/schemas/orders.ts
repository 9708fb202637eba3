import { z } from "zod";
import { JURISDICTION_LEVELS, REGULATORY_CLASSES, RULE_EFFECTS, RULE_REQUIREMENTS } from "../constants/compliance.ts";
import {
  FULFILMENTS,
  ID_DOCUMENTS,
  type IdDocument,
  ORDER_MAX_LINES,
  ORDER_STATUSES,
  PAYMENT_KINDS,
} from "../constants/orders.ts";
import { TAX_BASES } from "../constants/taxes.ts";
import { ORDER_CHANNELS } from "../constants/wholesale.ts";
import { MAX_LINE_QUANTITY } from "../rules/cart-storage.ts";
import { CARRIERS, type Carrier, ORDER_ACTIONS, type OrderAction } from "../rules/order-status.ts";
import { PAYMENT_RECORD_KINDS, PAYMENT_RECORD_STATUSES, PAYMENT_STATES } from "../rules/payment-state.ts";
import { ADJUSTMENT_KINDS } from "../rules/price.ts";
import { addressInputSchema, addressSchema, US_STATE_CODES } from "./addresses.ts";
import { variantOptionSchema } from "./catalog.ts";
import { idSchema, staffListPage, staffListSearch } from "./common.ts";
import { discountCodeSchema } from "./discounts.ts";
import { paymentPayeeSchema } from "./settings.ts";

const cents = z.int().min(0).describe("US cents");
const carrierNames = Object.keys(CARRIERS) as [Carrier, ...Carrier[]];
const actionNames = Object.keys(ORDER_ACTIONS) as [OrderAction, ...OrderAction[]];
const quantityMessage = `must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;

/**
 * One line of a quote or an order: which product, by the piece or by the box, and how many.
 * Nothing else: prices and totals come from the database, and a request that
 * names one is refused as an unknown field.
 */
export const orderLineInputSchema = z.strictObject({
  productId: idSchema,
  variantId: idSchema
    .optional()
    .describe("Which of the product's variants (a flavour, a strength); left out, the product's own variant"),
  unit: z.enum(["piece", "box"], { error: "must be piece or box" }).default("piece"),
  quantity: z
    .int({ error: quantityMessage })
    .min(1, { error: quantityMessage })
    .max(MAX_LINE_QUANTITY, { error: quantityMessage }),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;

const orderLinesSchema = z
  .array(orderLineInputSchema, { error: "must be a list of lines" })
  .min(1, { error: "must hold at least one line" })
  .max(ORDER_MAX_LINES, { error: `may hold at most ${ORDER_MAX_LINES} lines` })
  .refine(
    (lines) => new Set(lines.map((line) => `${line.variantId ?? line.productId}:${line.unit}`)).size === lines.length,
    { error: "name each variant and unit once" },
  )
  // The product's own variant has the product's id (docs/decisions/093).
  .transform((lines) => lines.map((line) => ({ ...line, variantId: line.variantId ?? line.productId })));

const fulfilmentSchema = z
  .enum(FULFILMENTS, { error: "must be ship or pickup" })
  .default("ship")
  .describe("ship: to an address; pickup: at the shop's store (no fee)");

export const quoteRequestSchema = z.strictObject({
  lines: orderLinesSchema,
  fulfilment: fulfilmentSchema,
  /** Where it ships, for the sales tax and the state's rules; left out, no tax and no rules yet. */
  state: z.enum(US_STATE_CODES, { error: "must be a US state code" }).optional(),
  /** The city and ZIP code, when known, for the rules of a city, a county or a set of ZIP codes. */
  city: z.string({ error: "must be text" }).trim().max(80, { error: "must be at most 80 characters" }).optional(),
  zip: z
    .string({ error: "must be text" })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: "must be a 5-digit ZIP code (or ZIP+4)" })
    .optional(),
  /** A discount code the buyer typed; the quote says what it saves or why it cannot be used. */
  discountCode: discountCodeSchema.optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const orderLineSchema = z
  .object({
    productId: z.string(),
    variantId: z.string(),
    options: z.array(variantOptionSchema).describe("The variant's option values as they were; empty without options"),
    unit: z.enum(["piece", "box"]),
    name: z.string(),
    sku: z.string(),
    unitPriceCents: cents,
    quantity: z.int().min(1),
    /** Pieces one unit takes from stock: 1 for a piece, the pieces in a box for a box. */
    piecesPerUnit: z.int().min(1),
    lineTotalCents: cents,
  })
  .meta({ id: "OrderLine" });
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One amount added to the order or a line, or taken off it (docs/decisions/090). */
export const adjustmentSchema = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS),
    line: z.int().min(0).nullable().describe("The position of the line it belongs to; null for the whole order"),
    label: z.string().describe("What the buyer reads beside the amount"),
    amountCents: z.int().describe("US cents; negative for a discount"),
    basisCents: z.int().nullable().describe("What it was worked out on; null for a fixed sum"),
    rateBasisPoints: z.int().nullable().describe("Its rate (625 = 6.25 %); null for a fixed sum"),
    source: z.string().describe("The code, setting or tax rule it came from"),
    excise: z
      .object({
        ruleId: z.string(),
        ruleVersion: z.int().min(1),
        where: z.string().describe("Where the tax applies, in words"),
        basis: z.enum(TAX_BASES),
        basisMl: z.int().nullable().describe("The millilitres taxed, in thousandths; null unless per millilitre"),
        pieces: z.int().min(0),
        rateUnits: z.int().describe("Thousandths of a cent per ml or unit, or basis points of a percentage"),
        salesTaxOnTop: z.boolean(),
      })
      .nullable()
      .describe("An excise tax's rule and what it was worked out on; null for other kinds"),
  })
  .meta({ id: "Adjustment" });

/** The figures, each the sum of the adjustments of its kind; the total is the lines plus every adjustment. */
const totals = {
  subtotalCents: cents.describe("The lines at their prices"),
  discountCents: cents.describe("What the discount code took off the goods (before tax); 0 without one"),
  shippingCents: cents,
  taxCents: cents,
  exciseCents: cents,
  feesCents: cents,
  totalCents: cents,
  adjustments: z.array(adjustmentSchema).describe("Discount, shipping, taxes and fees, in the order applied"),
};

/** What the jurisdiction rules say of each quoted line where it goes (docs/decisions/050). */
const quoteComplianceSchema = z
  .object({
    lines: z.array(
      z.object({
        allowed: z.boolean().describe("False when a rule bans the line there: the order would be refused"),
        reason: z.string().nullable().describe("Why it is banned, in words a buyer reads; null when allowed"),
        sourceUrl: z.string().nullable().describe("The banning rule's source; null when allowed"),
        minAge: z.int().nullable().describe("The highest minimum age the rules set for the line, or null"),
      }),
    ),
    minAge: z.int().nullable().describe("The order's purchase age from the rules: the lines' highest"),
    requirements: z.array(z.enum(RULE_REQUIREMENTS)).describe("What the rules ask of the shipment"),
  })
  .nullable()
  .describe("The rules' verdict per line, in the lines' order; null without a state");

/** The age that applies to each quoted line, and whether the buyer is too young for it (docs/decisions/079). */
const quoteAgesSchema = z
  .object({
    purchaseMinAge: z.int().describe("The shop's age to buy, which applies to every line"),
    lines: z.array(
      z.object({
        minAge: z.int().describe("The shop's age to buy, or the higher age the rules set for the line where it goes"),
        tooYoung: z
          .boolean()
          .nullable()
          .describe("Whether the signed-in buyer is younger than minAge; null without a buyer's date of birth"),
      }),
    ),
  })
  .describe("By the rules where it goes, or the country's without a state; in the lines' order");

export const orderQuoteSchema = z
  .object({
    lines: z.array(orderLineSchema),
    ...totals,
    taxBasisPoints: z.int().min(0).describe("The state's sales tax rate (625 = 6.25 %); 0 without a state"),
    compliance: quoteComplianceSchema,
    ages: quoteAgesSchema,
    wholesale: z
      .object({
        minimumOrderCents: cents.describe("The shop's wholesale minimum order (goods before tax); 0: none"),
        salesTaxExempt: z.boolean().describe("No sales tax: a resale certificate for the ship-to state is valid today"),
        problem: z
          .string()
          .nullable()
          .describe("Why the order would be refused (below the minimum, no valid licence there), in words; null: none"),
      })
      .nullable()
      .describe("For an approved wholesale account: its order's terms; null for everyone else"),
    discount: z
      .object({
        code: z.string(),
        refusal: z
          .string()
          .nullable()
          .describe("Why the code cannot be used on this cart, in words; null when it applies"),
      })
      .nullable()
      .describe("The code asked for; null without one. A refused code takes nothing off"),
  })
  .meta({ id: "OrderQuote" });
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

/** An approved wholesale account's box prices for variants: `variantIds=a,b,c` (docs/decisions/102). */
export const wholesalePricesQuerySchema = z.strictObject({
  variantIds: z
    .string({ error: "is required: a comma-separated list of variant ids" })
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .pipe(
      z
        .array(idSchema)
        .min(1, { error: "must name at least one variant id" })
        .max(ORDER_MAX_LINES, { error: `may name at most ${ORDER_MAX_LINES} variant ids` }),
    ),
});

export const wholesalePricesSchema = z
  .object({
    items: z
      .array(
        z.object({
          variantId: z.string(),
          boxPriceCents: cents.describe("What one whole box costs this account"),
          piecesPerBox: z.int().min(1).describe("The pieces a box holds: PcsPerPack × PackPerBox"),
        }),
      )
      .describe("The variants asked for that are sold wholesale; a variant without a box price is left out"),
  })
  .meta({ id: "WholesalePrices" });
export type WholesalePrices = z.infer<typeof wholesalePricesSchema>;

/** The address an order ships to, as typed at checkout (the address book's fields). */
export const shippingAddressInputSchema = addressInputSchema.omit({ isDefault: true });

export const BUYER_NOTE_MAX_LENGTH = 500;

/** What a buyer may tell the shop at checkout (delivery instructions and the like); blank is none. */
const buyerNoteSchema = z
  .string({ error: "must be text" })
  .trim()
  .max(BUYER_NOTE_MAX_LENGTH, { error: `must be at most ${BUYER_NOTE_MAX_LENGTH} characters` })
  .optional()
  .describe("Shown to staff and on the packing slip");

export const placeOrderSchema = z
  .strictObject({
    lines: orderLinesSchema,
    fulfilment: fulfilmentSchema,
    /** Where it ships; left out for a pickup order (it waits at the store). */
    shippingAddress: shippingAddressInputSchema.optional(),
    paymentMethodId: z.string({ error: "Please choose how you will pay." }).min(1).max(40),
    buyerNote: buyerNoteSchema,
    discountCode: discountCodeSchema.optional(),
    /**
     * A card payment: the one-time token the card gateway's hosted form gave the browser (the card
     * number never reaches the shop; docs/decisions/101). Needed when the payment method is a card.
     */
    card: z
      .strictObject({
        descriptor: z.string().min(1).max(100),
        value: z.string().min(1).max(8192),
      })
      .optional(),
  })
  .superRefine((order, context) => {
    if (order.fulfilment === "ship" && !order.shippingAddress) {
      context.addIssue({ code: "custom", path: ["shippingAddress"], message: "Please enter the shipping address." });
    }
  });
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** `Idempotency-Key`: the same key sent again answers the same order, so a retry never orders twice. */
export const idempotencyHeadersSchema = z.object({
  "idempotency-key": z
    .string({ error: "is required: a unique key for this order, sent again unchanged when retrying" })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: "must be 8 to 100 letters, digits, '-' or '_'" }),
});

export const orderStatusSchema = z.enum(ORDER_STATUSES).meta({ id: "OrderStatus" });

export const shippingAddressSchema = addressSchema.omit({ id: true, isDefault: true }).meta({ id: "ShippingAddress" });
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const orderSchema = z
  .object({
    number: z.string().describe("Short and readable; not a key to anyone else's order"),
    status: orderStatusSchema,
    email: z.string(),
    fulfilment: z.enum(FULFILMENTS),
    shippingAddress: shippingAddressSchema.describe("Where it ships; for a pickup order, the store it waits at"),
    payment: z.object({
      methodId: z.string(),
      name: z.string(),
      instructions: z.string(),
      kind: z.enum(PAYMENT_KINDS).nullable().describe("null for an order placed before payment kinds"),
      payee: paymentPayeeSchema
        .nullable()
        .describe("Where to send the money, as it was when the order was placed; null before payee details"),
      payBy: z.iso.date().describe("The day (UTC) the order must be paid by, or the unpaid-order job cancels it"),
      dueOn: z.iso
        .date()
        .nullable()
        .describe("An order on terms (docs/decisions/102): the day its payment is due; it is never cancelled unpaid"),
    }),
    paymentStatus: z
      .object({
        state: z.enum(PAYMENT_STATES),
        paidCents: cents.describe("Money taken or recorded as received"),
        refundedCents: cents.describe("Money sent back"),
        authorizedCents: cents.describe("Money held by a card authorization, not yet taken"),
      })
      .describe("What the order's payment records say (docs/decisions/090)"),
    lines: z.array(orderLineSchema),
    ...totals,
    discountCode: z
      .string()
      .nullable()
      .describe("The discount code used, as typed in capitals; discountCents is what it saved"),
    taxBasisPoints: z.int().min(0),
    events: z.array(z.object({ status: orderStatusSchema, at: z.string(), note: z.string().nullable() })),
    shipment: z
      .object({ carrier: z.enum(carrierNames), trackingNumber: z.string(), trackingUrl: z.string() })
      .nullable()
      .describe("Set when the order has shipped"),
    createdAt: z.string(),
    buyerNote: z.string().nullable().describe("What the buyer wrote for the shop at checkout"),
    requirements: z
      .array(z.enum(RULE_REQUIREMENTS))
      .describe("What the jurisdiction rules ask of the delivery, such as an adult signature (21+)"),
    channel: z
      .enum(ORDER_CHANNELS)
      .describe("retail, or wholesale: placed by an approved wholesale account at its box prices"),
  })
  .meta({ id: "Order" });
export type Order = z.infer<typeof orderSchema>;

export const orderNumberParamsSchema = z.strictObject({ number: z.string().min(1).max(40) });

export const orderListSchema = z
  .object({
    items: z.array(
      orderSchema.pick({ number: true, status: true, totalCents: true, createdAt: true }).extend({
        itemCount: z.int().min(0),
        payBy: z.iso.date().nullable().describe("While the order awaits payment: the day it must be paid by"),
      }),
    ),
  })
  .meta({ id: "OrderList" });
export type OrderList = z.infer<typeof orderListSchema>;

// Staff's view and actions (the Order List).

export const ADMIN_ORDERS_PAGE_SIZE = 25;

/** Most orders one bulk action or one CSV of chosen orders names (four pages of the list). */
export const ORDER_BULK_MAX = 100;

/** Order numbers as a query parameter: `numbers=7K3M-9QX2,AB12-CD34`. */
const orderNumbersQuery = z
  .string({ error: "must be a comma-separated list of order numbers" })
  .transform((value) => [
    ...new Set(
      value
        .split(",")
        .map((number) => number.trim().toUpperCase())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.string().max(40, { error: "must be order numbers of at most 40 characters" }))
      .min(1, { error: "must name at least one order" })
      .max(ORDER_BULK_MAX, { error: `may name at most ${ORDER_BULK_MAX} orders` }),
  );

const adminOrderFilters = {
  status: orderStatusSchema.optional(),
  q: staffListSearch(),
  from: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }).optional(),
  to: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }).optional(),
  sort: z
    .enum(["newest", "oldest", "total_desc", "total_asc"], { error: "must be newest, oldest, total_desc or total_asc" })
    .default("newest"),
  customer: idSchema.optional().describe("One customer's orders: their account id"),
  channel: z
    .enum(ORDER_CHANNELS, { error: "must be retail or wholesale" })
    .optional()
    .describe("Retail orders, or approved wholesale accounts' orders (docs/decisions/102); both without"),
};

export const adminOrderListQuerySchema = z.strictObject({ ...adminOrderFilters, page: staffListPage() });
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

/** The Order List's CSV: the chosen orders (`numbers`), or else everything the filters match. */
export const adminOrderCsvQuerySchema = z.strictObject({
  ...adminOrderFilters,
  numbers: orderNumbersQuery
    .optional()
    .describe("The chosen orders, comma-separated; when given, the filters are ignored"),
});
export type AdminOrderCsvQuery = z.input<typeof adminOrderCsvQuerySchema>;

/** A state machine action for several orders at once; each moves on its own or not at all. */
export const bulkOrderActionSchema = z.strictObject({
  numbers: z
    .array(z.string().min(1).max(40), { error: "must be a list of order numbers" })
    .min(1, { error: "Please choose at least one order." })
    .max(ORDER_BULK_MAX, { error: `may name at most ${ORDER_BULK_MAX} orders` }),
  action: z.enum(["start_processing"], { error: "must be start_processing" }),
});
export type BulkOrderAction = z.input<typeof bulkOrderActionSchema>;

export const bulkOrderResultSchema = z
  .object({
    message: z.string().describe("What happened, in words"),
    moved: z.array(z.string()).describe("The orders the action moved"),
    refused: z
      .array(z.object({ number: z.string(), reason: z.string() }))
      .describe("The orders it could not move, each with why; nothing of theirs changed"),
  })
  .meta({ id: "BulkOrderResult" });
export type BulkOrderResult = z.infer<typeof bulkOrderResultSchema>;

export const adminOrderRowSchema = z.object({
  number: z.string(),
  status: orderStatusSchema,
  customerName: z.string(),
  email: z.string(),
  totalCents: cents,
  itemCount: z.int().min(0),
  createdAt: z.string(),
  adultSignatureRequired: z.boolean().describe("A rule asks for an adult signature (21+) on delivery"),
  fulfilment: z.enum(FULFILMENTS).describe("ship: shipped to the buyer; pickup: picked up at the store"),
  paymentMethod: z.string().describe("The payment method the buyer chose, by its name"),
  channel: z.enum(ORDER_CHANNELS).describe("retail, or wholesale: an approved wholesale account's order"),
});

export const adminOrderListSchema = z
  .object({
    items: z.array(adminOrderRowSchema),
    total: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
    counts: z.record(orderStatusSchema, z.int().min(0)).describe("Orders per status, whatever the filters"),
    spentCents: cents
      .nullable()
      .describe("With a customer filter: the money received from them less refunds, over all their orders; else null"),
  })
  .meta({ id: "AdminOrderList" });
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const orderPaymentSchema = z.object({
  kind: z
    .enum(PAYMENT_RECORD_KINDS)
    .describe(
      "payment: money taken or recorded; refund: sent back; authorization and void: a card's hold and its release",
    ),
  status: z.enum(PAYMENT_RECORD_STATUSES).describe("Only what succeeded moved money"),
  provider: z.string().describe("Who answered: manual (recorded by staff) or a gateway"),
  amountCents: cents,
  method: z.string(),
  reference: z.string().nullable(),
  receivedOn: z.string(),
  createdAt: z.string(),
});

export const ORDER_NOTE_MAX_LENGTH = 2000;

/** Staff's internal note on an order: who wrote it and when; never shown to the buyer. */
export const orderNoteSchema = z
  .object({ id: z.string(), body: z.string(), authorName: z.string(), createdAt: z.string() })
  .meta({ id: "OrderNote" });
export type OrderNote = z.infer<typeof orderNoteSchema>;

export const addOrderNoteSchema = z.strictObject({
  body: z
    .string({ error: "Please write the note." })
    .trim()
    .min(1, { error: "Please write the note." })
    .max(ORDER_NOTE_MAX_LENGTH, { error: `must be at most ${ORDER_NOTE_MAX_LENGTH} characters` }),
});
export type AddOrderNote = z.input<typeof addOrderNoteSchema>;

const idDocumentNames = Object.keys(ID_DOCUMENTS) as [IdDocument, ...IdDocument[]];

/** How the buyer's age was checked when the order was placed (docs/decisions/045); never edited. */
export const ageEvidenceSchema = z.object({
  method: z
    .enum(["date_of_birth", "verification_provider"])
    .describe("date_of_birth: the account's date of birth; verification_provider: also a third-party check"),
  dateOfBirth: z.string().describe("The date of birth the check used (YYYY-MM-DD)"),
  age: z.int().describe("The buyer's age on the day"),
  minAge: z.int().describe("The age the order needed: the shop's, or a rule's if higher"),
  checkedAt: z.string(),
  provider: z.object({ name: z.string(), reference: z.string() }).nullable(),
  identity: z
    .object({
      outcome: z
        .enum(["verified", "remembered", "document_needed", "not_checked"])
        .describe(
          "verified: the provider matched the buyer now; remembered: an earlier match within the shop's days; document_needed: no match, the order waits for a photo of an ID; not_checked: a line asked for the check and no provider is set up",
        ),
      words: z.string().describe("What staff read: who checked what, when, and the provider's reference"),
      verifiedAt: z.string().nullable().describe("When the match this order rests on was made"),
    })
    .nullable()
    .optional()
    .describe("The identity check (docs/decisions/099); absent on orders placed before it"),
});
export type AgeEvidence = z.infer<typeof ageEvidenceSchema>;

/** One answer of the identity provider kept for an order (docs/decisions/099): never edited. */
export const identityCheckSchema = z.object({
  step: z.enum(["record", "document"]).describe("record: name, date of birth and address; document: a photo of an ID"),
  outcome: z.enum(["verified", "no_match", "refused"]),
  provider: z.string(),
  reference: z.string(),
  detail: z.string().describe("The provider's answer in words"),
  at: z.string(),
});
export type IdentityCheck = z.infer<typeof identityCheckSchema>;

/** Where an order waiting for its buyer's ID stands, as the buyer sees it (docs/decisions/099). */
export const identityStepSchema = z
  .object({
    status: orderStatusSchema,
    verified: z.boolean().describe("Whether the order's buyer has been verified"),
    reason: z.string().nullable().describe("Why the last photo was not accepted, in words; null when none was refused"),
    attemptsLeft: z.int().describe("How many more photos the buyer may send for this order"),
  })
  .meta({ id: "IdentityStep" });
export type IdentityStep = z.infer<typeof identityStepSchema>;

/** What the rules decided for one line when the order was placed (docs/decisions/045); never edited. */
export const lineDecisionSchema = z.object({
  outcome: z.enum(["allowed", "banned"]),
  minAge: z.int().nullable(),
  requirements: z.array(z.enum(RULE_REQUIREMENTS)),
  statements: z.array(z.string()),
  applied: z.array(
    z.object({
      ruleId: z.string(),
      version: z.int(),
      effect: z.enum(RULE_EFFECTS),
      level: z.enum(JURISDICTION_LEVELS),
      regulatoryClass: z.enum(REGULATORY_CLASSES),
      where: z.string().describe("Where the rule applies, in words: United States, Alabama, …"),
      minAge: z.int().nullable().describe("The minimum age this rule set"),
      requirements: z.array(z.enum(RULE_REQUIREMENTS)).describe("What this rule asked of the delivery"),
    }),
  ),
  decidedOn: z.string().describe("The day the rules were read for (YYYY-MM-DD)"),
});
export type LineDecisionEvidence = z.infer<typeof lineDecisionSchema>;

export const adminOrderSchema = orderSchema
  .extend({
    events: z.array(
      z.object({
        status: orderStatusSchema,
        at: z.string(),
        note: z.string().nullable(),
        by: z
          .string()
          .describe(
            "Who made the step: a staff member's name, “the buyer”, or “the shop” (a job, such as cancelling an unpaid order)",
          ),
      }),
    ),
    customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    idCheck: z
      .object({ document: z.enum(idDocumentNames), checkedBy: z.string(), checkedAt: z.string() })
      .nullable()
      .describe("The ID staff checked before handing over a pickup order"),
    payments: z.array(orderPaymentSchema),
    notes: z.array(orderNoteSchema).describe("Staff's internal notes, oldest first; never shown to the buyer"),
    allowedActions: z.array(z.enum(actionNames)),
    buyerLicence: z
      .object({ number: z.string(), state: z.string(), expiresOn: z.string(), businessName: z.string() })
      .nullable()
      .describe("A wholesale order's buyer licence as it was placed under (the PACT report names it); null: retail"),
    evidence: z
      .object({
        age: ageEvidenceSchema.nullable(),
        identityChecks: z
          .array(identityCheckSchema)
          .describe("The identity provider's answers for this order, oldest first"),
        statements: z.array(z.string()).describe("What the rules ask to print on the shipping documents"),
        lines: z.array(
          z.object({
            regulatoryClasses: z.array(z.enum(REGULATORY_CLASSES)),
            brand: z.string().nullable(),
            decision: lineDecisionSchema.nullable(),
          }),
        ),
      })
      .describe(
        "What the rules decided and how the age was checked when the order was placed (null fields: placed before the shop kept them)",
      ),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const reference = z.string().trim().max(100, { error: "must be at most 100 characters" }).optional();

export const recordPaymentSchema = z.strictObject({
  amountCents: z.int({ error: "must be a whole number of cents" }).min(1, { error: "must be more than 0" }),
  method: z.string().trim().min(1, { error: "Please say how it was paid." }).max(60),
  reference,
  receivedOn: z.iso.date({ error: "must be a date (YYYY-MM-DD)" }),
});

export const refundSchema = recordPaymentSchema;

export const shipOrderSchema = z.strictObject({
  carrier: z.enum(carrierNames, { error: `must be one of ${carrierNames.join(", ")}` }),
  trackingNumber: z
    .string({ error: "Please enter the tracking number." })
    .trim()
    .regex(/^[A-Za-z0-9 -]{6,40}$/, { error: "must be 6 to 40 letters, digits, spaces or hyphens" }),
});

export const orderStatusActionSchema = z.strictObject({
  action: z.enum(["start_processing", "deliver", "mark_ready", "cancel"], {
    error: "must be start_processing, deliver, mark_ready or cancel",
  }),
});

/** Handing a pickup order over at the counter: staff checked the buyer's ID first. */
export const handOverSchema = z.strictObject({
  idDocument: z.enum(idDocumentNames, { error: "Please choose the ID you checked." }),
  nameMatches: z.literal(true, { error: "Please confirm the name on the ID is the buyer's." }),
  oldEnough: z.literal(true, { error: "Please confirm the ID shows the buyer is old enough." }),
});

// Billing (docs/decisions/033): every order is its invoice; the payments and refunds staff recorded.

export const BILLING_STATUSES = ["unpaid", "paid", "refunded"] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const billingStatusLabels: Record<BillingStatus, string> = {
  unpaid: "Unpaid",
  paid: "Paid",
  refunded: "Refunded",
};
export const BILLING_PAGE_SIZE = 25;
export const BILLING_VIEWS = ["invoices", "payments", "holds", "overdue"] as const;
export type BillingView = (typeof BILLING_VIEWS)[number];
/** What the payments view lists: money received and sent back, and card holds let go (which move no money). */
export const BILLING_PAYMENT_KINDS = ["payment", "refund", "void"] as const;
export type BillingPaymentKind = (typeof BILLING_PAYMENT_KINDS)[number];
export const billingPaymentKindLabels: Record<BillingPaymentKind, string> = {
  payment: "Payment",
  refund: "Refund",
  void: "Hold released",
};
const BILLING_SORTS = ["newest", "oldest", "amount_desc", "amount_asc"] as const;
const day = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });

export const billingQuerySchema = z
  .strictObject({
    view: z
      .enum(BILLING_VIEWS, { error: "must be invoices, payments, holds or overdue" })
      .default("invoices")
      .describe(
        "invoices: one row per order; payments: one row per payment, refund or card hold let go (void); holds: card authorizations waiting for their capture; overdue: orders on terms unpaid after their due day",
      ),
    status: z
      .enum(BILLING_STATUSES, { error: "must be unpaid, paid or refunded" })
      .optional()
      .describe("Invoices only: unpaid (nothing received), paid, refunded (money sent back)"),
    kind: z
      .enum(BILLING_PAYMENT_KINDS, { error: "must be payment, refund or void" })
      .optional()
      .describe("Payments only"),
    method: z.string().trim().min(1).max(60, { error: "must be at most 60 characters" }).optional(),
    q: z
      .string()
      .trim()
      .max(100, { error: "must be at most 100 characters" })
      .optional()
      .describe("Order number, buyer's e-mail or name"),
    from: day
      .optional()
      .describe("Invoices: ordered on or after; payments: received on or after; holds: taken on or after"),
    to: day
      .optional()
      .describe("Invoices: ordered on or before; payments: received on or before; holds: taken on or before"),
    sort: z
      .enum(BILLING_SORTS, { error: "must be newest, oldest, amount_desc or amount_asc" })
      .default("newest")
      .describe(
        "By the order's date (invoices), the day received (payments) or when the hold was taken (holds), or by amount",
      ),
    page: staffListPage(),
  })
  .superRefine((query, context) => {
    if (query.status && query.view !== "invoices") {
      context.addIssue({ code: "custom", path: ["status"], message: "filters invoices only; use kind for payments" });
    }
    if (query.kind && query.view !== "payments") {
      context.addIssue({ code: "custom", path: ["kind"], message: "filters payments only; use status for invoices" });
    }
    if (query.from && query.to && query.from > query.to) {
      context.addIssue({ code: "custom", path: ["to"], message: "must be on or after the start date" });
    }
  });
export type BillingQuery = z.input<typeof billingQuerySchema>;

export const billingInvoiceSchema = z
  .object({
    number: z.string(),
    customerName: z.string(),
    email: z.string(),
    totalCents: cents.describe("What the order bills"),
    paidCents: cents.describe("Payments received"),
    refundedCents: cents.describe("Refunds sent back"),
    method: z.string().describe("The payment method the buyer chose"),
    status: z.enum(BILLING_STATUSES),
    orderStatus: orderStatusSchema,
    orderedAt: z.string(),
    paidOn: z.string().nullable().describe("The day the payment was received"),
    dueOn: z.iso
      .date()
      .nullable()
      .describe("An order on terms: the day its payment is due (docs/decisions/102); null for the others"),
  })
  .meta({ id: "BillingInvoice" });
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const billingPaymentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(BILLING_PAYMENT_KINDS).describe("A void let a card hold go: it moved no money and counts in no total"),
    number: z.string(),
    customerName: z.string(),
    email: z.string(),
    amountCents: cents,
    method: z.string(),
    provider: z.string().describe('The payment provider that recorded it: "manual", or a card gateway'),
    reference: z.string().nullable(),
    receivedOn: z.string(),
    recordedBy: z.string().describe("The staff member who recorded it, or the shop itself (a gateway's step, a job)"),
    recordedAt: z.string(),
  })
  .meta({ id: "BillingPayment" });
export type BillingPayment = z.infer<typeof billingPaymentSchema>;

export const billingHoldSchema = z
  .object({
    id: z.string().describe("The authorization's record"),
    number: z.string(),
    customerName: z.string(),
    email: z.string(),
    orderStatus: orderStatusSchema,
    amountCents: cents.describe("Held on the buyer's card, not yet taken"),
    method: z.string(),
    provider: z.string(),
    reference: z.string().nullable(),
    authorizedAt: z.string(),
    expiresAt: z
      .string()
      .nullable()
      .describe("When the provider lets the hold lapse; null when the provider is not configured any more"),
    refusal: z
      .string()
      .nullable()
      .describe("The provider's words when the last attempt to capture or release the hold was refused"),
  })
  .meta({ id: "BillingHold" });
export type BillingHold = z.infer<typeof billingHoldSchema>;

export const billingOverdueSchema = z
  .object({
    number: z.string(),
    businessName: z.string().nullable().describe("The buyer's wholesale account's business name"),
    customerName: z.string(),
    email: z.string(),
    orderStatus: orderStatusSchema,
    totalCents: cents,
    paidCents: cents.describe("Payments received less refunds"),
    balanceCents: cents.describe("Still due"),
    orderedAt: z.string(),
    dueOn: z.iso.date(),
    daysOverdue: z.int().min(1),
  })
  .meta({ id: "BillingOverdue" });
export type BillingOverdue = z.infer<typeof billingOverdueSchema>;

const billingPageOf = {
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
  methods: z.array(z.string()).describe("Every payment method seen, for the filter"),
};

const billingPage = {
  ...billingPageOf,
  totals: z
    .object({
      billedCents: cents.describe("Invoices: the sum of their totals; payments: 0"),
      receivedCents: cents,
      refundedCents: cents,
    })
    .describe("Over everything the filters match, all pages; succeeded payments and refunds only"),
};

export const billingListSchema = z
  .discriminatedUnion("view", [
    z.object({ view: z.literal("invoices"), items: z.array(billingInvoiceSchema), ...billingPage }),
    z.object({ view: z.literal("payments"), items: z.array(billingPaymentSchema), ...billingPage }),
    z.object({
      view: z.literal("holds"),
      items: z.array(billingHoldSchema),
      ...billingPageOf,
      totals: z
        .object({ heldCents: cents.describe("Held on cards, waiting for a capture: no money taken yet") })
        .describe("Over everything the filters match, all pages"),
    }),
    z.object({
      view: z.literal("overdue"),
      items: z.array(billingOverdueSchema),
      ...billingPageOf,
      totals: z
        .object({ balanceCents: cents.describe("Still due on the overdue orders") })
        .describe("Over everything the filters match, all pages"),
    }),
  ])
  .meta({ id: "BillingList" });
export type BillingList = z.infer<typeof billingListSchema>;
