import { createHash, randomBytes } from "node:crypto";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type Adjustment,
  type AdminOrder,
  type AdminOrderList,
  type AgeEvidence,
  actionFits,
  actionRefusal,
  type addOrderNoteSchema,
  type adminOrderCsvQuerySchema,
  type adminOrderListQuerySchema,
  ageOn,
  allowedActions,
  type BulkOrderResult,
  type bulkOrderActionSchema,
  type Carrier,
  type ComplianceDestination,
  centsToDollars,
  type DiscountLine,
  type EvaluatedRule,
  evaluateOrder,
  type Fulfilment,
  formatCents,
  fulfilmentLabels,
  fulfilmentRefusal,
  type handOverSchema,
  type IdDocument,
  lineAges,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type Order,
  type OrderAction,
  type OrderLine,
  type OrderList,
  type OrderQuote,
  type OrderStatus,
  orderStatusLabels,
  type PaymentKind,
  type PaymentPayee,
  type PaymentSummary,
  type PriceContext,
  type Priced,
  type PriceLine,
  type placeOrderSchema,
  price,
  type quoteRequestSchema,
  type RuleRequirement,
  type recordPaymentSchema,
  type ShopSettings,
  type StoreAddress,
  type shipOrderSchema,
  stockStillHeld,
  totalsOf,
  trackingUrl,
  type User,
  unitSale,
  withLineTotals,
} from "@shop/shared";
import type { UsState } from "@shop/shared/constants";
import { CSV_BOM, csvRow } from "@shop/shared/csv";
import { Conflict, Forbidden, Invalid, NotFound } from "@shop/shared/errors";
import { addDays, dayOf, formatCount, isPayable, payByDay } from "@shop/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { CSV_BATCH } from "../../lib/csv.ts";
import { compareIds, newId } from "../../lib/ids.ts";
import { recordedActor, recordedName } from "../../lib/recorded-actor.ts";
import type { AuditRecorder } from "../audit/service.ts";
import type { CatalogService, SaleFacts } from "../catalog/service.ts";
import type { ComplianceService } from "../compliance/service.ts";
import type { DiscountAnswer, DiscountsService } from "../discounts/service.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { ReportsService } from "../order-reports/reports-service.ts";
import type { PaymentsService } from "../payments/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { AgeVerificationProvider } from "./age-verification.ts";
import { checkCompliance, lineEvidence, verifyAge } from "./order-compliance.ts";
import {
  type OrderMailFacts,
  orderCancelledLetter,
  orderDeliveredLetter,
  orderPlacedLetter,
  orderRefundedLetter,
  orderShippedLetter,
  paymentReceivedLetter,
  readyForPickupLetter,
} from "./order-mail.ts";
import type { OrderAdjustmentRow, OrderLineRow, OrderRow, OrdersRepository } from "./repository.ts";

type AdminRow = Pick<
  OrderRow,
  | "number"
  | "status"
  | "customer_name"
  | "email"
  | "total_cents"
  | "created_at"
  | "adult_signature_required"
  | "fulfilment"
  | "payment_method_name"
>;

/** A row of the Order List. */
function adminRow(row: AdminRow): Omit<AdminOrderList["items"][number], "itemCount"> {
  return {
    number: row.number,
    status: row.status as OrderStatus,
    customerName: row.customer_name,
    email: row.email,
    totalCents: row.total_cents,
    createdAt: row.created_at,
    adultSignatureRequired: row.adult_signature_required === 1,
    fulfilment: row.fulfilment,
    paymentMethod: row.payment_method_name,
  };
}

/** The Order List's CSV: a row per order. */
const ORDER_CSV_HEADER = [
  "Order",
  "Order date",
  "Status",
  "Customer",
  "E-mail",
  "Ship or pickup",
  "Payment method",
  "Subtotal",
  "Discount",
  "Shipping",
  "Sales tax",
  "Total",
];

type QuoteRequest = z.output<typeof quoteRequestSchema>;
type PlaceOrder = z.output<typeof placeOrderSchema>;
type LineInput = QuoteRequest["lines"][number];
type ShippingAddress = NonNullable<PlaceOrder["shippingAddress"]>;

