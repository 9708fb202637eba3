import { type Kysely, sql } from "kysely";

// Frozen. Each outbox message keeps one Message-ID, chosen when it is written: a retry after a
// crash sends the same message again, and mail clients see one message, not two (docs/decisions/078).
// Rows written before this get one from their id. Each message also keeps the Reply-To it was
// written with (the store profile's e-mail; null for the rows before this: none).
// An order keeps the payee details of its payment method as they were when it was placed
// (bank account, Zelle recipient, money order payee), as JSON; null before this.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("message_id", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("mail_outbox").addColumn("reply_to", "text").execute();
  await sql`UPDATE mail_outbox SET message_id = '<' || id || '@outbox.invalid>'`.execute(db);
  await db.schema.alterTable("orders").addColumn("payment_payee", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("payment_payee").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("reply_to").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("message_id").execute();
}
