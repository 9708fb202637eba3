import { type Kysely, sql } from "kysely";

// Frozen. What staff record on an order: payments and refunds received or sent (amount, method,
// reference, date, who), the shipment's carrier and tracking number, and the buyer's name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("order_payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('payment', 'refund')`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("received_on", "text", (c) => c.notNull())
    .addColumn("actor_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_payments_order")
    .on("order_payments")
    .columns(["order_id", "created_at"])
    .execute();
  // The buyer's name as it was, so staff can search orders by it without reading the accounts' tables.
  await db.schema
    .alterTable("orders")
    .addColumn("customer_name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("orders").addColumn("carrier", "text").execute();
  await db.schema.alterTable("orders").addColumn("tracking_number", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("tracking_number").execute();
  await db.schema.alterTable("orders").dropColumn("carrier").execute();
  await db.schema.alterTable("orders").dropColumn("customer_name").execute();
  await db.schema.dropTable("order_payments").execute();
}
