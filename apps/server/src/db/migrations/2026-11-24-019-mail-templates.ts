import type { Kysely } from "kysely";

// Frozen. The shop's own words for an e-mail (docs/decisions/042): one row per kind it changed; a kind
// without a row is sent with the default in code, and reset to default deletes the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_templates")
    .addColumn("kind", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_by_name", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_templates").execute();
}
