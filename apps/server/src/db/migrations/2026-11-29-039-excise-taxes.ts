import { type Kysely, sql } from "kysely";

// Frozen. Excise taxes (docs/decisions/096).
// - tax_rules: each state's, county's, city's or ZIP set's excise tax as data staff edit, with the
//   compliance rules' habits: a version that grows with each change (every version kept whole in
//   tax_rule_versions), effective dates, its source and when it was last checked, Example marking.
//   What it takes in (a regulatory class; nicotine, system and liquid conditions), its basis and
//   its rate in whole units of the basis: thousandths of a cent per ml or unit, basis points of a
//   percentage.
// - product_variants gains the facts the taxes need, each null where the product's own fields
//   tell (the Liquid and nicotine strength read as numbers, the system from the product type, the
//   DistroPrice as the wholesale cost): millilitres of liquid and nicotine in mg/ml, both in
//   thousandths; prefilled or open; the wholesale cost in cents.
// - order_adjustments gains what an excise adjustment was worked out on, for the filing reports:
//   the rule and its version, where it applies in words, the basis, the millilitres (thousandths),
//   the pieces, the rate in its units and whether sales tax was charged on it. Null for the other
//   kinds.
// Down drops them all.

const nonNegative = (name: string) => sql`check (${sql.ref(name)} >= 0)`;
const flag = (name: string) => sql`check (${sql.ref(name)} in (0, 1))`;
const oneOf = (name: string, values: readonly string[]) =>
  sql`check (${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))}))`;

const VARIANT_COLUMNS = ["liquid_ml", "nicotine_mg_per_ml", "vape_system", "wholesale_cost_cents"] as const;
const ADJUSTMENT_COLUMNS = [
  "tax_rule_id",
  "tax_rule_version",
  "tax_where",
  "tax_basis",
  "basis_ml",
  "pieces",
  "rate_units",
  "sales_tax_on_top",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tax_rules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull().modifyEnd(oneOf("level", ["state", "locality", "zip_set"])))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("locality", "text")
    .addColumn("zip_set_name", "text")
    .addColumn("zips", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("regulatory_class", "text", (c) => c.notNull())
    .addColumn("nicotine", "text", (c) =>
      c.notNull().modifyEnd(oneOf("nicotine", ["any", "nicotine", "nicotine_free"])),
    )
    .addColumn("system", "text", (c) => c.notNull().modifyEnd(oneOf("system", ["any", "prefilled", "open"])))
    .addColumn("liquid", "text", (c) =>
      c.notNull().modifyEnd(oneOf("liquid", ["any", "with_liquid", "without_liquid"])),
    )
    .addColumn("basis", "text", (c) =>
      c.notNull().modifyEnd(oneOf("basis", ["per_ml", "per_unit", "retail_percent", "wholesale_percent"])),
    )
    .addColumn("rate", "integer", (c) => c.notNull().modifyEnd(nonNegative("rate")))
    .addColumn("ml_rounding", "text", (c) => c.modifyEnd(oneOf("ml_rounding", ["whole_ml_down", "proportional"])))
    .addColumn("after_discount", "integer", (c) => c.notNull().modifyEnd(flag("after_discount")))
    .addColumn("sales_tax_on_top", "integer", (c) => c.notNull().modifyEnd(flag("sales_tax_on_top")))
    .addColumn("effective_from", "text", (c) => c.notNull())
    .addColumn("effective_to", "text")
    .addColumn("source_url", "text", (c) => c.notNull())
    .addColumn("source_date", "text")
    .addColumn("last_checked_on", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_example", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("is_example")))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tax_rules_state").on("tax_rules").columns(["state", "effective_from"]).execute();

  await db.schema
    .createTable("tax_rule_versions")
    .addColumn("rule_id", "text", (c) => c.notNull().references("tax_rules.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("rule_json", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("tax_rule_versions_pk", ["rule_id", "version"])
    .execute();

  const variants = db.schema.alterTable("product_variants");
  await variants.addColumn("liquid_ml", "integer", (c) => c.modifyEnd(nonNegative("liquid_ml"))).execute();
  await variants
    .addColumn("nicotine_mg_per_ml", "integer", (c) => c.modifyEnd(nonNegative("nicotine_mg_per_ml")))
    .execute();
  await variants
    .addColumn("vape_system", "text", (c) => c.modifyEnd(oneOf("vape_system", ["prefilled", "open"])))
    .execute();
  await variants
    .addColumn("wholesale_cost_cents", "integer", (c) => c.modifyEnd(nonNegative("wholesale_cost_cents")))
    .execute();

  const adjustments = db.schema.alterTable("order_adjustments");
  await adjustments.addColumn("tax_rule_id", "text").execute();
  await adjustments.addColumn("tax_rule_version", "integer").execute();
  await adjustments.addColumn("tax_where", "text").execute();
  await adjustments.addColumn("tax_basis", "text").execute();
  await adjustments.addColumn("basis_ml", "integer").execute();
  await adjustments.addColumn("pieces", "integer").execute();
  await adjustments.addColumn("rate_units", "integer").execute();
  await adjustments.addColumn("sales_tax_on_top", "integer").execute();
  await db.schema.createIndex("order_adjustments_tax_rule").on("order_adjustments").column("tax_rule_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("order_adjustments_tax_rule").execute();
  for (const column of ADJUSTMENT_COLUMNS) {
    await db.schema.alterTable("order_adjustments").dropColumn(column).execute();
  }
  for (const column of VARIANT_COLUMNS) {
    await db.schema.alterTable("product_variants").dropColumn(column).execute();
  }
  await db.schema.dropTable("tax_rule_versions").execute();
  await db.schema.dropIndex("tax_rules_state").execute();
  await db.schema.dropTable("tax_rules").execute();
}
