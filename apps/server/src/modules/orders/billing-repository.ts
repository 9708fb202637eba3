import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.ts";

/** What Billing's lists filter on; `after` continues a CSV export from the last row of the previous batch. */
export interface BillingFilter {
  status?: "unpaid" | "paid" | "refunded" | undefined;
  kind?: "payment" | "refund" | undefined;
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

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Billing's SQL (issue 14 item 5). An order is its invoice; its billing status comes from the
 * money recorded on it: refunded once a refund is recorded, paid once a payment is, unpaid before.
 * A cancelled order nothing was paid for owes nothing and is left out (docs/decisions/033).
 */
export function createBillingRepository(db: Kysely<Database>) {
  /** Every listed invoice with its money and billing status, as a table to filter, sort and sum. */
  function invoices() {
    const money = db
      .selectFrom("order_payments")
      .select((eb) => [
        "order_id",
        eb.fn
          .sum<number>(eb.case().when("kind", "=", "payment").then(eb.ref("amount_cents")).else(0).end())
          .as("paid_cents"),
        eb.fn
          .sum<number>(eb.case().when("kind", "=", "refund").then(eb.ref("amount_cents")).else(0).end())
          .as("refunded_cents"),
        eb.fn
          .min<string | null>(eb.case().when("kind", "=", "payment").then(eb.ref("received_on")).end())
          .as("paid_on"),
      ])
      .groupBy("order_id");
    return db
      .selectFrom("orders as o")
      .leftJoin(money.as("m"), "m.order_id", "o.id")
      .where((eb) =>
        eb.not(eb.and([eb("o.status", "=", "cancelled"), eb(eb.fn.coalesce("m.paid_cents", sql.lit(0)), "=", 0)])),
      )
      .select((eb) => [
        "o.id",
        "o.number",
        "o.customer_name",
        "o.email",
        "o.total_cents",
        "o.payment_method_name as method",
        "o.status as order_status",
        "o.created_at",
        "m.paid_on",
        eb.fn.coalesce("m.paid_cents", sql.lit(0)).as("paid_cents"),
        eb.fn.coalesce("m.refunded_cents", sql.lit(0)).as("refunded_cents"),
        eb
          .case()
          .when(eb.fn.coalesce("m.refunded_cents", sql.lit(0)), ">", 0)
          .then(sql.lit("refunded"))
          .when(eb.fn.coalesce("m.paid_cents", sql.lit(0)), ">", 0)
          .then(sql.lit("paid"))
          .else(sql.lit("unpaid"))
          .end()
          .as("billing_status"),
      ]);
  }

  function filteredInvoices(filter: BillingFilter) {
    let query = db.selectFrom(invoices().as("i"));
    if (filter.status) query = query.where("i.billing_status", "=", filter.status);
    if (filter.method) query = query.where("i.method", "=", filter.method);
    if (filter.from) query = query.where("i.created_at", ">=", filter.from);
    // `to` is a day: everything before the next day's start.
    if (filter.to) query = query.where("i.created_at", "<", nextDay(filter.to));
    const q = filter.q;
    if (q) {
      const pattern = likePattern(q);
      query = query.where((eb) =>
        eb.or([
          eb("i.number", "=", q.toUpperCase()),
          eb(sql`lower(i.email)`, "like", sql`${pattern} escape '\\'`),
          eb(sql`lower(i.customer_name)`, "like", sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return query;
  }

  function filteredPayments(filter: BillingFilter) {
    let query = db.selectFrom("order_payments as p").innerJoin("orders as o", "o.id", "p.order_id");
    if (filter.kind) query = query.where("p.kind", "=", filter.kind);
    if (filter.method) query = query.where("p.method", "=", filter.method);
    if (filter.from) query = query.where("p.received_on", ">=", filter.from);
    if (filter.to) query = query.where("p.received_on", "<=", filter.to);
    const q = filter.q;
    if (q) {
      const pattern = likePattern(q);
      query = query.where((eb) =>
        eb.or([
          eb("o.number", "=", q.toUpperCase()),
          eb(sql`lower(o.email)`, "like", sql`${pattern} escape '\\'`),
          eb(sql`lower(o.customer_name)`, "like", sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return query;
  }

  const descending = (sort: BillingFilter["sort"]) => sort === "newest" || sort === "amount_desc";

  return {
    /** One page (or batch) of invoices in the filter's order, ties broken by id. */
    async invoicePage(filter: BillingFilter, page: { offset?: number; limit: number; after?: BillingCursor }) {
      const key = filter.sort === "newest" || filter.sort === "oldest" ? "i.created_at" : "i.total_cents";
      const direction = descending(filter.sort) ? "desc" : "asc";
      let query = filteredInvoices(filter);
      const after = page.after;
      if (after) {
        const beyond = direction === "desc" ? "<" : ">";
        query = query.where((eb) =>
          eb.or([eb(key, beyond, after.key), eb.and([eb(key, "=", after.key), eb("i.id", beyond, after.id)])]),
        );
      }
      const rows = await query
        .selectAll("i")
        .orderBy(key, direction)
        .orderBy("i.id", direction)
        .offset(page.offset ?? 0)
        .limit(page.limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        paid_cents: Number(row.paid_cents),
        refunded_cents: Number(row.refunded_cents),
        billing_status: row.billing_status as "unpaid" | "paid" | "refunded",
        cursor: { key: key === "i.created_at" ? row.created_at : row.total_cents, id: row.id } as BillingCursor,
      }));
    },

    async invoiceTotals(filter: BillingFilter) {
      const row = await filteredInvoices(filter)
        .select((eb) => [
          eb.fn.countAll<number>().as("n"),
          eb.fn.sum<number>("i.total_cents").as("billed"),
          eb.fn.sum<number>("i.paid_cents").as("received"),
          eb.fn.sum<number>("i.refunded_cents").as("refunded"),
        ])
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.n),
        billedCents: Number(row.billed ?? 0),
        receivedCents: Number(row.received ?? 0),
        refundedCents: Number(row.refunded ?? 0),
      };
    },

    /** One page (or batch) of payments and refunds, by the day received (then as recorded) or by amount. */
    async paymentPage(filter: BillingFilter, page: { offset?: number; limit: number; after?: BillingCursor }) {
      const key = filter.sort === "newest" || filter.sort === "oldest" ? "p.received_on" : "p.amount_cents";
      const direction = descending(filter.sort) ? "desc" : "asc";
      let query = filteredPayments(filter);
      const after = page.after;
      if (after) {
        const beyond = direction === "desc" ? "<" : ">";
        query = query.where((eb) =>
          eb.or([eb(key, beyond, after.key), eb.and([eb(key, "=", after.key), eb("p.id", beyond, after.id)])]),
        );
      }
      const rows = await query
        .select([
          "p.id",
          "p.kind",
          "p.amount_cents",
          "p.method",
          "p.reference",
          "p.received_on",
          "p.actor_id",
          "p.created_at",
          "o.number",
          "o.customer_name",
          "o.email",
        ])
        .orderBy(key, direction)
        .orderBy("p.id", direction)
        .offset(page.offset ?? 0)
        .limit(page.limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        cursor: { key: key === "p.received_on" ? row.received_on : row.amount_cents, id: row.id } as BillingCursor,
      }));
    },

    async paymentTotals(filter: BillingFilter) {
      const row = await filteredPayments(filter)
        .select((eb) => [
          eb.fn.countAll<number>().as("n"),
          eb.fn
            .sum<number>(eb.case().when("p.kind", "=", "payment").then(eb.ref("p.amount_cents")).else(0).end())
            .as("received"),
          eb.fn
            .sum<number>(eb.case().when("p.kind", "=", "refund").then(eb.ref("p.amount_cents")).else(0).end())
            .as("refunded"),
        ])
        .executeTakeFirstOrThrow();
      return {
        count: Number(row.n),
        billedCents: 0,
        receivedCents: Number(row.received ?? 0),
        refundedCents: Number(row.refunded ?? 0),
      };
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
