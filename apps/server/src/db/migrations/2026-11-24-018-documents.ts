import { type Kysely, sql } from "kysely";

// Frozen. The shop's own documents (licenses, lab reports, insurance, certificates and others):
// details staff give, the file's checked type and size, and who uploaded it, named as they were
// then. The file lives in DATA_DIR/private-documents under the document's id, never under the web
// root: only staff download it (docs/decisions/041). COAs stay with their batches.
const ISO_DATE = "____-__-__";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('lab_report', 'license', 'insurance', 'certificate', 'other')`),
    )
    .addColumn("title", "text", (c) => c.notNull().check(sql`length(title) between 1 and 200`))
    // A product deleted later leaves its documents, without the product.
    .addColumn("product_id", "text", (c) => c.references("products.id").onDelete("set null"))
    .addColumn("lot_number", "text", (c) => c.check(sql`lot_number = upper(lot_number)`))
    .addColumn("issued_on", "text", (c) => c.notNull().check(sql`issued_on like ${sql.lit(ISO_DATE)}`))
    .addColumn("expires_on", "text", (c) => c.check(sql`expires_on like ${sql.lit(ISO_DATE)}`))
    .addColumn("notes", "text")
    .addColumn("content_type", "text", (c) =>
      c.notNull().check(sql`content_type in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')`),
    )
    .addColumn("file_bytes", "integer", (c) => c.notNull().check(sql`file_bytes > 0`))
    .addColumn("uploaded_by_id", "text")
    .addColumn("uploaded_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("documents_dates_in_order", sql`expires_on is null or expires_on >= issued_on`)
    .execute();
  await db.schema.createIndex("documents_issued").on("documents").columns(["issued_on", "id"]).execute();
  await db.schema.createIndex("documents_expiry").on("documents").columns(["expires_on", "type"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("documents").execute();
}