/** Crockford's base32: no I, L, O or U, so a number read out over the phone cannot be misheard. */
const NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "7K3M-9QX2": short enough to read out, 40 random bits, so not a key to anyone else's order. */
function newOrderNumber(): string {
  const chars = [...randomBytes(8)].map((byte) => NUMBER_ALPHABET[byte % 32]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** A line as sold: the product's name, SKU and unit price now, and its category for discount codes. */
type SaleLine = Omit<OrderLine, "lineTotalCents"> & PriceLine;

/** What prices an order besides its lines: the shop's settings, where it goes, and a usable code's terms. */
function priceContext(
  settings: ShopSettings,
  fulfilment: Fulfilment,
  state: UsState | undefined,
  discount: DiscountAnswer | null,
): PriceContext {
  return {
    fulfilment,
    shipping: { flatFeeCents: settings.shippingFlatFeeCents, freeOverCents: settings.freeShippingOverCents },
    salesTax: state ? { state, basisPoints: settings.salesTaxBasisPoints[state] ?? 0 } : null,
    discount: discount?.terms ? { code: discount.code, terms: discount.terms } : null,
  };
}

/** The API's figures of a priced order: its lines, their totals and the adjustments. */
function pricedFigures({ lines, adjustments, totals }: Priced<SaleLine>) {
  return { lines: lines.map(({ categoryId: _category, ...line }) => line), ...totals, adjustments };
}

/** The sales tax rate an order was charged; 0 where it had none. */
const taxRateOf = (adjustments: readonly Adjustment[]) =>
  adjustments.find((adjustment) => adjustment.kind === "sales_tax")?.rateBasisPoints ?? 0;

/** The store a pickup order waits at; refused in words when the shop has none. */
function pickupStore(settings: ShopSettings): StoreAddress {
  if (!settings.storeAddress) {
    throw new Invalid("This shop does not offer pickup in store. Please choose shipping.", {
      fields: { fulfilment: "pickup in store is not offered" },
    });
  }
  return settings.storeAddress;
}

/**
 * The lines at the database's prices; refused in words, naming the line, where one cannot be sold,
 * or cannot reach the buyer the way chosen (a product not delivered, one not kept at the store).
 */
function saleLines(lines: readonly LineInput[], facts: Map<string, SaleFacts>, fulfilment: Fulfilment): SaleLine[] {
  return lines.map((line, index) => {
    const field = `lines.${index}`;
    const product = facts.get(line.productId);
    if (!product) {
      throw new Conflict("A product in your cart is no longer sold. Please remove it and try again.", {
        fields: { [field]: "is no longer sold" },
      });
    }
    if (fulfilment === "ship" && !product.deliveryAvailable) {
      throw new Conflict(
        `“${product.name}” is not shipped: it is sold for pickup in store only. Please remove it to have the rest shipped.`,
        { fields: { [field]: "is not shipped: pickup in store only" } },
      );
    }
    if (fulfilment === "pickup" && !product.inStoreStockAvailable) {
      throw new Conflict(
        `“${product.name}” is not kept at our store. Please remove it, or choose shipping for this order.`,
        { fields: { [field]: "is not available for pickup in store" } },
      );
    }
    const sale = unitSale(product, line.unit);
    if (!sale) {
      throw new Invalid(`“${product.name}” is not sold by the box.`, { fields: { [field]: "is not sold by the box" } });
    }
    const pieces = line.quantity * sale.piecesPerUnit;
    if (pieces > product.stock) throw outOfStock(product, line, sale.piecesPerUnit, index);
    return {
      productId: product.id,
      categoryId: product.categoryId,
      unit: line.unit,
      name: product.name,
      sku: product.sku,
      unitPriceCents: sale.unitPriceCents,
      quantity: line.quantity,
      piecesPerUnit: sale.piecesPerUnit,
    };
  });
}

function outOfStock(product: SaleFacts, line: LineInput, piecesPerUnit: number, index: number): Conflict {
  const left = Math.floor(product.stock / piecesPerUnit);
  const unitWord = line.unit === "box" ? (left === 1 ? "box" : "boxes") : left === 1 ? "piece" : "pieces";
  const message =
    left === 0
      ? `“${product.name}” is out of stock. Please remove it to order the rest.`
      : `Only ${left} ${unitWord} of “${product.name}” left. Please lower the quantity to ${left} or fewer.`;
  return new Conflict(message, {
    fields: { [`lines.${index}`]: left === 0 ? "is out of stock" : `only ${left} left` },
  });
}

/** The rules' verdict on each quoted line: the first ban's reason and source, as place() refuses it. */
function quoteCompliance(
  lines: readonly Pick<OrderLine, "productId">[],
  facts: Map<string, SaleFacts>,
  destination: ComplianceDestination,
  rules: readonly EvaluatedRule[],
  on: string,
): NonNullable<OrderQuote["compliance"]> {
  const decision = evaluateOrder(
    lines.map((line) => (facts.get(line.productId) as SaleFacts).compliance),
    destination,
    rules,
    on,
  );
  return {
    lines: decision.lines.map((line) => {
      const ban = line.bans[0];
      return { allowed: !ban, reason: ban?.reason ?? null, sourceUrl: ban?.sourceUrl ?? null, minAge: line.minAge };
    }),
    minAge: decision.minAge,
    requirements: decision.requirements,
  };
}

/**
 * The age each quoted line is sold at where it goes (the country's rules alone without a state),
 * and, for a signed-in buyer with a date of birth, whether they are too young for it: the cart
 * marks exactly those lines, as place() refuses them (decision 079).
 */
function quoteAges(
  lines: readonly Pick<OrderLine, "productId">[],
  facts: Map<string, SaleFacts>,
  destination: ComplianceDestination | null,
  rules: readonly EvaluatedRule[],
  purchaseMinAge: number,
  buyer: User | null,
  on: string,
): OrderQuote["ages"] {
  // Only the country's rules are read without a state, so the state given here decides nothing.
  const decision = evaluateOrder(
    lines.map((line) => (facts.get(line.productId) as SaleFacts).compliance),
    destination ?? { state: "DC" },
    rules,
    on,
  );
  const buyerAge = buyer?.dateOfBirth ? ageOn(buyer.dateOfBirth, on) : null;
  return {
    purchaseMinAge,
    lines: lineAges(
      purchaseMinAge,
      decision.lines.map((line) => line.minAge),
      buyerAge,
    ),
  };
}

/** The lines as a discount code sees them: which product and category, and what each costs. */
function discountLines(lines: readonly SaleLine[]): DiscountLine[] {
  return withLineTotals(lines).map(({ productId, categoryId, lineTotalCents }) => ({
    productId,
    categoryId,
    lineTotalCents,
  }));
}

/** What an idempotent retry must match: the same lines, address and payment method. */
function requestHash(input: PlaceOrder): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("hex");
}

/** Where the order goes, as it was when placed: the buyer's address, or the store's for a pickup. */
function addressOf(row: OrderRow): Order["shippingAddress"] {
  return {
    fullName: row.ship_full_name,
    line1: row.ship_line1,
    line2: row.ship_line2,
    city: row.ship_city,
    state: row.ship_state as Order["shippingAddress"]["state"],
    zip: row.ship_zip,
    phone: row.ship_phone,
  };
}

/** The payee details kept with an order (migration 030); none for an order placed before them. */
function payeeOf(row: Pick<OrderRow, "payment_payee">): { kind: PaymentKind | null; payee: PaymentPayee | null } {
  return parsed(row.payment_payee, { kind: null, payee: null });
}

function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  adjustmentRows: OrderAdjustmentRow[],
  money: PaymentSummary,
  events: { status: string; note: string | null; created_at: string }[],
  /** The unpaid-order cancellation setting, which gives the pay-by day. */
  unpaidCancelDays: number,
): Order {
  const orderLines = lines.map((line) => ({
    productId: line.product_id,
    unit: line.unit as OrderLine["unit"],
    name: line.name,
    sku: line.sku,
    unitPriceCents: line.unit_price_cents,
    quantity: line.quantity,
    piecesPerUnit: line.pieces_per_unit,
    lineTotalCents: line.line_total_cents,
  }));
  const adjustments = adjustmentRows.map(
    (adjustment): Adjustment => ({
      kind: adjustment.kind,
      line: adjustment.order_line_id === null ? null : lines.findIndex((line) => line.id === adjustment.order_line_id),
      label: adjustment.label,
      amountCents: adjustment.amount_cents,
      basisCents: adjustment.basis_cents,
      rateBasisPoints: adjustment.rate_basis_points,
      source: adjustment.source,
    }),
  );
  return {
    number: row.number,
    status: row.status as OrderStatus,
    email: row.email,
    fulfilment: row.fulfilment,
    shippingAddress: addressOf(row),
    payment: {
      methodId: row.payment_method_id,
      name: row.payment_method_name,
      instructions: row.payment_instructions,
      ...payeeOf(row),
      payBy: payByDay(row.created_at, unpaidCancelDays),
    },
    paymentStatus: money,
    lines: orderLines,
    ...totalsOf(orderLines, adjustments),
    adjustments,
    discountCode: row.discount_code,
    taxBasisPoints: taxRateOf(adjustments),
    events: events.map((event) => ({ status: event.status as OrderStatus, at: event.created_at, note: event.note })),
    shipment:
      row.carrier && row.tracking_number
        ? {
            carrier: row.carrier as Carrier,
            trackingNumber: row.tracking_number,
            trackingUrl: trackingUrl(row.carrier as Carrier, row.tracking_number),
          }
        : null,
    createdAt: row.created_at,
    buyerNote: row.buyer_note,
    requirements: parsed(row.compliance_requirements, []),
  };
}

