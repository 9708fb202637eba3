import type { Kysely } from "kysely";

// Frozen. The staff product list orders and filters every product, whatever its state, so it
// needs indexes that do not start with `active` (the storefront's do). The id after each column
// is the list's tie-break, so a page is read along the index without sorting.
const indexes = {
  products_admin_updated: ["updated_at", "id"],
  products_admin_created: ["created_at", "id"],
  products_admin_name: ["name", "id"],
  products_admin_price: ["unit_price_cents", "id"],
  products_admin_stock: ["stock", "id"],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) {
    await db.schema
      .createIndex(name)
      .on("products")
      .columns([...columns])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(indexes)) await db.schema.dropIndex(name).execute();
}
