import type { Kysely } from "kysely";

// Frozen. What the rules decided when an order was placed, kept with it and never edited
// (docs/decisions/045):
// - each line's regulatory classes, one row per class like the product's (the (class, line) index
//   finds the vape lines for the PACT report), and the brand, as they were when it was placed;
// - each line's decision (rules applied with their versions, outcome, minimum age, requirements)
//   and the order's age evidence (method, date of birth used, when), as JSON;
// - the order's requirements and shipping-document statements, and whether it needs an adult
//   signature, a column so that lists and the packing slip read it without parsing.
// Orders placed before this migration have no evidence: their columns stay null.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("order_line_classes")
    .addColumn("order_line_id", "text", (c) => c.notNull().references("order_lines.id"))
    .addColumn("class", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_line_classes_pk", ["order_line_id", "class"])
    .execute();
  await db.schema
    .createIndex("order_line_classes_by_class")
    .on("order_line_classes")
    .columns(["class", "order_line_id"])
    .execute();
  await db.schema.alterTable("order_lines").addColumn("brand", "text").execute();
  await db.schema.alterTable("order_lines").addColumn("compliance_decision", "text").execute();
  await db.schema.alterTable("orders").addColumn("age_evidence", "text").execute();
  await db.schema.alterTable("orders").addColumn("compliance_requirements", "text").execute();
  await db.schema.alterTable("orders").addColumn("compliance_statements", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("adult_signature_required", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "adult_signature_required",
    "compliance_statements",
    "compliance_requirements",
    "age_evidence",
  ]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.alterTable("order_lines").dropColumn("compliance_decision").execute();
  await db.schema.alterTable("order_lines").dropColumn("brand").execute();
  await db.schema.dropTable("order_line_classes").execute();
}