/** A JSON column written by place(); null (an order placed before migration 020) gives `empty`. */
function parsed<T>(json: string | null, empty: T): T {
  return json === null ? empty : (JSON.parse(json) as T);
}

interface Dependencies {
  catalog: CatalogService;
  settings: SettingsService;
  /** The jurisdiction rules an order's lines are checked against (docs/decisions/044). */
  compliance: Pick<ComplianceService, "rulesFor">;
  /** The third-party age check the setting ageVerificationAtCheckout turns on; none is wired by default. */
  ageVerifier?: AgeVerificationProvider | null;
  /** Order e-mails are written in the order's transaction and sent after it, so none is lost or sent for nothing. */
  outbox: MailOutbox;
  /** The shop's address, for the links in e-mails. */
  publicUrl: string;
  /** Staff's actions are in the audit log, written in the action's transaction (docs/decisions/053). */
  audit: AuditRecorder;
  /** Discount codes: priced in quotes, taken by orders, given back by cancellations (docs/decisions/057). */
  discounts: Pick<DiscountsService, "price" | "redeem" | "release">;
  /** Staff members' names by id, for who made each step of an order's timeline (the accounts module's service). */
  namesOf: (ids: string[]) => Promise<Map<string, string>>;
  /** The order's money behind payment providers: records, state, and the provider's steps (docs/decisions/090). */
  payments: PaymentsService;
  /** The sales reports' daily tables, which follow each order into and out of the sales in its transaction. */
  reports: Pick<ReportsService, "orderMoved">;
  now?: () => Date;
}

