import { ORDER_STATUSES, type OrderChannel, SALES_STATUSES } from "@shop/shared/constants";
import type { AdjustmentKind } from "@shop/shared/rules";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import { containsText, endOfDay } from "../../db/conditions.ts";
import { keysetPage } from "../../db/keyset.ts";
import type { Database, OrdersTable } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

const ADMIN_SORTS = {
  newest: ["o.created_at", "desc"],
  oldest: ["o.created_at", "asc"],
  total_desc: ["o.total_cents", "desc"],
  total_asc: ["o.total_cents", "asc"],
} as const;

/** What the Order List filters on (shared/schemas/orders.ts). */
export interface AdminOrderFilter {
  status?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  customer?: string | undefined;
  channel?: OrderChannel | undefined;
  sort: keyof typeof ADMIN_SORTS;
}

/** The orders the Order List's filters match. */
function filteredOrders(db: Kysely<Database>, filter: AdminOrderFilter) {
  let query = db.selectFrom("orders as o");
  if (filter.status) query = query.where("o.status", "=", filter.status);
  if (filter.customer) query = query.where("o.user_id", "=", filter.customer);
  if (filter.channel) query = query.where("o.channel", "=", filter.channel);
  if (filter.from) query = query.where("o.created_at", ">=", filter.from);
  // `to` is a day: everything before the next day's start.
  if (filter.to) query = query.where("o.created_at", "<", endOfDay(filter.to));
  const q = filter.q;
  if (q) {
    query = query.where((eb) =>
      eb.or([
        eb("o.number", "=", q.toUpperCase()),
        containsText(sql.ref("o.email"), q),
        containsText(sql.ref("o.customer_name"), q),
      ]),
    );
  }
  return query;
}

/** A row of the Order List (and of its CSV). */
const ADMIN_ROW = [
  "o.number",
  "o.status",
  "o.customer_name",
  "o.email",
  "o.total_cents",
  "o.created_at",
  "o.adult_signature_required",
  "o.fulfilment",
  "o.payment_method_name",
  "o.channel",
] as const;

/** How many units an order holds (the sum of its lines' quantities), as `item_count`. */
function itemCount(eb: ExpressionBuilder<Database & { o: OrdersTable }, "o">) {
  return eb
    .selectFrom("order_lines as l")
    .whereRef("l.order_id", "=", "o.id")
    .select((inner) => inner.fn.sum<number>("l.quantity").as("n"))
    .as("item_count");
}

/** The sum of an order's adjustments of `kinds` (all of them without), as `as`. */
function adjustmentSum<A extends string>(
  eb: ExpressionBuilder<Database & { o: OrdersTable }, "o">,
  as: A,
  kinds?: readonly AdjustmentKind[],
) {
  let query = eb.selectFrom("order_adjustments as a").whereRef("a.order_id", "=", "o.id");
  if (kinds) query = query.where("a.kind", "in", kinds);
  return query
    .select((inner) => inner.fn.coalesce(inner.fn.sum<number>("a.amount_cents"), sql<number>`0`).as("n"))
    .as(as);
}

/**
 * The fulfilment module's SQL over many orders: staff's Order List and its CSV, a buyer's orders,
 * the counts by status and the dashboard's figures.
 */
