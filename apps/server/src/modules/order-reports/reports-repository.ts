import type { VariantOption } from "@shop/shared";
import { type OrderChannel, SALES_STATUSES } from "@shop/shared/constants";
import { type Kysely, sql } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";

/** A range as the orders' timestamps are written: the first day's midnight and the day after the last's (UTC). */
export interface ReportBounds {
  from: string;
  before: string;
}

/**
 * The reports' SQL (docs/decisions/055). An order counts by the moment it was
 * placed and its status now; sales are the orders in SALES_STATUSES. Sales over time, by state and
 * by product read the daily tables this module keeps in the orders' transactions (migration 026,
 * docs/decisions/092); orders by status reads ranges of the (status, created_at, total_cents,
 * ship_state) index. The orders and their lines are fulfilment's, read here (SHARED_READS).
 */
export function createReportsRepository(db: Kysely<Database>) {
  const placedIn = (bounds: ReportBounds) =>
    db.selectFrom("orders as o").where("o.created_at", ">=", bounds.from).where("o.created_at", "<", bounds.before);
  const daily = (bounds: ReportBounds) =>
    db
      .selectFrom("order_daily_sales")
      .where("day", ">=", bounds.from.slice(0, 10))
      .where("day", "<", bounds.before.slice(0, 10));

  /**
   * The wholesale orders that count as sales, placed in the range: few beside the retail ones, read
   * from the orders through the (channel, created_at) index of migration 042; the daily tables count
   * both channels, and retail is their figure less this one (docs/decisions/102).
   */
  const wholesaleSales = (bounds: ReportBounds) =>
    db
      .selectFrom("orders as o")
      .where("o.channel", "=", "wholesale")
      .where("o.created_at", ">=", bounds.from)
      .where("o.created_at", "<", bounds.before)
      .where("o.status", "in", SALES_STATUSES);
  const placedDay = sql<string>`substr(o.created_at, 1, 10)`;

  return {
    /** Wholesale sales per UTC day with orders, as salesByDay. */
    async wholesaleByDay(bounds: ReportBounds) {
      const rows = await wholesaleSales(bounds)
        .select((eb) => [
          placedDay.as("day"),
          eb.fn.countAll<number>().as("orders"),
          eb.fn.sum<number>("o.total_cents").as("revenue"),
        ])
        .groupBy(placedDay)
        .execute();
      return rows.map((row) => ({ day: row.day, orders: Number(row.orders), revenueCents: Number(row.revenue) }));
    },

    /** Wholesale sales by the state they go to, as byState. */
    async wholesaleByState(bounds: ReportBounds) {
      const rows = await wholesaleSales(bounds)
        .select((eb) => [
          "o.ship_state as state",
          eb.fn.countAll<number>().as("orders"),
          eb.fn.sum<number>("o.total_cents").as("revenue"),
        ])
        .groupBy("o.ship_state")
        .execute();
      return rows.map((row) => ({ state: row.state, orders: Number(row.orders), revenueCents: Number(row.revenue) }));
    },

    /** Wholesale sales by product or by variant (their lines), as byProduct and byVariant. */
    async wholesaleByLine(bounds: ReportBounds, by: "product_id" | "variant_id") {
      const rows = await wholesaleSales(bounds)
        .innerJoin("order_lines as l", "l.order_id", "o.id")
        .select((eb) => [
          `l.${by} as id` as "l.product_id as id",
          eb.fn.count<number>("o.id").distinct().as("orders"),
          eb.fn.sum<number>("l.quantity").as("quantity"),
          eb.fn.sum<number>("l.line_total_cents").as("sales"),
        ])
        .groupBy(`l.${by}` as "l.product_id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        orders: Number(row.orders),
        quantity: Number(row.quantity),
        salesCents: Number(row.sales),
      }));
    },

    /** Sales per UTC day with orders: how many and their totals, from the daily table. */
    async salesByDay(bounds: ReportBounds) {
      const rows = await daily(bounds)
        .select((eb) => [
          "day",
          eb.fn.sum<number>("orders").as("orders"),
          eb.fn.sum<number>("revenue_cents").as("revenue"),
        ])
        .groupBy("day")
        .having((eb) => eb.fn.sum("orders"), ">", 0)
        .execute();
      return rows.map((row) => ({ day: row.day, orders: Number(row.orders), revenueCents: Number(row.revenue) }));
    },

    /** Orders placed in the range by their status now, with their totals. */
    async byStatus(bounds: ReportBounds, channel?: OrderChannel) {
      const rows = await (channel ? placedIn(bounds).where("o.channel", "=", channel) : placedIn(bounds))
        .select((eb) => [
          "o.status",
          eb.fn.countAll<number>().as("orders"),
          eb.fn.sum<number>("o.total_cents").as("total"),
        ])
        .groupBy("o.status")
        .execute();
      return rows.map((row) => ({ status: row.status, orders: Number(row.orders), totalCents: Number(row.total) }));
    },

    /** Sales by the state they go to (a pickup order's is the store's), from the daily table. */
    async byState(bounds: ReportBounds) {
      const rows = await daily(bounds)
        .select((eb) => [
          "ship_state as state",
          eb.fn.sum<number>("orders").as("orders"),
          eb.fn.sum<number>("revenue_cents").as("revenue"),
        ])
        .groupBy("ship_state")
        .having((eb) => eb.fn.sum("orders"), ">", 0)
        .execute();
      return rows.map((row) => ({ state: row.state, orders: Number(row.orders), revenueCents: Number(row.revenue) }));
    },

    /** Sales by product from the daily table: orders, units and line totals, with the name and SKU last sold under. */
    async byProduct(bounds: ReportBounds) {
      const rows = await db
        .selectFrom("order_daily_product_sales")
        .where("day", ">=", bounds.from.slice(0, 10))
        .where("day", "<", bounds.before.slice(0, 10))
        .select((eb) => [
          "product_id",
          eb.fn.max("name").as("name"),
          eb.fn.max("sku").as("sku"),
          eb.fn.sum<number>("orders").as("orders"),
          eb.fn.sum<number>("quantity").as("quantity"),
          eb.fn.sum<number>("sales_cents").as("sales"),
        ])
        .groupBy("product_id")
        .having((eb) => eb.fn.sum("orders"), ">", 0)
        .execute();
      return rows.map((row) => ({
        productId: row.product_id,
        name: row.name,
        sku: row.sku,
        orders: Number(row.orders),
        quantity: Number(row.quantity),
        salesCents: Number(row.sales),
      }));
    },

    /** Sales by variant from its daily table, as byProduct, with the options it was last sold under. */
    async byVariant(bounds: ReportBounds) {
      const rows = await db
        .selectFrom("order_daily_variant_sales")
        .where("day", ">=", bounds.from.slice(0, 10))
        .where("day", "<", bounds.before.slice(0, 10))
        .select((eb) => [
          "variant_id",
          eb.fn.max("product_id").as("product_id"),
          eb.fn.max("name").as("name"),
          eb.fn.max("variant_options").as("variant_options"),
          eb.fn.max("sku").as("sku"),
          eb.fn.sum<number>("orders").as("orders"),
          eb.fn.sum<number>("quantity").as("quantity"),
          eb.fn.sum<number>("sales_cents").as("sales"),
        ])
        .groupBy("variant_id")
        .having((eb) => eb.fn.sum("orders"), ">", 0)
        .execute();
      return rows.map((row) => ({
        variantId: row.variant_id,
        productId: row.product_id,
        name: row.name,
        options: row.variant_options === null ? [] : (JSON.parse(row.variant_options) as VariantOption[]),
        sku: row.sku,
        orders: Number(row.orders),
        quantity: Number(row.quantity),
        salesCents: Number(row.sales),
      }));
    },

    /**
     * Keeps order_daily_sales, order_daily_product_sales (migration 026) and order_daily_variant_sales (migration 038) in step with an order
     * that enters (+1) or leaves (-1) the sales statuses, in that change's transaction: the order
     * (its state and total) and its lines by product, added to or taken from the day it was
     * placed. Of two concurrent changes of one order only one moves it (the status update is
     * conditional), so it is counted once.
     */
    async adjustDailySales(executor: Executor, orderId: string, sign: 1 | -1): Promise<void> {
      const order = await executor
        .selectFrom("orders")
        .select(["created_at", "ship_state", "total_cents"])
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!order) return;
      const day = order.created_at.slice(0, 10);
      await executor
        .insertInto("order_daily_sales")
        .values({ day, ship_state: order.ship_state, orders: sign, revenue_cents: sign * order.total_cents })
        .onConflict((conflict) =>
          conflict.columns(["day", "ship_state"]).doUpdateSet({
            orders: sql`order_daily_sales.orders + excluded.orders`,
            revenue_cents: sql`order_daily_sales.revenue_cents + excluded.revenue_cents`,
          }),
        )
        .execute();
      const lines = await executor
        .selectFrom("order_lines")
        .select((eb) => [
          "product_id",
          eb.fn.max("name").as("name"),
          eb.fn.max("sku").as("sku"),
          eb.fn.sum<number>("quantity").as("quantity"),
          eb.fn.sum<number>("line_total_cents").as("sales"),
        ])
        .where("order_id", "=", orderId)
        .groupBy("product_id")
        // Rows are taken in the order they are written: by product, as every change of an order takes them.
        .orderBy("product_id")
        .execute();
      if (lines.length === 0) return;
      await executor
        .insertInto("order_daily_product_sales")
        .values(
          lines.map((line) => ({
            day,
            product_id: line.product_id,
            name: line.name,
            sku: line.sku,
            orders: sign,
            quantity: sign * Number(line.quantity),
            sales_cents: sign * Number(line.sales),
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(["day", "product_id"]).doUpdateSet({
            name: (eb) => eb.ref("excluded.name"),
            sku: (eb) => eb.ref("excluded.sku"),
            orders: sql`order_daily_product_sales.orders + excluded.orders`,
            quantity: sql`order_daily_product_sales.quantity + excluded.quantity`,
            sales_cents: sql`order_daily_product_sales.sales_cents + excluded.sales_cents`,
          }),
        )
        .execute();
      const variants = await executor
        .selectFrom("order_lines")
        .select((eb) => [
          "variant_id",
          eb.fn.max("product_id").as("product_id"),
          eb.fn.max("name").as("name"),
          eb.fn.max("variant_options").as("variant_options"),
          eb.fn.max("sku").as("sku"),
          eb.fn.sum<number>("quantity").as("quantity"),
          eb.fn.sum<number>("line_total_cents").as("sales"),
        ])
        .where("order_id", "=", orderId)
        .groupBy("variant_id")
        .orderBy("variant_id")
        .execute();
      await executor
        .insertInto("order_daily_variant_sales")
        .values(
          variants.map((line) => ({
            day,
            variant_id: line.variant_id,
            product_id: line.product_id,
            name: line.name,
            variant_options: line.variant_options,
            sku: line.sku,
            orders: sign,
            quantity: sign * Number(line.quantity),
            sales_cents: sign * Number(line.sales),
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(["day", "variant_id"]).doUpdateSet({
            name: (eb) => eb.ref("excluded.name"),
            variant_options: (eb) => eb.ref("excluded.variant_options"),
            sku: (eb) => eb.ref("excluded.sku"),
            orders: sql`order_daily_variant_sales.orders + excluded.orders`,
            quantity: sql`order_daily_variant_sales.quantity + excluded.quantity`,
            sales_cents: sql`order_daily_variant_sales.sales_cents + excluded.sales_cents`,
          }),
        )
        .execute();
    },

    /** Fills the daily tables again from the orders (the bench, after writing orders directly). */
    async rebuildDailySales(): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("order_daily_sales").execute();
        await trx.deleteFrom("order_daily_product_sales").execute();
        await trx.deleteFrom("order_daily_variant_sales").execute();
        const lineDay = sql<string>`substr(o.created_at, 1, 10)`;
        await trx
          .insertInto("order_daily_sales")
          .columns(["day", "ship_state", "orders", "revenue_cents"])
          .expression((eb) =>
            eb
              .selectFrom("orders as o")
              .where("o.status", "in", SALES_STATUSES)
              .select((inner) => [
                lineDay.as("day"),
                "o.ship_state",
                inner.fn.countAll<number>().as("orders"),
                inner.fn.sum<number>("o.total_cents").as("revenue_cents"),
              ])
              .groupBy([lineDay, "o.ship_state"]),
          )
          .execute();
        await trx
          .insertInto("order_daily_product_sales")
          .columns(["day", "product_id", "name", "sku", "orders", "quantity", "sales_cents"])
          .expression((eb) =>
            eb
              .selectFrom("orders as o")
              .innerJoin("order_lines as l", "l.order_id", "o.id")
              .where("o.status", "in", SALES_STATUSES)
              .select((inner) => [
                lineDay.as("day"),
                "l.product_id",
                inner.fn.max("l.name").as("name"),
                inner.fn.max("l.sku").as("sku"),
                inner.fn.count<number>("o.id").distinct().as("orders"),
                inner.fn.sum<number>("l.quantity").as("quantity"),
                inner.fn.sum<number>("l.line_total_cents").as("sales_cents"),
              ])
              .groupBy([lineDay, "l.product_id"]),
          )
          .execute();
        await trx
          .insertInto("order_daily_variant_sales")
          .columns([
            "day",
            "variant_id",
            "product_id",
            "name",
            "variant_options",
            "sku",
            "orders",
            "quantity",
            "sales_cents",
          ])
          .expression((eb) =>
            eb
              .selectFrom("orders as o")
              .innerJoin("order_lines as l", "l.order_id", "o.id")
              .where("o.status", "in", SALES_STATUSES)
              .select((inner) => [
                lineDay.as("day"),
                "l.variant_id",
                inner.fn.max("l.product_id").as("product_id"),
                inner.fn.max("l.name").as("name"),
                inner.fn.max("l.variant_options").as("variant_options"),
                inner.fn.max("l.sku").as("sku"),
                inner.fn.count<number>("o.id").distinct().as("orders"),
                inner.fn.sum<number>("l.quantity").as("quantity"),
                inner.fn.sum<number>("l.line_total_cents").as("sales_cents"),
              ])
              .groupBy([lineDay, "l.variant_id"]),
          )
          .execute();
      });
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
