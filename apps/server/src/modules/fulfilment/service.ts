import { createHash } from "node:crypto";
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
  allowedActions,
  type BulkOrderResult,
  type bulkOrderActionSchema,
  type Carrier,
  centsToDollars,
  type Fulfilment,
  formatCents,
  fulfilmentLabels,
  fulfilmentRefusal,
  type handOverSchema,
  type IdDocument,
  type LineDecisionEvidence,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type Order,
  type OrderAction,
  type OrderLine,
  type OrderList,
  type OrderStatus,
  orderStatusLabels,
  type PaymentKind,
  type PaymentMethod,
  type PaymentPayee,
  type PaymentSummary,
  type RuleRequirement,
  type recordPaymentSchema,
  type ShippingAddress,
  type shipOrderSchema,
  stockStillHeld,
  totalsOf,
  trackingUrl,
  type User,
} from "@shop/shared";
import type { RegulatoryClass } from "@shop/shared/constants";
import { CSV_BOM, csvRow } from "@shop/shared/csv";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import { addDays, dayOf, formatCount, payByDay } from "@shop/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { CSV_BATCH } from "../../lib/csv.ts";
import { compareIds, newId } from "../../lib/ids.ts";
import { recordedActor, recordedName } from "../../lib/recorded-actor.ts";
import type { AuditRecorder } from "../audit/service.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { DiscountsService } from "../discounts/service.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { ReportsService } from "../order-reports/reports-service.ts";
import type { PaymentsService } from "../payments/service.ts";
import type { SettingsService } from "../settings/service.ts";
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

/** The sales tax rate an order was charged; 0 where it had none. */
export const taxRateOf = (adjustments: readonly Adjustment[]) =>
  adjustments.find((adjustment) => adjustment.kind === "sales_tax")?.rateBasisPoints ?? 0;

