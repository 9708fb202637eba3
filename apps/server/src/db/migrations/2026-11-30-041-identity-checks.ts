import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. The identity check (docs/decisions/099):
// - orders.status and order_events.status may be verification_pending: an order whose buyer the
//   identity provider did not match waits there for a photo of the buyer's ID. On SQLite each
//   column is rebuilt beside itself with the wider CHECK (migration 036's way), the indexes led by
//   orders.status dropped first and made again; PostgreSQL swaps the constraint.
// - identity_checks: every answer of the identity provider, kept and never edited: who, for which
//   order (null: none yet), the step (the record check or a document), the outcome, the provider's
//   reference and words, what was sent (name, date of birth, address) and the private files of a
//   document step. A buyer's latest match is what a later order may reuse.
// Down refuses while an order is pending (cancel it first), then narrows the CHECKs and drops the table.

const BEFORE = ["awaiting_payment", "paid", "processing", "shipped", "delivered", "ready_for_pickup", "picked_up"];
const AFTER = ["cancelled", "refunded"];
const WIDE = ["verification_pending", ...BEFORE, ...AFTER];
const NARROW = [...BEFORE, ...AFTER];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const oneOf = (name: string, values: readonly string[]) =>
  sql`check (${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))}))`;

async function setStatuses(db: Kysely<unknown>, statuses: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    for (const table of ["orders", "order_events"]) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_status_check`)}`.execute(db);
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_status_check`)} ${oneOf("status", statuses)}`.execute(
        db,
      );
    }
    return;
  }
  await db.schema.dropIndex("orders_status_created").execute();
  await db.schema.dropIndex("orders_for_reports").execute();
  for (const table of ["orders", "order_events"]) {
    await db.schema
      .alterTable(table)
      .addColumn("status_next", "text", (c) =>
        c.notNull().defaultTo("cancelled").modifyEnd(oneOf("status_next", statuses)),
      )
      .execute();
    await sql`update ${sql.table(table)} set status_next = status`.execute(db);
    await db.schema.alterTable(table).dropColumn("status").execute();
    await db.schema.alterTable(table).renameColumn("status_next", "status").execute();
  }
  // Migrations 011 and 026's indexes, on the same columns.
  await db.schema.createIndex("orders_status_created").on("orders").columns(["status", "created_at"]).execute();
  await db.schema
    .createIndex("orders_for_reports")
    .on("orders")
    .columns(["status", "created_at", "total_cents", "ship_state"])
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setStatuses(db, WIDE);
  await db.schema
    .createTable("identity_checks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("step", "text", (c) => c.notNull().modifyEnd(oneOf("step", ["record", "document"])))
    .addColumn("outcome", "text", (c) => c.notNull().modifyEnd(oneOf("outcome", ["verified", "no_match", "refused"])))
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("date_of_birth", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("front_file", "text")
    .addColumn("back_file", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("identity_checks_user")
    .on("identity_checks")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("identity_checks_order")
    .on("identity_checks")
    .columns(["order_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pending = await sql<{ n: number | string }>`
    select count(*) as n from orders where status = 'verification_pending'`.execute(db);
  if (Number(pending.rows[0]?.n ?? 0) > 0) {
    throw new Error("Orders are waiting for an identity check: cancel them before undoing migration 041.");
  }
  await db.schema.dropTable("identity_checks").execute();
  await setStatuses(db, NARROW);
}
