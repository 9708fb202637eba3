import { type Kysely, sql } from "kysely";

// Frozen. Card payments asked for before the order is written (docs/decisions/101).
// - payment_attempts: each call to a card gateway made while placing an order, before the order's
//   transaction (so no network wait holds the database): who, the checkout's attempt key (the
//   buyer's idempotency key and the card token, hashed: one call per token), the order id and
//   number kept for that order, the provider, the operation (authorize or capture), its answer
//   (status, reference, message, the gateway's answer as JSON) and the amount. A declined or failed
//   attempt is all a refused checkout leaves behind. released_at: when an approved attempt whose
//   order could not be written was voided at the gateway.
// Down drops it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("attempt_key", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("order_number", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("operation", "text", (c) => c.notNull().check(sql`operation in ('authorize', 'capture')`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('succeeded', 'declined', 'failed')`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("reference", "text")
    .addColumn("message", "text")
    .addColumn("raw", "text", (c) => c.notNull())
    .addColumn("released_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_attempts_user")
    .on("payment_attempts")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_attempts").execute();
}
