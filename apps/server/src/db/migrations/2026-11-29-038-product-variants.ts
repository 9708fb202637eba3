import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. Options and variants (docs/decisions/093): a product has up to three options with
// ordered values, and variants, one per combination in use. A variant is what is sold: its SKU,
// the spec's price fields, its stock and its COA batches.
// - Every product becomes a one-variant product whose variant has the product's id (the product's
//   own variant, which every product keeps): carts, orders, stock movements and COA batches that
//   name the product name that variant.
// - products keeps its SKU, price and stock columns as the product's listing columns, kept by the
//   app from its variants (its own variant's SKU and prices; the stock of its active variants;
//   the lowest and highest unit price and the number of active variants), so that a list page
//   stays one query on products' indexes.
// - stock_movements, batches and order_lines name their variant; an order line keeps the
//   variant's option values as they were (JSON, null for a product without options).
// - order_daily_variant_sales: what each variant sold each UTC day in the orders that count as
//   sales, beside order_daily_product_sales (migration 026) and kept the same way, for the sales
//   by variant; filled here from the orders there are (each line's variant is its product's own).
// - product_facet_values: the nicotine strengths and sizes a product is sold in, its own columns'
//   and its active variants' values of the options so named, for the list's filters and their
//   counts through one index (kept by the app; filled here from the products' columns).
// - variant_id has no foreign key (SQLite cannot drop a column that has one): the catalogue removes a
//   variant's movements with it and refuses to remove one with COA batches.
// Down keeps each product's own variant in its columns (the others' stock, movements and batches
// go with them) and drops the rest.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const nonNegative = (name: string) => sql`check (${sql.ref(name)} >= 0)`;
const flag = (name: string) => sql`check (${sql.ref(name)} in (0, 1))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("product_options")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position between 0 and 2`))
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 40`))
    // A JSON array of the values in their order.
    .addColumn("option_values", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_options_pk", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("product_variants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().modifyEnd(nonNegative("position")))
    .addColumn("option1", "text")
    .addColumn("option2", "text")
    .addColumn("option3", "text")
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("price_cents", "integer", (c) => c.modifyEnd(nonNegative("price_cents")))
    .addColumn("distro_price_cents", "integer", (c) => c.modifyEnd(nonNegative("distro_price_cents")))
    .addColumn("selling_price_pcs_cents", "integer", (c) => c.modifyEnd(nonNegative("selling_price_pcs_cents")))
    .addColumn("selling_price_box_cents", "integer", (c) => c.modifyEnd(nonNegative("selling_price_box_cents")))
    .addColumn("pcs_per_pack", "integer", (c) => c.check(sql`pcs_per_pack > 0`))
    .addColumn("pack_per_box", "integer", (c) => c.check(sql`pack_per_box > 0`))
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(nonNegative("stock")))
    .addColumn("image_key", "text", (c) => c.references("images.key"))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1).modifyEnd(flag("active")))
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("product_variants_product")
    .on("product_variants")
    .columns(["product_id", "position"])
    .execute();
  // The low-stock list walks the active variants fewest first.
  await db.schema.createIndex("product_variants_stock").on("product_variants").columns(["active", "stock"]).execute();

  await sql`insert into product_variants (id, product_id, position, sku, price_cents, distro_price_cents,
      selling_price_pcs_cents, selling_price_box_cents, pcs_per_pack, pack_per_box, stock, active,
      unit_price_cents, created_at, updated_at)
    select id, id, 0, sku, price_cents, distro_price_cents, selling_price_pcs_cents, selling_price_box_cents,
      pcs_per_pack, pack_per_box, stock, 1, unit_price_cents, created_at, updated_at
    from products`.execute(db);

  await db.schema
    .createTable("product_facet_values")
    .addColumn("facet", "text", (c) => c.notNull().check(sql`facet in ('nicotine', 'size')`))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_facet_values_pk", ["facet", "value", "product_id"])
    .execute();
  await db.schema.createIndex("product_facet_values_product").on("product_facet_values").column("product_id").execute();
  for (const [facet, column] of [
    ["nicotine", "nicotine_strength"],
    ["size", "size"],
  ] as const) {
    await sql`insert into product_facet_values (facet, value, product_id)
      select ${facet}, ${sql.ref(column)}, id from products where ${sql.ref(column)} is not null and ${sql.ref(column)} <> ''`.execute(
      db,
    );
  }
  await db.schema
    .alterTable("products")
    .addColumn("max_unit_price_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("variant_count", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update products set max_unit_price_cents = unit_price_cents`.execute(db);

  for (const table of ["stock_movements", "batches"]) {
    await db.schema.alterTable(table).addColumn("variant_id", "text").execute();
    await sql`update ${sql.table(table)} set variant_id = product_id`.execute(db);
    await db.schema
      .createIndex(`${table}_variant`)
      .on(table)
      .columns(table === "stock_movements" ? ["variant_id", "created_at", "id"] : ["variant_id"])
      .execute();
  }
  await db.schema.alterTable("order_lines").addColumn("variant_id", "text").execute();
  await db.schema.alterTable("order_lines").addColumn("variant_options", "text").execute();
  await sql`update order_lines set variant_id = product_id`.execute(db);
  await db.schema
    .createTable("order_daily_variant_sales")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("variant_id", "text", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("variant_options", "text")
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("orders", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("sales_cents", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_daily_variant_sales_pk", ["day", "variant_id"])
    .execute();
  await sql`
    insert into order_daily_variant_sales (day, variant_id, product_id, name, variant_options, sku, orders, quantity,
      sales_cents)
    select substr(o.created_at, 1, 10), l.variant_id, max(l.product_id), max(l.name), max(l.variant_options),
      max(l.sku), count(distinct o.id), sum(l.quantity), sum(l.line_total_cents)
    from orders o inner join order_lines l on l.order_id = o.id
    where o.status in ('paid', 'processing', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up')
    group by substr(o.created_at, 1, 10), l.variant_id
  `.execute(db);
  if (isPostgres(db)) {
    // The order lines' deferred checks (migration 036) run now: PostgreSQL alters no table with
    // checks of its rows still pending. SQLite cannot add NOT NULL to a column in place; the app
    // always writes these there.
    await sql`set constraints order_lines_total_matches immediate`.execute(db);
    for (const table of ["stock_movements", "batches", "order_lines"]) {
      await sql`alter table ${sql.table(table)} alter column variant_id set not null`.execute(db);
    }
    await sql`set constraints order_lines_total_matches deferred`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from stock_movements where variant_id <> product_id`.execute(db);
  await sql`delete from batches where variant_id <> product_id`.execute(db);
  await sql`update products set stock = (select v.stock from product_variants v where v.id = products.id),
      unit_price_cents = (select v.unit_price_cents from product_variants v where v.id = products.id)`.execute(db);
  await db.schema.dropTable("order_daily_variant_sales").execute();
  await db.schema.alterTable("order_lines").dropColumn("variant_options").execute();
  await db.schema.alterTable("order_lines").dropColumn("variant_id").execute();
  for (const table of ["stock_movements", "batches"]) {
    await db.schema.dropIndex(`${table}_variant`).execute();
    await db.schema.alterTable(table).dropColumn("variant_id").execute();
  }
  await db.schema.alterTable("products").dropColumn("variant_count").execute();
  await db.schema.alterTable("products").dropColumn("max_unit_price_cents").execute();
  await db.schema.dropTable("product_facet_values").execute();
  await db.schema.dropTable("product_variants").execute();
  await db.schema.dropTable("product_options").execute();
}
