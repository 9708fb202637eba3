import { type Kysely, sql } from "kysely";

// Frozen. Batches of products (the lot number printed on the package) and one certificate of
// analysis per batch. Results are whole numbers: cannabinoids in thousandths of a
// percent by weight, alkaloids in micrograms per serving; null means not tested. The PDF lives
// in DATA_DIR/documents, named by its SHA-256 (docs/decisions/016).

const CANNABINOIDS = [
  "delta9_thc_mpct",
  "thca_mpct",
  "delta8_thc_mpct",
  "delta10_thc_mpct",
  "hhc_mpct",
  "cbd_mpct",
  "cbda_mpct",
  "cbg_mpct",
  "cbn_mpct",
];
const PANELS = ["pesticides", "heavy_metals", "microbials", "mycotoxins", "residual_solvents"];
const ALKALOIDS = ["mitragynine_ug", "seven_oh_ug", "pseudoindoxyl_ug"];
const ISO_DATE = "____-__-__";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("batches")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("lot_number", "text", (c) =>
      c.notNull().unique().check(sql`lot_number = upper(lot_number) and length(lot_number) between 2 and 40`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("batches_product").on("batches").column("product_id").execute();

  let coas = db.schema
    .createTable("coas")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("batch_id", "text", (c) => c.notNull().unique().references("batches.id").onDelete("cascade"))
    .addColumn("lab_name", "text", (c) => c.notNull())
    .addColumn("lab_accreditation", "text", (c) => c.notNull())
    .addColumn("lab_certificate_number", "text", (c) => c.notNull())
    .addColumn("sample_date", "text", (c) => c.notNull().check(sql`sample_date like ${sql.lit(ISO_DATE)}`))
    .addColumn("test_date", "text", (c) => c.notNull().check(sql`test_date like ${sql.lit(ISO_DATE)}`))
    .addColumn("report_date", "text", (c) => c.notNull().check(sql`report_date like ${sql.lit(ISO_DATE)}`));
  for (const column of CANNABINOIDS) {
    coas = coas.addColumn(column, "integer", (c) => c.check(sql`${sql.ref(column)} between 0 and 100000`));
  }
  for (const column of PANELS) {
    coas = coas.addColumn(column, "text", (c) =>
      c
        .notNull()
        .defaultTo("not_tested")
        .check(sql`${sql.ref(column)} in ('passed', 'failed', 'not_tested')`),
    );
  }
  coas = coas.addColumn("serving_size", "text");
  for (const column of ALKALOIDS) {
    coas = coas.addColumn(column, "integer", (c) => c.check(sql`${sql.ref(column)} >= 0`));
  }
  await coas
    .addColumn("seven_oh_share_mpct", "integer", (c) => c.check(sql`seven_oh_share_mpct between 0 and 100000`))
    .addColumn("pdf_key", "text", (c) => c.notNull().check(sql`length(pdf_key) = 64`))
    .addColumn("pdf_bytes", "integer", (c) => c.notNull().check(sql`pdf_bytes > 0`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("coas_dates_in_order", sql`sample_date <= test_date and test_date <= report_date`)
    .execute();
  await db.schema.createIndex("coas_report_date").on("coas").columns(["report_date", "batch_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("coas").execute();
  await db.schema.dropTable("batches").execute();
}
