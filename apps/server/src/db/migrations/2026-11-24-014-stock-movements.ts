import { type Kysely, sql } from "kysely";

// Frozen. Stock movements: every change of a product's stock is one row, written in the same
// transaction as the change, so that a product's movements add up to its stock
// (docs/decisions/034). And job leases: a job that must run on one instance at a time (the unpaid
// order cancel) claims its row with a conditional UPDATE that only succeeds once the last claim expired.
export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = sql`('order', 'cancellation', 'refund', 'adjustment', 'import', 'initial')`;
  await db.schema
    .createTable("stock_movements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("change", "integer", (c) => c.notNull().check(sql`change <> 0`))
    .addColumn("stock_after", "integer", (c) => c.notNull().check(sql`stock_after >= 0`))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ${kinds}`))
    .addColumn("note", "text")
    .addColumn("order_id", "text")
    .addColumn("order_number", "text")
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // A staff adjustment always says why; an order's movements always name the order.
    .addCheckConstraint("stock_movements_adjustment_reason", sql`kind <> 'adjustment' or length(note) > 0`)
    .addCheckConstraint(
      "stock_movements_order_named",
      sql`kind not in ('order', 'cancellation', 'refund') or order_id is not null`,
    )
    .execute();
  await db.schema
    .createIndex("stock_movements_product_history")
    .on("stock_movements")
    .columns(["product_id", "created_at", "id"])
    .execute();
  // The stock a product already had when movements began is its opening count, so the sum holds from here on.
  const at = new Date().toISOString();
  await sql`insert into stock_movements (id, product_id, change, stock_after, kind, note, created_at)
    select 'opening-' || id, id, stock, stock, 'initial', 'Count when stock movements began', ${at}
    from products where stock > 0`.execute(db);

  await db.schema
    .createTable("job_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text")
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_leases").execute();
  await db.schema.dropTable("stock_movements").execute();
}
