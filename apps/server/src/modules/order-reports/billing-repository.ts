import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { containsText, endOfDay } from "../../db/conditions.ts";
import { keysetPage } from "../../db/keyset.ts";
import type { Database, OrderPaymentsTable, OrdersTable } from "../../db/types.ts";

/** What Billing's lists filter on; `after` continues a CSV export from the last row of the previous batch. */
export interface BillingFilter {
  status?: "unpaid" | "paid" | "refunded" | undefined;
  kind?: "payment" | "refund" | "void" | undefined;
  method?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort: "newest" | "oldest" | "amount_desc" | "amount_asc";
}

/** Where a batch ends: the sort key and id of its last row. */
export interface BillingCursor {
  key: string | number;
  id: string;
}

/** A page of a list (offset and limit), or a batch of an export that goes on `after` the last row of the one before. */
interface BillingPage {
  offset?: number;
  limit: number;
  after?: BillingCursor;
}

/** An order whose number is `q` or whose e-mail or customer name contains it (any case). */
function orderMatches(eb: ExpressionBuilder<Database & { o: OrdersTable }, "o">, q: string) {
  return eb.or([
    eb("o.number", "=", q.toUpperCase()),
    containsText(sql.ref("o.email"), q),
    containsText(sql.ref("o.customer_name"), q),
  ]);
}

/**
 * Billing's SQL. An order is its invoice; its billing status comes from the
 * money recorded on it: refunded once a refund is recorded, paid once a payment is, unpaid before.
 * Only the payment records that succeeded count (the payments module's, docs/decisions/090).
 * A cancelled order nothing was paid for owes nothing and is left out (docs/decisions/033).
 *
 * The status is tested with EXISTS on the payments' (order_id, …) index and the money of a page is
 * read for that page's orders only, so no query adds up every order's payments (at 100k orders a
 * join to such a sum made each page and each CSV batch read them all).
 */
