import { type Kysely, sql } from "kysely";

// Frozen. Reports (docs/decisions/055).
// - orders_for_reports: the sales, status and state reports group the orders placed in a range by
//   status (and state) and sum their totals; led by status, then the time placed, and holding the
//   total and the state, the index answers them alone, a range of it per status.
// - order_daily_product_sales: what each product sold each UTC day in the orders that count as
//   sales (paid, not cancelled or refunded): orders, units and line totals, with the name and SKU
//   last sold under. Joining a year of orders to their lines took 1-2 s at 100,000 orders; this
//   table is kept by the orders module in the transaction that places an order or moves it into
//   or out of the sales statuses. Filled here from the orders there are.
// - order_daily_sales: the same orders per UTC day and ship-to state, with their totals: the sales
//   over time and by state read it instead of every order of the range (a year of orders through
//   the index took up to 200 ms at p95 on a busy machine). Kept and filled the same way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("orders_for_reports")
    .on("orders")
    .columns(["status", "created_at", "total_cents", "ship_state"])
    .execute();
  await db.schema
    .createTable("order_daily_product_sales")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("orders", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("sales_cents", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_daily_product_sales_pk", ["day", "product_id"])
    .execute();
  await sql`
    insert into order_daily_product_sales (day, product_id, name, sku, orders, quantity, sales_cents)
    select substr(o.created_at, 1, 10), l.product_id, max(l.name), max(l.sku), count(distinct o.id),
      sum(l.quantity), sum(l.line_total_cents)
    from orders o inner join order_lines l on l.order_id = o.id
    where o.status in ('paid', 'processing', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up')
    group by substr(o.created_at, 1, 10), l.product_id
  `.execute(db);
  await db.schema
    .createTable("order_daily_sales")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("ship_state", "text", (c) => c.notNull())
    .addColumn("orders", "integer", (c) => c.notNull())
    .addColumn("revenue_cents", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_daily_sales_pk", ["day", "ship_state"])
    .execute();
  await sql`
    insert into order_daily_sales (day, ship_state, orders, revenue_cents)
    select substr(created_at, 1, 10), ship_state, count(*), sum(total_cents)
    from orders
    where status in ('paid', 'processing', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up')
    group by substr(created_at, 1, 10), ship_state
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_daily_sales").execute();
  await db.schema.dropTable("order_daily_product_sales").execute();
  await db.schema.dropIndex("orders_for_reports").execute();
}