/** Quotes, places and cancels orders (docs/decisions/032); the server prices everything. */
export function createOrdersService(
  repository: OrdersRepository,
  {
    catalog,
    settings,
    compliance,
    ageVerifier = null,
    outbox,
    publicUrl,
    audit,
    discounts,
    namesOf,
    payments,
    reports,
    now = () => new Date(),
  }: Dependencies,
) {
  const { db } = repository;
  const mailFacts = (
    row: Pick<OrderRow, "email" | "customer_name" | "number" | "total_cents" | "fulfilment">,
    address: Order["shippingAddress"] = addressOf(row as OrderRow),
  ): OrderMailFacts => ({
    to: row.email,
    name: row.customer_name,
    number: row.number,
    url: `${publicUrl}/account/orders/${row.number}`,
    totalCents: row.total_cents,
    pickup: row.fulfilment === "pickup",
    address,
  });

  async function orderById(id: string, executor: Executor = db): Promise<Order> {
    const row = await repository.findOrder({ id }, executor);
    if (!row) throw new NotFound(`order ${id} not found.`);
    const { unpaidCancelDays } = await settings.get();
    return toOrder(
      row,
      await repository.orderLines(id, executor),
      await repository.orderAdjustments(id, executor),
      await payments.summary(id, executor),
      await repository.orderEvents(id),
      unpaidCancelDays,
    );
  }

  async function ownOrder(user: User, number: string): Promise<OrderRow> {
    const row = await repository.findOrder({ number: number.toUpperCase(), userId: user.id });
    // Someone else's order is as unknown as one that does not exist, so a guessed number tells nothing.
    if (!row) throw new NotFound(`Order ${number} was not found in your account.`);
    return row;
  }

  /** The earlier answer to this key, or a refusal when the key came with another order. */
  async function replay(user: User, key: string, hash: string): Promise<Order | null> {
    const earlier = await repository.findIdempotencyKey(user.id, key);
    if (!earlier) return null;
    if (earlier.request_hash !== hash) {
      throw new Conflict(
        "This Idempotency-Key was already used for a different order. Send a new key for a new order.",
        {
          code: "idempotency_key_reused",
        },
      );
    }
    return orderById(earlier.order_id);
  }

  function checkBuyer(user: User, shop: ShopSettings, today: string): void {
    if (!user.emailVerified) {
      throw new Forbidden("Please verify your e-mail address before placing an order.", { code: "email_not_verified" });
    }
    if (!user.dateOfBirth) {
      throw new Invalid("Please add your date of birth to your account before placing an order.", {
        fields: { dateOfBirth: "is needed to check your age" },
      });
    }
    if (ageOn(user.dateOfBirth, today) < shop.purchaseMinAge) {
      throw new Forbidden(`You must be ${shop.purchaseMinAge} or older to buy from this shop.`, { code: "under_age" });
    }
  }

  return {
    /**
     * The lines priced from the database, with shipping and the state's sales tax, and what the
     * rules say of each line where it goes (docs/decisions/050): the browser shows these verdicts
     * and never evaluates rules itself.
     */
    async quote(input: QuoteRequest, buyer: User | null = null): Promise<OrderQuote> {
      const shop = await settings.get();
      // A pickup order pays the store's state's tax and is bought under the store's rules.
      const destination: ComplianceDestination | null =
        input.fulfilment === "pickup"
          ? pickupStore(shop)
          : input.state
            ? { state: input.state, city: input.city ?? null, zip: input.zip ?? null }
            : null;
      const state = destination?.state;
      // Without a state, the country's rules still set ages (Tobacco 21).
      const [facts, rules] = await Promise.all([
        catalog.saleFacts(
          db,
          input.lines.map((line) => line.productId),
        ),
        compliance.rulesFor(state ?? null),
      ]);
      const lines = saleLines(input.lines, facts, input.fulfilment);
      const discount: DiscountAnswer | null = input.discountCode
        ? await discounts.price(input.discountCode, discountLines(lines), buyer?.id ?? null)
        : null;
      const priced = price(lines, priceContext(shop, input.fulfilment, state, discount));
      return {
        ...pricedFigures(priced),
        taxBasisPoints: taxRateOf(priced.adjustments),
        compliance: destination ? quoteCompliance(lines, facts, destination, rules, dayOf(now())) : null,
        ages: quoteAges(lines, facts, destination, rules, shop.purchaseMinAge, buyer, dayOf(now())),
        discount: discount && { code: discount.code, refusal: discount.refusal },
      };
    },

    /**
     * Places an order in one transaction: prices and stock read and taken again inside it, every
     * line or none. The same key with the same order answers that order again; `created` says
     * whether this call placed it.
     */
    async place(user: User, key: string, input: PlaceOrder): Promise<{ order: Order; created: boolean }> {
      const at = now();
      const shop = await settings.get();
      checkBuyer(user, shop, dayOf(at));
      const hash = requestHash(input);
      const earlier = await replay(user, key, hash);
      if (earlier) return { order: earlier, created: false };
      // Offered only with its payee details, so that the buyer can pay.
      const payment = shop.paymentMethods.find((method) => isPayable(method) && method.id === input.paymentMethodId);
      if (!payment) {
        throw new Invalid("Please choose one of the payment methods offered.", {
          fields: { paymentMethodId: "is not one of the payment methods offered" },
        });
      }
      const customerName = `${user.firstName} ${user.lastName}`.trim();
      // Checked before the transaction: a pickup order goes to the store, a shipped one to the buyer.
      const address = input.fulfilment === "pickup" ? pickupStore(shop) : (input.shippingAddress as ShippingAddress);
      const rules = await compliance.rulesFor(address.state);
      const provider = await verifyAge(ageVerifier, shop.ageVerificationAtCheckout, user, address);
      const orderId = newId();
      const number = newOrderNumber();
      const stamp = at.toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const facts = await catalog.saleFacts(
            trx,
            input.lines.map((line) => line.productId),
          );
          const lines = saleLines(input.lines, facts, input.fulfilment);
          const today = stamp.slice(0, 10);
          const dateOfBirth = user.dateOfBirth as string;
          const decision = checkCompliance(lines, facts, address, rules, {
            dateOfBirth,
            today,
            fulfilment: input.fulfilment,
          });
          const decisions = lineEvidence(decision, rules, today);
          // A pickup order is handed over at the counter after an ID check: no delivery requirements.
          const requirements = input.fulfilment === "ship" ? decision.requirements : [];
          const ageEvidence: AgeEvidence = {
            method: provider ? "verification_provider" : "date_of_birth",
            dateOfBirth,
            age: ageOn(dateOfBirth, today),
            minAge: Math.max(shop.purchaseMinAge, decision.minAge ?? 0),
            checkedAt: stamp,
            provider,
          };
          // Products in the order of their ids, as every change of stock takes them (returnStock).
          const byProduct = [...lines.entries()].sort(([, a], [, b]) => compareIds(a.productId, b.productId));
          for (const [index, line] of byProduct) {
            const taken = await catalog.takeStock(trx, line.productId, line.quantity * line.piecesPerUnit, stamp, {
              order: { id: orderId, number },
              actor: recordedActor(user),
            });
            if (!taken) {
              // Another order took it since the read above: say what is left now.
              const current = (await catalog.saleFacts(trx, [line.productId])).get(line.productId);
              const left = current ?? { ...(facts.get(line.productId) as SaleFacts), stock: 0 };
              throw outOfStock(left, input.lines[index] as LineInput, line.piecesPerUnit, index);
            }
          }
          // After the stock: every order takes its locks in the same order (products, then the code).
          const discount = input.discountCode
            ? await discounts.redeem(trx, {
                code: input.discountCode,
                lines: discountLines(lines),
                userId: user.id,
                orderId,
                at: stamp,
              })
            : null;
          const priced = price(lines, priceContext(shop, input.fulfilment, address.state, discount));
          const lineIds = lines.map(() => newId());
          const paymentPayee = JSON.stringify({ kind: payment.kind, payee: payment.payee });
          await repository.insertOrder(
            trx,
            {
              id: orderId,
              number,
              user_id: user.id,
              status: "awaiting_payment",
              email: user.email,
              customer_name: customerName,
              fulfilment: input.fulfilment,
              ship_full_name: address.fullName,
              ship_line1: address.line1,
              ship_line2: address.line2,
              ship_city: address.city,
              ship_state: address.state,
              ship_zip: address.zip,
              ship_phone: address.phone,
              payment_method_id: payment.id,
              payment_method_name: payment.name,
              payment_instructions: payment.instructions,
              payment_payee: paymentPayee,
              buyer_note: input.buyerNote || null,
              discount_code: discount?.code ?? null,
              total_cents: priced.totals.totalCents,
              age_evidence: JSON.stringify(ageEvidence),
              compliance_requirements: JSON.stringify(requirements),
              compliance_statements: JSON.stringify(decision.statements),
              adult_signature_required: requirements.includes("adult_signature_21") ? 1 : 0,
              created_at: stamp,
              updated_at: stamp,
            },
            priced.lines.map((line, position) => ({
              id: lineIds[position] as string,
              order_id: orderId,
              position,
              product_id: line.productId,
              name: line.name,
              sku: line.sku,
              unit: line.unit,
              unit_price_cents: line.unitPriceCents,
              quantity: line.quantity,
              pieces_per_unit: line.piecesPerUnit,
              line_total_cents: line.lineTotalCents,
              brand: (facts.get(line.productId) as SaleFacts).compliance.attributes.brand ?? null,
              compliance_decision: JSON.stringify(decisions[position]),
              classes: (facts.get(line.productId) as SaleFacts).compliance.classes,
            })),
            priced.adjustments.map((adjustment, position) => ({
              id: newId(),
              order_id: orderId,
              order_line_id: adjustment.line === null ? null : (lineIds[adjustment.line] as string),
              position,
              kind: adjustment.kind,
              label: adjustment.label,
              amount_cents: adjustment.amountCents,
              basis_cents: adjustment.basisCents,
              rate_basis_points: adjustment.rateBasisPoints,
              source: adjustment.source,
            })),
            { id: newId(), actorId: user.id, note: null },
          );
          await reports.orderMoved(trx, orderId, null, "awaiting_payment");
          await paymentStep(
            trx,
            {
              id: orderId,
              number,
              total_cents: priced.totals.totalCents,
              payment_payee: paymentPayee,
              payment_method_name: payment.name,
            },
            "placed",
            user,
          );
          await outbox.enqueue(
            orderPlacedLetter(
              mailFacts(
                {
                  email: user.email,
                  customer_name: customerName,
                  number,
                  total_cents: priced.totals.totalCents,
                  fulfilment: input.fulfilment,
                },
                address,
              ),
              {
                lines: priced.lines,
                adjustments: priced.adjustments,
                paymentName: payment.name,
                instructions: payment.instructions,
                payee: payment.payee,
                kind: payment.kind,
                payBy: payByDay(stamp, shop.unpaidCancelDays),
                pickupAt: input.fulfilment === "pickup" ? (address as StoreAddress) : null,
              },
            ),
            trx,
          );
          // Last: a request with the same key that got here first holds this row, and this
          // transaction fails on it and rolls back, stock and e-mail included.
          await repository.insertIdempotencyKey(trx, { userId: user.id, key, requestHash: hash, orderId, at: stamp });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const order = await replay(user, key, hash);
          if (order) return { order, created: false };
        }
        throw error;
      }
      catalog.forgetLists();
      outbox.deliverSoon();
      return { order: await orderById(orderId), created: true };
    },

    async list(user: User): Promise<OrderList> {
      const rows = await repository.listForUser(user.id, 100);
      const { unpaidCancelDays } = await settings.get();
      return {
        items: rows.map((row) => ({
          number: row.number,
          status: row.status as OrderStatus,
          totalCents: row.total_cents,
          createdAt: row.created_at,
          itemCount: Number(row.item_count ?? 0),
          payBy: row.status === "awaiting_payment" ? payByDay(row.created_at, unpaidCancelDays) : null,
        })),
      };
    },

    async get(user: User, number: string): Promise<Order> {
      return orderById((await ownOrder(user, number)).id);
    },

    /** A buyer cancels an order still awaiting payment; its stock goes back exactly once. */
    async cancel(user: User, number: string): Promise<Order> {
      const row = await ownOrder(user, number);
      const stamp = now().toISOString();
      await db.transaction().execute(async (trx) => {
        const changed = await moveStatus(trx, {
          orderId: row.id,
          from: ["awaiting_payment"],
          to: "cancelled",
          at: stamp,
          eventId: newId(),
          actorId: user.id,
        });
        if (!changed) {
          const current = (await repository.findOrder({ id: row.id }, trx))?.status as OrderStatus;
          throw new Conflict(
            `Order ${row.number} is ${orderStatusLabels[current].toLowerCase()} and can no longer be cancelled here.`,
            { code: "order_status" },
          );
        }
        await returnStock(trx, row, stamp, "cancellation", user);
        await paymentStep(trx, row, "cancelled", user);
        await outbox.enqueue(orderCancelledLetter(mailFacts(row), false), trx);
      });
      catalog.forgetLists();
      outbox.deliverSoon();
      return orderById(row.id);
    },

    // Staff: the Order List and the state machine's actions (shared rules/order-status.ts).

    async adminList(query: z.output<typeof adminOrderListQuerySchema>): Promise<AdminOrderList> {
      const { rows, total } = await repository.adminList({
        ...query,
        offset: (query.page - 1) * ADMIN_ORDERS_PAGE_SIZE,
        limit: ADMIN_ORDERS_PAGE_SIZE,
      });
      const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
      for (const { status, n } of await repository.statusCounts()) counts[status as OrderStatus] = Number(n);
      return {
        items: rows.map((row) => ({ ...adminRow(row), itemCount: Number(row.item_count ?? 0) })),
        total,
        page: query.page,
        pageSize: ADMIN_ORDERS_PAGE_SIZE,
        counts,
        spentCents: query.customer ? await repository.spentBy(query.customer) : null,
      };
    },

    /**
     * The Order List's CSV: the chosen orders, or everything the filters match, in the list's
     * order, read in batches of CSV_BATCH that continue from the last row read (constant memory).
     * Money in dollars with two decimals, dates as ISO 8601; text cells defended by csvRow.
     */
    async *csv(query: z.output<typeof adminOrderCsvQuerySchema>): AsyncGenerator<string> {
      yield CSV_BOM;
      yield csvRow(ORDER_CSV_HEADER);
      let after: { key: string | number; id: string } | undefined;
      for (;;) {
        const rows = await repository.csvBatch(query, { limit: CSV_BATCH, after });
        yield rows
          .map((row) =>
            csvRow([
              row.number,
              row.created_at,
              orderStatusLabels[row.status as OrderStatus],
              row.customer_name,
              row.email,
              fulfilmentLabels[row.fulfilment],
              row.payment_method_name,
              // The lines' sum: the total less every adjustment.
              centsToDollars(row.total_cents - Number(row.adjustments_cents)),
              centsToDollars(-Number(row.discount_cents)),
              centsToDollars(Number(row.shipping_cents)),
              centsToDollars(Number(row.tax_cents)),
              centsToDollars(row.total_cents),
            ]),
          )
          .join("");
        if (rows.length < CSV_BATCH) return;
        after = rows.at(-1)?.cursor;
      }
    },

    /**
     * One action of the state machine for several orders: each through the same action as the
     * order page's button (its own transaction, audit entry and e-mail), so each moves whole or
     * not at all; those that cannot are named with why.
     */
    async bulk(actor: User, input: z.output<typeof bulkOrderActionSchema>): Promise<BulkOrderResult> {
      const moved: string[] = [];
      const refused: BulkOrderResult["refused"] = [];
      for (const number of [...new Set(input.numbers.map((n) => n.toUpperCase()))]) {
        try {
          await changeStatus(actor, number, input.action);
          moved.push(number);
        } catch (error) {
          if (!(error instanceof Conflict || error instanceof NotFound)) throw error;
          refused.push({ number, reason: error.message });
        }
      }
      const orders = (n: number) => `${formatCount(n)} ${n === 1 ? "order" : "orders"}`;
      const done = `${orders(moved.length)} moved to processing`;
      return {
        message: refused.length === 0 ? `${done}.` : `${done}; ${orders(refused.length)} could not be moved.`,
        moved,
        refused,
      };
    },

    adminGet,

    /** Staff's internal note on an order, kept with who wrote it and when; the buyer never sees it. */
    async addNote(actor: User, number: string, input: z.output<typeof addOrderNoteSchema>): Promise<AdminOrder> {
      const row = await repository.findOrder({ number: number.toUpperCase() });
      if (!row) throw new NotFound(`Order ${number} was not found.`);
      await db.transaction().execute(async (trx) => {
        await repository.insertNote(
          {
            id: newId(),
            order_id: row.id,
            body: input.body,
            author_id: actor.id,
            author_name: recordedName(actor),
            created_at: now().toISOString(),
          },
          trx,
        );
        await audit.record(trx, {
          actor: recordedActor(actor),
          kind: "order",
          subjectId: row.id,
          subjectLabel: `Order ${row.number}`,
          action: "note added",
          before: null,
          after: { note: input.body },
        });
      });
      return adminGet(row.number);
    },

    /**
     * Cancels the orders still awaiting payment once their pay-by day, `unpaidCancelDays` (a
     * setting) after the day they were placed, is over: stock back, buyer told. Each order moves
     * only from awaiting payment, so instances running this at once (several on one PostgreSQL)
     * cancel each order once. Gives how many.
     */
    async cancelUnpaid(): Promise<number> {
      const { unpaidCancelDays } = await settings.get();
      const at = now();
      // Those whose pay-by day (payByDay: the day placed plus the setting's days, UTC) has passed:
      // placed before midnight of the day `unpaidCancelDays` ago. The buyer has the whole pay-by day.
      const before = `${addDays(dayOf(at), -unpaidCancelDays)}T00:00:00.000Z`;
      let cancelled = 0;
      for (const id of await repository.unpaidBefore(before, 200)) {
        const stamp = now().toISOString();
        const moved = await db.transaction().execute(async (trx) => {
          const ok = await moveStatus(trx, {
            orderId: id,
            from: ["awaiting_payment"],
            to: "cancelled",
            at: stamp,
            eventId: newId(),
            actorId: null,
            note: `Not paid within ${unpaidCancelDays} days`,
          });
          if (!ok) return false;
          const row = (await repository.findOrder({ id }, trx)) as OrderRow;
          await returnStock(trx, row, stamp, "cancellation", null);
          await paymentStep(trx, row, "cancelled", null);
          await outbox.enqueue(orderCancelledLetter(mailFacts(row), false, unpaidCancelDays), trx);
          return true;
        });
        if (moved) cancelled += 1;
      }
      if (cancelled > 0) {
        catalog.forgetLists();
        outbox.deliverSoon();
      }
      return cancelled;
    },

    /** Orders placed today (UTC), awaiting payment, and the paid-for totals of the last 30 days. */
    overview() {
      const at = now();
      const today = `${dayOf(at)}T00:00:00.000Z`;
      return repository.overview(today, new Date(at.getTime() - 30 * 24 * 3_600_000).toISOString());
    },

    /** Money received: the order's total, by a method, on a day → paid (the manual provider's capture). */
    recordPayment(actor: User, number: string, input: z.output<typeof recordPaymentSchema>): Promise<AdminOrder> {
      return act(actor, number, "record_payment", paymentDetails(input), async (trx, row) => {
        if (input.amountCents !== row.total_cents) {
          throw new Invalid(`The payment must be the order's total, ${formatCents(row.total_cents)}.`, {
            fields: { amountCents: `must be the order's total, ${formatCents(row.total_cents)}` },
          });
        }
        await moveMoney(trx, row, "capture", input, actor);
        await outbox.enqueue(paymentReceivedLetter(mailFacts(row)), trx);
      });
    },

    /** Money sent back (the whole total or part of it) → refunded; the goods go back to stock if they never left. */
    refund(actor: User, number: string, input: z.output<typeof recordPaymentSchema>): Promise<AdminOrder> {
      return act(actor, number, "refund", paymentDetails(input), async (trx, row, at) => {
        if (input.amountCents > row.total_cents) {
          throw new Invalid(`A refund can be at most the order's total, ${formatCents(row.total_cents)}.`, {
            fields: { amountCents: `must be at most ${formatCents(row.total_cents)}` },
          });
        }
        await moveMoney(trx, row, "refund", input, actor);
        if (stockStillHeld(row.status as OrderStatus)) await returnStock(trx, row, at, "refund", actor);
        await outbox.enqueue(orderRefundedLetter(mailFacts(row), input.amountCents, input.method), trx);
      });
    },

    ship(actor: User, number: string, input: z.output<typeof shipOrderSchema>): Promise<AdminOrder> {
      return act(actor, number, "ship", { ...input }, async (trx, row) => {
        if (
          input.carrier === "USPS" &&
          parsed<RuleRequirement[]>(row.compliance_requirements, []).includes("no_usps")
        ) {
          throw new Invalid("This order cannot go with USPS: the rules for its goods say not by the postal service.", {
            fields: { carrier: "cannot carry this order: its rules say not with USPS" },
          });
        }
        await repository.setShipment(trx, row.id, input.carrier, input.trackingNumber);
        await paymentStep(trx, row, "shipped", actor);
        const shipment = { ...input, trackingUrl: trackingUrl(input.carrier, input.trackingNumber) };
        const requirements = parsed<RuleRequirement[]>(row.compliance_requirements, []);
        await outbox.enqueue(orderShippedLetter(mailFacts(row), shipment, requirements), trx);
      });
    },

    changeStatus,

    /** A pickup order handed over at the counter, after staff checked the buyer's ID (the order records which). */
    handOver(actor: User, number: string, input: z.output<typeof handOverSchema>): Promise<AdminOrder> {
      return act(actor, number, "hand_over", { idDocument: input.idDocument }, async (trx, row, at) => {
        await repository.recordIdCheck(trx, row.id, { document: input.idDocument, checkedBy: actor.id, at });
      });
    },
  };

  /**
   * Processing, delivered, ready for pickup (the buyer is told where and when), or cancelled
   * while the goods are still in the shop (the stock goes back once).
   */
  async function changeStatus(
    actor: User,
    number: string,
    action: "start_processing" | "deliver" | "mark_ready" | "cancel",
  ): Promise<AdminOrder> {
    // Read before the transaction: on SQLite's one connection, a read outside the transaction
    // (the settings' cache expired) would wait for the transaction to end, which waits for it.
    const hours = action === "mark_ready" ? ((await settings.get()).storeAddress?.hours ?? null) : null;
    return act(actor, number, action, {}, async (trx, row, at) => {
      if (action === "mark_ready") {
        await outbox.enqueue(readyForPickupLetter(mailFacts(row), addressOf(row), hours), trx);
      }
      if (action === "deliver") await outbox.enqueue(orderDeliveredLetter(mailFacts(row)), trx);
      if (action !== "cancel") return;
      await returnStock(trx, row, at, "cancellation", actor);
      await paymentStep(trx, row, "cancelled", actor);
      await outbox.enqueue(orderCancelledLetter(mailFacts(row), row.status !== "awaiting_payment"), trx);
    });
  }

  /** Moves the order's status and has the reports' daily sales follow it in the same transaction; false when it did not move. */
  async function moveStatus(trx: Executor, change: Parameters<OrdersRepository["changeStatus"]>[1]): Promise<boolean> {
    const from = await repository.changeStatus(trx, change);
    if (from === null) return false;
    await reports.orderMoved(trx, change.orderId, from, change.to);
    return true;
  }

  /** Who made each step of an order's timeline, in words: the buyer, the shop (a job), or a staff member's name. */
  async function eventsWithActors(row: OrderRow, events: Order["events"]): Promise<AdminOrder["events"]> {
    const kept = await repository.orderEvents(row.id);
    const staffIds = [
      ...new Set(kept.flatMap((event) => (event.actor_id && event.actor_id !== row.user_id ? [event.actor_id] : []))),
    ];
    const names = staffIds.length > 0 ? await namesOf(staffIds) : new Map<string, string>();
    return events.map((event, index) => {
      const actor = kept[index]?.actor_id ?? null;
      const by =
        actor === null
          ? "the shop"
          : actor === row.user_id
            ? "the buyer"
            : (names.get(actor) ?? "a former staff member");
      return { ...event, by };
    });
  }

  async function adminGet(number: string): Promise<AdminOrder> {
    const row = await repository.findOrder({ number: number.toUpperCase() });
    if (!row) throw new NotFound(`Order ${number} was not found.`);
    const order = await orderById(row.id);
    const records = await payments.records(row.id);
    const notes = await repository.notes(row.id);
    return {
      ...order,
      events: await eventsWithActors(row, order.events),
      notes: notes.map((note) => ({
        id: note.id,
        body: note.body,
        authorName: note.author_name,
        createdAt: note.created_at,
      })),
      customer: { id: row.user_id, name: row.customer_name, email: row.email },
      payments: records.map(({ kind, status, provider, amountCents, method, reference, receivedOn, createdAt }) => ({
        kind,
        status,
        provider,
        amountCents,
        method,
        reference,
        receivedOn,
        createdAt,
      })),
      idCheck:
        row.id_document && row.id_checked_by && row.id_checked_at
          ? {
              document: row.id_document as IdDocument,
              checkedBy: row.id_checked_by,
              checkedAt: row.id_checked_at,
            }
          : null,
      allowedActions: allowedActions(order.status, row.fulfilment),
      evidence: await evidenceOf(row),
    };
  }

  /** What the rules decided and how the age was checked when the order was placed, as kept. */
  async function evidenceOf(row: OrderRow): Promise<AdminOrder["evidence"]> {
    const [lines, classes] = await Promise.all([repository.orderLines(row.id), repository.lineClasses(row.id)]);
    return {
      age: parsed(row.age_evidence, null),
      statements: parsed(row.compliance_statements, []),
      lines: lines.map((line) => ({
        regulatoryClasses: classes.filter((c) => c.order_line_id === line.id).map((c) => c.class),
        brand: line.brand,
        decision: parsed(line.compliance_decision, null),
      })),
    };
  }

  /** The order's pieces back on the shelf, each a stock movement naming the order and who (none: the unpaid-order job). */
  async function returnStock(
    trx: Executor,
    order: Pick<OrderRow, "id" | "number">,
    at: string,
    kind: "cancellation" | "refund",
    actor: User | null,
  ): Promise<void> {
    const cause = { kind, order: { id: order.id, number: order.number }, actor: actor && recordedActor(actor) };
    const lines = await repository.orderLines(order.id, trx);
    for (const line of lines.sort((a, b) => compareIds(a.product_id, b.product_id))) {
      await catalog.returnStock(trx, line.product_id, line.quantity * line.pieces_per_unit, at, cause);
    }
    // A cancelled order gives its discount code's use back; a refunded one keeps it (docs/decisions/057).
    if (kind === "cancellation") await discounts.release(trx, order.id, at);
  }

  /**
   * Money staff say moved (received, or sent back) through the order's payment provider: kept as
   * its record, in the action's transaction; refused in words when the provider refuses it. The
   * request itself is the idempotency key, so the same form sent twice is one record.
   */
  async function moveMoney(
    trx: Executor,
    row: OrderRow,
    operation: "capture" | "refund",
    input: z.output<typeof recordPaymentSchema>,
    actor: User,
  ): Promise<void> {
    const received = { method: input.method, reference: input.reference || null, receivedOn: input.receivedOn };
    const record = await payments[operation](trx, {
      provider: payments.providerFor(payeeOf(row).kind),
      order: { id: row.id, number: row.number, totalCents: row.total_cents },
      amountCents: input.amountCents,
      idempotencyKey: `${operation}:${createHash("sha256").update(JSON.stringify(input)).digest("hex")}`,
      received,
      method: input.method,
      actorId: actor.id,
    });
    if (record.status !== "succeeded") {
      throw new Conflict(record.message ?? "The payment provider refused it.", { code: "payment_refused" });
    }
  }

  /** The order's provider's step as the order moves (a card's hold taken, captured or let go; nothing for the manual methods). */
  function paymentStep(
    trx: Executor,
    row: Pick<OrderRow, "id" | "number" | "total_cents" | "payment_payee" | "payment_method_name">,
    step: "placed" | "shipped" | "cancelled",
    actor: User | null,
  ) {
    return payments.atStep(trx, step, {
      provider: payments.providerFor(payeeOf(row).kind),
      order: { id: row.id, number: row.number, totalCents: row.total_cents },
      method: row.payment_method_name,
      actorId: actor?.id ?? null,
    });
  }

  /**
   * Runs one action of the state machine in a transaction: the move happens only from the status
   * read inside it (of two concurrent actions one wins), then `work` records what goes with it.
   * An action the status does not allow is refused in words (409).
   *
   * Every change of an order takes its rows in one order, so that two changes at once wait for
   * each other instead of deadlocking on PostgreSQL: the order row (the status move), then the
   * reports' daily rows, then the products by id, then the discount code (docs/decisions/082).
   */
  async function act(
    actor: User,
    number: string,
    action: OrderAction,
    /** What the action records besides the status, for the audit log's "after". */
    details: Record<string, unknown>,
    work: (trx: Executor, row: OrderRow, at: string) => Promise<void>,
  ): Promise<AdminOrder> {
    const found = await repository.findOrder({ number: number.toUpperCase() });
    if (!found) throw new NotFound(`Order ${number} was not found.`);
    const at = now().toISOString();
    await db.transaction().execute(async (trx) => {
      const row = (await repository.findOrder({ id: found.id }, trx)) as OrderRow;
      const status = row.status as OrderStatus;
      const { from, to } = ORDER_ACTIONS[action];
      if (!actionFits(action, row.fulfilment)) {
        throw new Conflict(fulfilmentRefusal(row.number, row.fulfilment), { code: "order_fulfilment" });
      }
      const refusal = (now: OrderStatus) =>
        new Conflict(actionRefusal(row.number, orderStatusLabels[now].toLowerCase(), action), {
          code: "order_status",
        });
      if (!from.includes(status)) throw refusal(status);
      const moved = await moveStatus(trx, {
        orderId: row.id,
        from: [status],
        to,
        at,
        eventId: newId(),
        actorId: actor.id,
      });
      if (!moved) {
        // Another change moved it first (PostgreSQL read the status before that one committed): say what it is now.
        const current = (await repository.findOrder({ id: row.id }, trx))?.status as OrderStatus;
        throw refusal(current);
      }
      await work(trx, row, at);
      await audit.record(trx, {
        actor: recordedActor(actor),
        kind: "order",
        subjectId: row.id,
        subjectLabel: `Order ${row.number}`,
        action: action.replaceAll("_", " "),
        before: { status },
        after: { status: to, ...details },
      });
    });
    if (action === "cancel" || action === "refund") catalog.forgetLists();
    outbox.deliverSoon();
    return adminGet(found.number);
  }
}

/** A payment or refund as the audit log shows it: the amount in dollars, the method, the reference, the day. */
function paymentDetails(input: z.output<typeof recordPaymentSchema>): Record<string, unknown> {
  return {
    amount: formatCents(input.amountCents),
    method: input.method,
    reference: input.reference || null,
    receivedOn: input.receivedOn,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