/** An order as checkout priced and checked it, which record() writes in checkout's transaction. */
export interface NewOrder {
  id: string;
  number: string;
  buyer: User;
  fulfilment: Fulfilment;
  /** The buyer's address, or the store's for a pickup. */
  address: ShippingAddress;
  /** The payment method the buyer chose, as the shop offered it. */
  payment: PaymentMethod;
  buyerNote: string | null;
  discountCode: string | null;
  /** Each line as priced, with what the order keeps of it: the brand, the classes and the rules' decision. */
  lines: readonly (OrderLine & {
    brand: string | null;
    classes: readonly RegulatoryClass[];
    decision: LineDecisionEvidence;
  })[];
  adjustments: readonly Adjustment[];
  totalCents: number;
  ageEvidence: AgeEvidence;
  /** What the rules ask of the delivery (none for a pickup), and what they ask to print on its documents. */
  requirements: readonly RuleRequirement[];
  statements: readonly string[];
  /** When it was placed (ISO 8601). */
  at: string;
  /** The day (YYYY-MM-DD) it must be paid by. */
  payBy: string;
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

/** A JSON column written when the order was placed (record); null (an order placed before migration 020) gives `empty`. */
function parsed<T>(json: string | null, empty: T): T {
  return json === null ? empty : (JSON.parse(json) as T);
}

interface Dependencies {
  /** The stock an order gives back, and the product lists that then change. */
  catalog: Pick<CatalogService, "returnStock" | "forgetLists">;
  settings: SettingsService;
  /** Order e-mails are written in the order's transaction and sent after it, so none is lost or sent for nothing. */
  outbox: MailOutbox;
  /** The shop's address, for the links in e-mails. */
  publicUrl: string;
  /** Staff's actions are in the audit log, written in the action's transaction (docs/decisions/053). */
  audit: AuditRecorder;
  /** Discount codes: a cancelled order gives its code's use back (docs/decisions/057). */
  discounts: Pick<DiscountsService, "release">;
  /** Staff members' names by id, for who made each step of an order's timeline (the accounts module's service). */
  namesOf: (ids: string[]) => Promise<Map<string, string>>;
  /** The order's money behind payment providers: records, state, and the provider's steps (docs/decisions/090). */
  payments: PaymentsService;
  /** The sales reports' daily tables, which follow each order into and out of the sales in its transaction. */
  reports: Pick<ReportsService, "orderMoved">;
  now?: () => Date;
}

/**
 * The order record and its life after checkout placed it (docs/decisions/032, 091): the buyer's
 * orders, staff's Order List and the state machine's actions, the unpaid-order job.
 */
export function createOrdersService(
  repository: OrdersRepository,
  {
    catalog,
    settings,
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

  return {
    /**
     * Writes an order checkout placed, in checkout's transaction: its rows and first event, the
     * payment provider's step at placing and the confirmation e-mail (sent after the commit).
     */
    async record(trx: Executor, order: NewOrder): Promise<void> {
      const customerName = `${order.buyer.firstName} ${order.buyer.lastName}`.trim();
      const { address, payment } = order;
      const lineIds = order.lines.map(() => newId());
      const paymentPayee = JSON.stringify({ kind: payment.kind, payee: payment.payee });
      await repository.insertOrder(
        trx,
        {
          id: order.id,
          number: order.number,
          user_id: order.buyer.id,
          status: "awaiting_payment",
          email: order.buyer.email,
          customer_name: customerName,
          fulfilment: order.fulfilment,
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
          buyer_note: order.buyerNote,
          discount_code: order.discountCode,
          total_cents: order.totalCents,
          age_evidence: JSON.stringify(order.ageEvidence),
          compliance_requirements: JSON.stringify(order.requirements),
          compliance_statements: JSON.stringify(order.statements),
          adult_signature_required: order.requirements.includes("adult_signature_21") ? 1 : 0,
          created_at: order.at,
          updated_at: order.at,
        },
        order.lines.map((line, position) => ({
          id: lineIds[position] as string,
          order_id: order.id,
          position,
          product_id: line.productId,
          name: line.name,
          sku: line.sku,
          unit: line.unit,
          unit_price_cents: line.unitPriceCents,
          quantity: line.quantity,
          pieces_per_unit: line.piecesPerUnit,
          line_total_cents: line.lineTotalCents,
          brand: line.brand,
          compliance_decision: JSON.stringify(line.decision),
          classes: line.classes,
        })),
        order.adjustments.map((adjustment, position) => ({
          id: newId(),
          order_id: order.id,
          order_line_id: adjustment.line === null ? null : (lineIds[adjustment.line] as string),
          position,
          kind: adjustment.kind,
          label: adjustment.label,
          amount_cents: adjustment.amountCents,
          basis_cents: adjustment.basisCents,
          rate_basis_points: adjustment.rateBasisPoints,
          source: adjustment.source,
        })),
        { id: newId(), actorId: order.buyer.id, note: null },
      );
      await reports.orderMoved(trx, order.id, null, "awaiting_payment");
      await paymentStep(
        trx,
        {
          id: order.id,
          number: order.number,
          total_cents: order.totalCents,
          payment_payee: paymentPayee,
          payment_method_name: payment.name,
        },
        "placed",
        order.buyer,
      );
      const facts = {
        email: order.buyer.email,
        customer_name: customerName,
        number: order.number,
        total_cents: order.totalCents,
        fulfilment: order.fulfilment,
      };
      await outbox.enqueue(
        orderPlacedLetter(mailFacts(facts, address), {
          lines: [...order.lines],
          adjustments: order.adjustments,
          paymentName: payment.name,
          instructions: payment.instructions,
          payee: payment.payee,
          kind: payment.kind,
          payBy: order.payBy,
          pickupAt: order.fulfilment === "pickup" ? address : null,
        }),
        trx,
      );
    },

    /** An order by its id, as its buyer sees it. */
    byId: (id: string): Promise<Order> => orderById(id),

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
