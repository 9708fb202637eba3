import type { Kysely } from "kysely";

// Frozen. The contact inbox (docs/decisions/051): who marked a message handled
// (answered_at, from migration 003, is when), and every reply staff sent from the dashboard, kept
// with its message (who, when, what). The (answered_at, created_at) index serves the inbox's
// filters and the sidebar's count of messages still waiting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("handled_by_name", "text").execute();
  await db.schema
    .createIndex("contact_messages_by_answered")
    .on("contact_messages")
    .columns(["answered_at", "created_at"])
    .execute();
  await db.schema
    .createTable("contact_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_id", "text", (c) => c.notNull().references("contact_messages.id"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("author_id", "text")
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_replies_by_message")
    .on("contact_replies")
    .columns(["message_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_replies").execute();
  await db.schema.dropIndex("contact_messages_by_answered").execute();
  await db.schema.alterTable("contact_messages").dropColumn("handled_by_name").execute();
}