export function createOrderListRepository(db: Kysely<Database>) {
  return {
    /** Staff's list: filters, search by number, e-mail or name, a sort from the allowlist, a page. */
    async adminList(filter: AdminOrderFilter & { offset: number; limit: number }) {
      const query = filteredOrders(db, filter);
      const [column, direction] = ADMIN_SORTS[filter.sort];
      const rows = await query
        .select((eb) => [...ADMIN_ROW, itemCount(eb)])
        .orderBy(column, direction)
        .orderBy("o.id", direction)
        .offset(filter.offset)
        .limit(filter.limit)
        .execute();
      return { rows, total: await countRows(query) };
    },

    /**
     * A batch of the Order List's CSV in the list's order: the chosen `numbers`, or else what the
     * filters match, continuing `after` the last row of the batch before (db/keyset.ts).
     */
    async csvBatch(
      filter: AdminOrderFilter & { numbers?: string[] | undefined },
      page: { limit: number; after?: { key: string | number; id: string } | undefined },
    ) {
      const query = filter.numbers
        ? db.selectFrom("orders as o").where("o.number", "in", filter.numbers)
        : filteredOrders(db, filter);
      const [key, direction] = ADMIN_SORTS[filter.sort];
      const rows = await keysetPage(query, { key, id: "o.id", direction }, page)
        .select((eb) => [
          ...ADMIN_ROW,
          "o.id",
          adjustmentSum(eb, "adjustments_cents"),
          adjustmentSum(eb, "discount_cents", ["discount"]),
          adjustmentSum(eb, "shipping_cents", ["shipping"]),
          adjustmentSum(eb, "tax_cents", ["sales_tax"]),
        ])
        .execute();
      return rows.map((row) => ({
        ...row,
        cursor: { key: key === "o.created_at" ? row.created_at : row.total_cents, id: row.id },
      }));
    },

    /**
     * Each wholesale account's orders that were not cancelled: how many, their totals, and the
     * money received on them (payments that succeeded; refunds are not money received). Two
     * grouped queries for a page of accounts (docs/decisions/102).
     */
    async wholesaleBalances(accountIds: readonly string[]) {
      const balances = new Map<string, { orders: number; totalCents: number; receivedCents: number }>();
      if (accountIds.length === 0) return balances;
      const ids = [...accountIds];
      const totals = await db
        .selectFrom("orders")
        .where("wholesale_account_id", "in", ids)
        .where("status", "<>", "cancelled")
        .select((eb) => [
          "wholesale_account_id",
          eb.fn.countAll<number | string>().as("orders"),
          eb.fn.sum<number | string>("total_cents").as("total"),
        ])
        .groupBy("wholesale_account_id")
        .execute();
      const received = await db
        .selectFrom("order_payments as p")
        .innerJoin("orders as o", "o.id", "p.order_id")
        .where("o.wholesale_account_id", "in", ids)
        .where("o.status", "<>", "cancelled")
        .where("p.kind", "=", "payment")
        .where("p.status", "=", "succeeded")
        .select((eb) => ["o.wholesale_account_id", eb.fn.sum<number | string>("p.amount_cents").as("received")])
        .groupBy("o.wholesale_account_id")
        .execute();
      for (const row of totals) {
        if (row.wholesale_account_id === null) continue;
        balances.set(row.wholesale_account_id, {
          orders: Number(row.orders),
          totalCents: Number(row.total ?? 0),
          receivedCents: 0,
        });
      }
      for (const row of received) {
        const balance = row.wholesale_account_id === null ? undefined : balances.get(row.wholesale_account_id);
        if (balance) balance.receivedCents = Number(row.received ?? 0);
      }
      return balances;
    },

    /** The money a buyer paid less what was sent back, over all their orders. */
    async spentBy(userId: string): Promise<number> {
      const row = await db
        .selectFrom("order_payments as p")
        .innerJoin("orders as o", "o.id", "p.order_id")
        .where("o.user_id", "=", userId)
        .where("p.kind", "in", ["payment", "refund"])
        .where("p.status", "=", "succeeded")
        .select((eb) =>
          eb.fn
            .sum<number>(
              eb
                .case()
                .when("p.kind", "=", "refund")
                .then(eb.neg(eb.ref("p.amount_cents")))
                .else(eb.ref("p.amount_cents"))
                .end(),
            )
            .as("n"),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    },

    /**
     * The dashboard's order figures: placed since `today`, awaiting payment, and paid-for totals
     * since `since`. Each reads ranges of the (status, created_at, total_cents, …) index of
     * migration 026 (every status, for today's), not the whole table: at 100,000 orders one
     * pass over all of them was most of the dashboard's time.
     */
    async overview(today: string, since: string) {
      const count = (eb: ExpressionBuilder<Database, "orders">) => eb.fn.countAll<number>().as("n");
      const placed = await db
        .selectFrom("orders")
        .where("status", "in", ORDER_STATUSES)
        .where("created_at", ">=", today)
        .select(count)
        .executeTakeFirstOrThrow();
      const waiting = await db
        .selectFrom("orders")
        .where("status", "=", "awaiting_payment")
        .select(count)
        .executeTakeFirstOrThrow();
      const paid = await db
        .selectFrom("orders")
        .where("status", "in", SALES_STATUSES)
        .where("created_at", ">=", since)
        .select((eb) => eb.fn.sum<number>("total_cents").as("n"))
        .executeTakeFirstOrThrow();
      return {
        today: Number(placed.n ?? 0),
        awaitingPayment: Number(waiting.n ?? 0),
        revenueLast30DaysCents: Number(paid.n ?? 0),
      };
    },

    /** How many orders each status has. */
    async statusCounts() {
      return db
        .selectFrom("orders")
        .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute();
    },

    /** A buyer's orders, newest first, with how many units each holds. */
    async listForUser(userId: string, limit: number) {
      return db
        .selectFrom("orders as o")
        .where("o.user_id", "=", userId)
        .select((eb) => ["o.number", "o.status", "o.total_cents", "o.created_at", itemCount(eb)])
        .orderBy("o.created_at", "desc")
        .orderBy("o.id", "desc")
        .limit(limit)
        .execute();
    },
  };
}

export type OrderListRepository = ReturnType<typeof createOrderListRepository>;
