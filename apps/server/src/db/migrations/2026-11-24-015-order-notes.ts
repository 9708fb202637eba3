import type { Kysely } from "kysely";

// Frozen. Notes on an order: staff's own (internal, never shown to the buyer), each with who wrote
// it (named as they were then) and when; and the note a buyer may leave at checkout (delivery
// instructions and the like), kept on the order as it was typed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("order_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_notes_order").on("order_notes").columns(["order_id", "created_at"]).execute();
  await db.schema.alterTable("orders").addColumn("buyer_note", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("buyer_note").execute();
  await db.schema.dropTable("order_notes").execute();
}
