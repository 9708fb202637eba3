import { type Kysely, sql } from "kysely";

// Frozen. Discount codes (docs/decisions/057):
// - discounts: the code (unique, in capitals), percent or cents off, the eligible goods' minimum,
//   first and last day (UTC, both included), the limits in total and per buyer, on/off, and
//   used_count, the orders not cancelled that used it. An order takes a use with one conditional
//   UPDATE (used_count < usage_limit), so concurrent orders never pass the limit; the CHECK is a
//   second guard.
// - discount_targets: what it applies to (products or categories); none: everything.
// - discount_uses: one row an order, with its buyer (the per-buyer limit counts these) and, when
//   the order was cancelled, when its use was given back.
// - orders.discount_code and discount_cents: what the order used and saved. subtotal_cents keeps
//   the meaning migration 011's CHECK gives it (total = subtotal + shipping + tax): the goods the
//   order bills, after the discount; the goods at their prices are subtotal_cents + discount_cents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("discounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn("value", "integer", (c) => c.notNull().check(sql`value > 0`))
    .addColumn("min_subtotal_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`min_subtotal_cents >= 0`))
    .addColumn("starts_on", "text")
    .addColumn("ends_on", "text")
    .addColumn("usage_limit", "integer")
    .addColumn("per_buyer_limit", "integer")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("used_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "discounts_used_within_limit",
      sql`used_count >= 0 and (usage_limit is null or used_count <= usage_limit)`,
    )
    .execute();
  await db.schema
    .createTable("discount_targets")
    .addColumn("discount_id", "text", (c) => c.notNull().references("discounts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('product', 'category')`))
    .addColumn("target_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("discount_targets_pk", ["discount_id", "kind", "target_id"])
    .execute();
  await db.schema
    .createTable("discount_uses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("discount_id", "text", (c) => c.notNull().references("discounts.id"))
    .addColumn("order_id", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("released_at", "text")
    .execute();
  await db.schema
    .createIndex("discount_uses_by_buyer")
    .on("discount_uses")
    .columns(["discount_id", "user_id"])
    .execute();
  await db.schema.alterTable("orders").addColumn("discount_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("discount_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`discount_cents >= 0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("discount_cents").execute();
  await db.schema.alterTable("orders").dropColumn("discount_code").execute();
  await db.schema.dropTable("discount_uses").execute();
  await db.schema.dropTable("discount_targets").execute();
  await db.schema.dropTable("discounts").execute();
}
