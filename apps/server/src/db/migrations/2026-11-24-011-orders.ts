import { type Kysely, sql } from "kysely";

// Frozen. Orders (docs/decisions/032): the order with the address, payment method and totals as they
// were when placed, its lines (a snapshot of name, SKU, unit and price), its timeline, and the
// Idempotency-Keys that make placing an order safe to retry. A pickup order
// keeps the store's address as where it goes, and the ID staff checked at the counter.
export async function up(db: Kysely<unknown>): Promise<void> {
  const nonNegative = (name: string) => sql`check (${sql.ref(name)} >= 0)`;
  const statuses = sql`('awaiting_payment', 'paid', 'processing', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up', 'cancelled', 'refunded')`;
  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ${statuses}`))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("fulfilment", "text", (c) => c.notNull().check(sql`fulfilment in ('ship', 'pickup')`))
    .addColumn("ship_full_name", "text", (c) => c.notNull())
    .addColumn("ship_line1", "text", (c) => c.notNull())
    .addColumn("ship_line2", "text")
    .addColumn("ship_city", "text", (c) => c.notNull())
    .addColumn("ship_state", "text", (c) => c.notNull())
    .addColumn("ship_zip", "text", (c) => c.notNull())
    .addColumn("ship_phone", "text")
    .addColumn("payment_method_id", "text", (c) => c.notNull())
    .addColumn("payment_method_name", "text", (c) => c.notNull())
    .addColumn("payment_instructions", "text", (c) => c.notNull())
    .addColumn("subtotal_cents", "integer", (c) => c.notNull().modifyEnd(nonNegative("subtotal_cents")))
    .addColumn("shipping_cents", "integer", (c) => c.notNull().modifyEnd(nonNegative("shipping_cents")))
    .addColumn("tax_cents", "integer", (c) => c.notNull().modifyEnd(nonNegative("tax_cents")))
    .addColumn("tax_basis_points", "integer", (c) => c.notNull().modifyEnd(nonNegative("tax_basis_points")))
    .addColumn("total_cents", "integer", (c) =>
      c.notNull().check(sql`total_cents >= 0 and total_cents = subtotal_cents + shipping_cents + tax_cents`),
    )
    .addColumn("id_document", "text")
    .addColumn("id_checked_by", "text")
    .addColumn("id_checked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_user_created").on("orders").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("orders_status_created").on("orders").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("order_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull().check(sql`unit in ('piece', 'box')`))
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().modifyEnd(nonNegative("unit_price_cents")))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("pieces_per_unit", "integer", (c) => c.notNull().check(sql`pieces_per_unit > 0`))
    .addColumn("line_total_cents", "integer", (c) =>
      c.notNull().check(sql`line_total_cents = unit_price_cents * quantity`),
    )
    .execute();
  await db.schema.createIndex("order_lines_order").on("order_lines").columns(["order_id", "position"]).execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ${statuses}`))
    .addColumn("actor_id", "text")
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("order_idempotency_keys")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_idempotency_keys_pk", ["user_id", "key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_idempotency_keys").execute();
  await db.schema.dropTable("order_events").execute();
  await db.schema.dropTable("order_lines").execute();
  await db.schema.dropTable("orders").execute();
}
