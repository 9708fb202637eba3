import { type Kysely, sql } from "kysely";

// Frozen. The storefront's lists order by a column and then by id (newest id first on ties), and
// take a page's ids before anything else (docs/decisions/068). With the id at the end of each
// listing index, a page is read from the index alone in its order: page 50 of a category no
// longer sorts every product of the category by id, and the counts still read these indexes.
const listings = [
  ["products_listing", ["active", "created_at"]],
  ["products_category_listing", ["master_category_id", "active", "created_at"]],
  ["products_featured_listing", ["featured", "active", "created_at"]],
  ["products_price_listing", ["active", "unit_price_cents"]],
  ["products_name_listing", ["active", "name"]],
] as const;

/** Each listing index made again, with the id at its end or (going down) without it. */
async function recreate(db: Kysely<unknown>, withId: boolean): Promise<void> {
  for (const [name, columns] of listings) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on("products")
      .columns(withId ? [...columns, "id"] : [...columns])
      .execute();
  }
  await sql`analyze products`.execute(db);
}

export const up = (db: Kysely<unknown>) => recreate(db, true);
export const down = (db: Kysely<unknown>) => recreate(db, false);
