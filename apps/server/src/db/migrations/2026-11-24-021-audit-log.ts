import type { Kysely } from "kysely";

// Frozen. The audit log (docs/decisions/053): one row for each change staff made
// to products, prices, stock, orders, settings, rules, discounts and staff accounts, written in the
// same transaction as the change. Rows are only ever added: no code updates or deletes them.
// - actor: who, by id (null for the shop itself) and named as they were then;
// - kind, subject id and label (what was changed, named as it was then), action in words;
// - before and after: JSON objects of the fields that changed (null for created or deleted).
// The list is newest first, paged by (at, id); each filter has an index that ends in (at, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("subject_label", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .execute();
  await db.schema.createIndex("audit_entries_newest").on("audit_entries").columns(["at", "id"]).execute();
  await db.schema.createIndex("audit_entries_by_actor").on("audit_entries").columns(["actor_id", "at", "id"]).execute();
  await db.schema.createIndex("audit_entries_by_kind").on("audit_entries").columns(["kind", "at", "id"]).execute();
  await db.schema
    .createIndex("audit_entries_by_subject")
    .on("audit_entries")
    .columns(["kind", "subject_id", "at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_entries").execute();
}
