import { type Kysely, sql } from "kysely";

// Frozen. Wholesale accounts (docs/decisions/102).
// - wholesale_accounts: one per buyer who applied to buy wholesale: the business, its EIN, the
//   ship-to store's address, the status (pending, approved, refused), the payment terms staff gave
//   it (net 15 or 30 days; null: pays as retail buyers do), and who reviewed it when, with the
//   reason of a refusal.
// - wholesale_documents: the account's state licence (tobacco or vapor retail) and its resale
//   certificates, one or more per state, each with its number, expiry and file (kept private in
//   the documents' folder under its own id), and a review of its own: a renewal is approved like
//   the first one.
// - orders gain their channel (retail or wholesale), the wholesale account, the buyer's licence as
//   the order was placed (JSON: number, state, expiry; the PACT report reads it) and the day an
//   order on terms is due.
// - tax_rules gain what a rule says of a sale to a licensed retailer: charged as to anyone, or
//   exempt (a retail-level tax the retailer collects when it sells).
// - compliance_rules gain except_licensed: a ban that does not apply to deliveries to a licensed
//   business (Maine, Nebraska).
// Down drops them all.

const oneOf = (name: string, values: readonly string[]) =>
  sql`check (${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))}))`;
const flag = (name: string) => sql`check (${sql.ref(name)} in (0, 1))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("wholesale_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().modifyEnd(oneOf("status", ["pending", "approved", "refused"])))
    .addColumn("business_name", "text", (c) => c.notNull())
    .addColumn("ein", "text", (c) => c.notNull())
    .addColumn("store_line1", "text", (c) => c.notNull())
    .addColumn("store_line2", "text")
    .addColumn("store_city", "text", (c) => c.notNull())
    .addColumn("store_state", "text", (c) => c.notNull())
    .addColumn("store_zip", "text", (c) => c.notNull())
    .addColumn("terms_days", "integer", (c) => c.modifyEnd(sql`check (terms_days in (15, 30))`))
    .addColumn("refusal_reason", "text")
    .addColumn("reviewed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reviewed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("wholesale_accounts_status")
    .on("wholesale_accounts")
    .columns(["status", "created_at"])
    .execute();
  await db.schema
    .createTable("wholesale_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("wholesale_accounts.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().modifyEnd(oneOf("kind", ["licence", "resale_certificate"])))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("expires_on", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().modifyEnd(oneOf("status", ["pending", "approved", "refused"])))
    .addColumn("refusal_reason", "text")
    .addColumn("reviewed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reviewed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("wholesale_documents_account")
    .on("wholesale_documents")
    .columns(["account_id", "kind", "state"])
    .execute();
  await db.schema
    .createIndex("wholesale_documents_expiry")
    .on("wholesale_documents")
    .columns(["status", "expires_on"])
    .execute();

  await db.schema
    .alterTable("orders")
    .addColumn("channel", "text", (c) =>
      c
        .notNull()
        .defaultTo("retail")
        .modifyEnd(oneOf("channel", ["retail", "wholesale"])),
    )
    .execute();
  // No foreign key: SQLite cannot drop a column that has one, and an account is never deleted.
  await db.schema.alterTable("orders").addColumn("wholesale_account_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("buyer_licence", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_due_on", "text").execute();
  await db.schema.createIndex("orders_channel_created").on("orders").columns(["channel", "created_at"]).execute();
  await db.schema
    .createIndex("orders_wholesale_account")
    .on("orders")
    .columns(["wholesale_account_id", "payment_due_on"])
    .execute();

  await db.schema
    .alterTable("tax_rules")
    .addColumn("wholesale", "text", (c) =>
      c
        .notNull()
        .defaultTo("charged")
        .modifyEnd(oneOf("wholesale", ["charged", "exempt"])),
    )
    .execute();
  await db.schema
    .alterTable("compliance_rules")
    .addColumn("except_licensed", "integer", (c) => c.notNull().defaultTo(0).modifyEnd(flag("except_licensed")))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("compliance_rules").dropColumn("except_licensed").execute();
  await db.schema.alterTable("tax_rules").dropColumn("wholesale").execute();
  await db.schema.dropIndex("orders_wholesale_account").execute();
  await db.schema.dropIndex("orders_channel_created").execute();
  for (const column of ["payment_due_on", "buyer_licence", "wholesale_account_id", "channel"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.dropTable("wholesale_documents").execute();
  await db.schema.dropTable("wholesale_accounts").execute();
}
