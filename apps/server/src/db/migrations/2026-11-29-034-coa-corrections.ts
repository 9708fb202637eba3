import type { Kysely } from "kysely";

// Frozen. Staff may correct a COA's figures with a reason (docs/decisions/083):
// one row per correction, kept with the COA (and gone with it when its batch is withdrawn), for the
// public batch page's "Corrected on …" note. Who made it, by id and named as they were then; the
// reason in their words; the figures that changed, before and after, as JSON objects in the API's
// names and units (thousandths of a percent, micrograms). The audit log keeps its own copy.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("coa_corrections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("coa_id", "text", (c) => c.notNull().references("coas.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("before_json", "text", (c) => c.notNull())
    .addColumn("after_json", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("coa_corrections_by_coa").on("coa_corrections").columns(["coa_id", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("coa_corrections").execute();
}