export function createBillingRepository(db: Kysely<Database>) {
  /** Whether a payment (or a refund) is recorded on the order `o`. */
  const recorded = (eb: ExpressionBuilder<Database & { o: OrdersTable }, "o">, kind: "payment" | "refund") =>
    eb.exists(
      eb
        .selectFrom("order_payments as pm")
        .whereRef("pm.order_id", "=", "o.id")
        .where("pm.kind", "=", kind)
        .where("pm.status", "=", "succeeded")
        .select(sql.lit(1).as("one")),
    );

  function filteredInvoices(filter: BillingFilter) {
    let query = db
      .selectFrom("orders as o")
      .where((eb) => eb.or([eb("o.status", "<>", "cancelled"), recorded(eb, "payment")]));
    if (filter.status === "unpaid") {
      query = query.where((eb) => eb.and([eb.not(recorded(eb, "payment")), eb.not(recorded(eb, "refund"))]));
    } else if (filter.status === "paid") {
      query = query.where((eb) => eb.and([recorded(eb, "payment"), eb.not(recorded(eb, "refund"))]));
    } else if (filter.status === "refunded") {
      query = query.where((eb) => recorded(eb, "refund"));
    }
    if (filter.method) query = query.where("o.payment_method_name", "=", filter.method);
    if (filter.from) query = query.where("o.created_at", ">=", filter.from);
    // `to` is a day: everything before the next day's start.
    if (filter.to) query = query.where("o.created_at", "<", endOfDay(filter.to));
    const q = filter.q;
    if (q) query = query.where((eb) => orderMatches(eb, q));
    return query;
  }

  /** The money recorded on these orders: paid, refunded, and the day the payment came. */
  async function moneyOf(orderIds: string[]) {
    if (orderIds.length === 0) return new Map<string, { paid: number; refunded: number; paidOn: string | null }>();
    const rows = await db
      .selectFrom("order_payments")
      .where("order_id", "in", orderIds)
      .where("status", "=", "succeeded")
      .select((eb) => [
        "order_id",
        eb.fn.sum<number>(eb.case().when("kind", "=", "payment").then(eb.ref("amount_cents")).else(0).end()).as("paid"),
        eb.fn
          .sum<number>(eb.case().when("kind", "=", "refund").then(eb.ref("amount_cents")).else(0).end())
          .as("refunded"),
        eb.fn
          .min<string | null>(eb.case().when("kind", "=", "payment").then(eb.ref("received_on")).end())
          .as("paid_on"),
      ])
      .groupBy("order_id")
      .execute();
    return new Map(
      rows.map((row) => [
        row.order_id,
        { paid: Number(row.paid ?? 0), refunded: Number(row.refunded ?? 0), paidOn: row.paid_on ?? null },
      ]),
    );
  }

  /** The money received (payments) and sent back (refunds) in the payments `p` a query reads. */
  const paymentSums = (eb: ExpressionBuilder<Database & { o: OrdersTable; p: OrderPaymentsTable }, "o" | "p">) => {
    const sumOf = (kind: "payment" | "refund") =>
      eb.fn.sum<number>(eb.case().when("p.kind", "=", kind).then(eb.ref("p.amount_cents")).else(0).end());
    return [sumOf("payment").as("received"), sumOf("refund").as("refunded")] as const;
  };

  function filteredPayments(filter: BillingFilter) {
    // Money that moved, payments and refunds that succeeded, and card holds let go; never a hold
    // still open (the holds view) or a decline. The totals add the payments and refunds only.
    let query = db
      .selectFrom("order_payments as p")
      .innerJoin("orders as o", "o.id", "p.order_id")
      .where("p.kind", "in", ["payment", "refund", "void"])
      .where("p.status", "=", "succeeded");
    if (filter.kind) query = query.where("p.kind", "=", filter.kind);
    if (filter.method) query = query.where("p.method", "=", filter.method);
    if (filter.from) query = query.where("p.received_on", ">=", filter.from);
    if (filter.to) query = query.where("p.received_on", "<=", filter.to);
    const q = filter.q;
    if (q) query = query.where((eb) => orderMatches(eb, q));
    return query;
  }

  /** Card holds still open: authorizations that succeeded with no capture or void since (decision 100). */
  function filteredHolds(filter: BillingFilter) {
    let query = db
      .selectFrom("order_payments as p")
      .innerJoin("orders as o", "o.id", "p.order_id")
      .where("p.kind", "=", "authorization")
      .where("p.status", "=", "succeeded")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("order_payments as s")
              .whereRef("s.order_id", "=", "p.order_id")
              .where("s.kind", "in", ["payment", "void"])
              .where("s.status", "=", "succeeded")
              .select(sql.lit(1).as("one")),
          ),
        ),
      );
    if (filter.method) query = query.where("p.method", "=", filter.method);
    if (filter.from) query = query.where("p.created_at", ">=", filter.from);
    if (filter.to) query = query.where("p.created_at", "<", endOfDay(filter.to));
    const q = filter.q;
    if (q) query = query.where((eb) => orderMatches(eb, q));
    return query;
  }

  /** Payments received less refunds on the order `o`, from the payments' (order_id, …) index. */
  const receivedOn = (eb: ExpressionBuilder<Database & { o: OrdersTable }, "o">) =>
    eb.fn.coalesce(
      eb
        .selectFrom("order_payments as pm")
        .whereRef("pm.order_id", "=", "o.id")
        .where("pm.status", "=", "succeeded")
        .where("pm.kind", "in", ["payment", "refund"])
        .select((inner) =>
          inner.fn
            .sum<number>(
              inner
                .case()
                .when("pm.kind", "=", "payment")
                .then(inner.ref("pm.amount_cents"))
                .else(inner.neg(inner.ref("pm.amount_cents")))
                .end(),
            )
            .as("received"),
        ),
      eb.lit(0),
    );

  /**
   * Orders on terms past their due day (before `today`) with money still due, not cancelled or
   * refunded (docs/decisions/102). The orders_wholesale_account index does not lead with the due
   * day, but orders on terms are few beside retail ones and payment_due_on is null for the rest.
   */
  function filteredOverdue(filter: BillingFilter, today: string) {
    let query = db
      .selectFrom("orders as o")
      .where("o.payment_due_on", "is not", null)
      .where("o.payment_due_on", "<", today)
      .where("o.status", "not in", ["cancelled", "refunded"])
      .where((eb) => eb(receivedOn(eb), "<", eb.ref("o.total_cents")));
    if (filter.method) query = query.where("o.payment_method_name", "=", filter.method);
    if (filter.from) query = query.where("o.payment_due_on", ">=", filter.from);
    if (filter.to) query = query.where("o.payment_due_on", "<=", filter.to);
    const q = filter.q;
    if (q) query = query.where((eb) => orderMatches(eb, q));
    return query;
  }

  /** The provider's words on the last refused capture or release of each of these orders. */
  async function refusalsOf(orderIds: string[]): Promise<Map<string, string | null>> {
    if (orderIds.length === 0) return new Map();
    const rows = await db
      .selectFrom("order_payments")
      .where("order_id", "in", orderIds)
      .where("kind", "in", ["payment", "void"])
      .where("status", "<>", "succeeded")
      .select(["order_id", "raw"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return new Map(
      rows.map((row) => [
        row.order_id,
        row.raw ? ((JSON.parse(row.raw) as { message?: string }).message ?? null) : null,
      ]),
    );
  }

  /** What a list is sorted on, its date or its amount column, and which way. */
  const sortOrder = <K extends string>(sort: BillingFilter["sort"], byDate: K, byAmount: K) => ({
    key: sort === "newest" || sort === "oldest" ? byDate : byAmount,
    direction: sort === "newest" || sort === "amount_desc" ? ("desc" as const) : ("asc" as const),
  });

  return {
    /** One page (or batch) of invoices in the filter's order, ties broken by id, with their money. */
    async invoicePage(filter: BillingFilter, page: BillingPage) {
      const order = sortOrder(filter.sort, "o.created_at", "o.total_cents");
      const rows = await keysetPage(filteredInvoices(filter), { ...order, id: "o.id" }, page)
        .select([
          "o.id",
          "o.number",
          "o.customer_name",
          "o.email",
          "o.total_cents",
          "o.payment_method_name as method",
          "o.status as order_status",
          "o.created_at",
          "o.payment_due_on",
        ])
        .execute();
      const money = await moneyOf(rows.map((row) => row.id));
      return rows.map((row) => {
        const { paid, refunded, paidOn } = money.get(row.id) ?? { paid: 0, refunded: 0, paidOn: null };
        const status: "unpaid" | "paid" | "refunded" = refunded > 0 ? "refunded" : paid > 0 ? "paid" : "unpaid";
        return {
          ...row,
          paid_cents: paid,
          refunded_cents: refunded,
          paid_on: paidOn,
          billing_status: status,
          cursor: { key: order.key === "o.created_at" ? row.created_at : row.total_cents, id: row.id } as BillingCursor,
        };
      });
    },

    /** How many invoices match, what they bill, and the money received and sent back on them. */
    async invoiceTotals(filter: BillingFilter) {
      const billed = await filteredInvoices(filter)
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("o.total_cents").as("billed")])
        .executeTakeFirstOrThrow();
      const money = await filteredInvoices(filter)
        .innerJoin("order_payments as p", "p.order_id", "o.id")
        .where("p.status", "=", "succeeded")
        .select(paymentSums)
        .executeTakeFirstOrThrow();
      return {
        count: Number(billed.n),
        billedCents: Number(billed.billed ?? 0),
        receivedCents: Number(money.received ?? 0),
        refundedCents: Number(money.refunded ?? 0),
      };
    },

    /** One page (or batch) of payments and refunds, by the day received (then as recorded) or by amount. */
    async paymentPage(filter: BillingFilter, page: BillingPage) {
      const order = sortOrder(filter.sort, "p.received_on", "p.amount_cents");
      const rows = await keysetPage(filteredPayments(filter), { ...order, id: "p.id" }, page)
        .select([
          "p.id",
          "p.kind",
          "p.amount_cents",
          "p.method",
          "p.provider",
          "p.reference",
          "p.received_on",
          "p.actor_id",
          "p.created_at",
          "o.number",
          "o.customer_name",
          "o.email",
        ])
        .execute();
      return rows.map((row) => ({
        ...row,
        cursor: {
          key: order.key === "p.received_on" ? row.received_on : row.amount_cents,
          id: row.id,
        } as BillingCursor,
      }));
    },

    async paymentTotals(filter: BillingFilter) {
      const row = await filteredPayments(filter)
        .select((eb) => [eb.fn.countAll<number>().as("n"), ...paymentSums(eb)])
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.n),
        billedCents: 0,
        receivedCents: Number(row.received ?? 0),
        refundedCents: Number(row.refunded ?? 0),
      };
    },

    /** One page (or batch) of open card holds, by when they were taken or by amount, with the last refusal of each. */
    async holdPage(filter: BillingFilter, page: BillingPage) {
      const order = sortOrder(filter.sort, "p.created_at", "p.amount_cents");
      const rows = await keysetPage(filteredHolds(filter), { ...order, id: "p.id" }, page)
        .select([
          "p.id",
          "p.amount_cents",
          "p.method",
          "p.provider",
          "p.reference",
          "p.created_at",
          "o.id as order_id",
          "o.number",
          "o.customer_name",
          "o.email",
          "o.status as order_status",
        ])
        .execute();
      const refusals = await refusalsOf(rows.map((row) => row.order_id));
      return rows.map((row) => ({
        ...row,
        refusal: refusals.get(row.order_id) ?? null,
        cursor: {
          key: order.key === "p.created_at" ? row.created_at : row.amount_cents,
          id: row.id,
        } as BillingCursor,
      }));
    },

    async holdTotals(filter: BillingFilter) {
      const row = await filteredHolds(filter)
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>("p.amount_cents").as("held")])
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), heldCents: Number(row.held ?? 0) };
    },

    /** One page (or batch) of overdue orders on terms, by due day (oldest first for "oldest") or by total. */
    async overduePage(filter: BillingFilter, today: string, page: BillingPage) {
      const order = sortOrder(filter.sort, "o.payment_due_on", "o.total_cents");
      const rows = await keysetPage(filteredOverdue(filter, today), { ...order, id: "o.id" }, page)
        .select((eb) => [
          "o.id",
          "o.number",
          "o.user_id",
          "o.customer_name",
          "o.email",
          "o.status as order_status",
          "o.total_cents",
          "o.created_at",
          "o.payment_due_on",
          receivedOn(eb).as("received_cents"),
        ])
        .execute();
      return rows.map((row) => ({
        ...row,
        payment_due_on: row.payment_due_on as string,
        received_cents: Number(row.received_cents),
        cursor: {
          key: order.key === "o.payment_due_on" ? (row.payment_due_on as string) : row.total_cents,
          id: row.id,
        } as BillingCursor,
      }));
    },

    async overdueTotals(filter: BillingFilter, today: string) {
      const row = await filteredOverdue(filter, today)
        .select((eb) => [
          eb.fn.countAll<number>().as("n"),
          eb.fn.sum<number>("o.total_cents").as("billed"),
          eb.fn.sum<number>(receivedOn(eb)).as("received"),
        ])
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), balanceCents: Number(row.billed ?? 0) - Number(row.received ?? 0) };
    },

    /** Every payment method an order names or a payment was recorded with, for the filter. */
    async methods(): Promise<string[]> {
      const rows = await db
        .selectFrom("orders")
        .select("payment_method_name as method")
        .union(db.selectFrom("order_payments").select("method"))
        .execute();
      return rows.map((row) => row.method).sort((a, b) => a.localeCompare(b));
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
