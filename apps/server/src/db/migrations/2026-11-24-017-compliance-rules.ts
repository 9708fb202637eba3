import { type Kysely, sql } from "kysely";

// Frozen. Jurisdiction rules (docs/decisions/040): one row per
// rule with its fields as columns, so the list filters by state, class and last check on indexes;
// a ZIP set's codes are one space-separated text (read whole, never searched by SQL). `version`
// grows by one on every change, and each version is kept whole, as JSON, in
// compliance_rule_versions, which is only ever added to: order evidence names a rule's version.
// Nothing deletes a rule; it ends by its effective_to.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("compliance_rules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().check(sql`version >= 1`))
    .addColumn("level", "text", (c) => c.notNull().check(sql`level in ('country', 'state', 'locality', 'zip_set')`))
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("state", "text")
    .addColumn("locality", "text")
    .addColumn("zip_set_name", "text")
    .addColumn("zips", "text")
    .addColumn("regulatory_class", "text", (c) => c.notNull())
    .addColumn("effect", "text", (c) => c.notNull().check(sql`effect in ('allow', 'ban', 'restrict')`))
    .addColumn("min_age", "integer")
    /** Space-separated requirement names. */
    .addColumn("requirements", "text", (c) => c.notNull())
    .addColumn("statement", "text")
    .addColumn("condition_attribute", "text")
    .addColumn("condition_operator", "text")
    .addColumn("condition_value", "text")
    .addColumn("effective_from", "text", (c) => c.notNull())
    .addColumn("effective_to", "text")
    .addColumn("source_url", "text", (c) => c.notNull())
    .addColumn("source_date", "text")
    .addColumn("last_checked_on", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("is_example", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("compliance_rules_state_named", sql`level = 'country' or state is not null`)
    .execute();
  await db.schema.createIndex("compliance_rules_state").on("compliance_rules").columns(["state", "id"]).execute();
  await db.schema
    .createIndex("compliance_rules_class")
    .on("compliance_rules")
    .columns(["regulatory_class", "id"])
    .execute();
  await db.schema.createIndex("compliance_rules_checked").on("compliance_rules").columns(["last_checked_on"]).execute();

  await db.schema
    .createTable("compliance_rule_versions")
    .addColumn("rule_id", "text", (c) => c.notNull().references("compliance_rules.id"))
    .addColumn("version", "integer", (c) => c.notNull())
    /** The whole rule as it was at this version (the API's input shape), as JSON. */
    .addColumn("rule_json", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    /** Who made the change, named as they were then; null for the demo data and the shop's own work. */
    .addColumn("actor_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("compliance_rule_versions_pk", ["rule_id", "version"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("compliance_rule_versions").execute();
  await db.schema.dropTable("compliance_rules").execute();
}
