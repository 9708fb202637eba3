import { type Kysely, sql } from "kysely";

// Frozen. A product that a country-wide ban in force today takes in (the federal hemp limit, say)
// cannot be bought anywhere: the storefront shows it "Not for sale", never features it or counts it
// as available, and lists it after what can be bought (docs/decisions/080). The
// catalogue keeps that verdict on the product, decided by the same SQL as "ships to my state" and
// refreshed when a rule, a COA or the product changes and when the day does, so that every listing
// index can order by it first: buyable (0) before barred (1), then the list's own order. The
// newest-first and price-high-to-low sorts read their index backwards, so there the flag's column
// is descending; price needs one index for each direction.
const listings = [
  ["products_listing", ["active", "sold_nowhere desc", "created_at", "id"], ["active", "created_at", "id"]],
  [
    "products_category_listing",
    ["master_category_id", "active", "sold_nowhere desc", "created_at", "id"],
    ["master_category_id", "active", "created_at", "id"],
  ],
  [
    "products_featured_listing",
    ["featured", "active", "sold_nowhere desc", "created_at", "id"],
    ["featured", "active", "created_at", "id"],
  ],
  [
    "products_price_listing",
    ["active", "sold_nowhere", "unit_price_cents", "id"],
    ["active", "unit_price_cents", "id"],
  ],
  ["products_name_listing", ["active", "sold_nowhere", "name", "id"], ["active", "name", "id"]],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("sold_nowhere", "integer", (c) => c.notNull().defaultTo(0).check(sql`sold_nowhere in (0, 1)`))
    .execute();
  for (const [name, columns] of listings) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on("products")
      .columns([...columns])
      .execute();
  }
  await db.schema
    .createIndex("products_price_desc_listing")
    .on("products")
    .columns(["active", "sold_nowhere desc", "unit_price_cents", "id"])
    .execute();
  await sql`analyze products`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("products_price_desc_listing").execute();
  for (const [name, , columns] of listings) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on("products")
      .columns([...columns])
      .execute();
  }
  await db.schema.alterTable("products").dropColumn("sold_nowhere").execute();
}
