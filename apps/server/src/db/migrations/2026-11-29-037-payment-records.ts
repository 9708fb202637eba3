import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. Payments behind providers (docs/decisions/090): order_payments becomes the record of
// every call to a payment provider and its answer.
// - kind: an authorization and its void join the payment (a capture, or money recorded by staff)
//   and the refund.
// - provider: which provider answered ("manual": bank transfer, Zelle, money order, recorded by
//   staff); status: succeeded, declined or failed (only succeeded money counts); raw: the
//   provider's answer as JSON; idempotency_key: a call repeated with the same key answers the
//   record kept, never a second charge (one per order and key).
// - actor_id may be empty: a gateway's webhook has no staff member behind it.
// Every payment recorded before was recorded by staff and succeeded: provider manual, status succeeded.
// Down keeps the manual records that succeeded (the only ones there could be before) and drops the rest.

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("order_payments")
    .addColumn("provider", "text", (c) => c.notNull().defaultTo("manual"))
    .execute();
  await db.schema
    .alterTable("order_payments")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("succeeded").check(sql`status in ('succeeded', 'declined', 'failed')`),
    )
    .execute();
  await db.schema.alterTable("order_payments").addColumn("raw", "text").execute();
  await db.schema.alterTable("order_payments").addColumn("idempotency_key", "text").execute();
  await db.schema
    .createIndex("order_payments_idempotency")
    .on("order_payments")
    .columns(["order_id", "idempotency_key"])
    .unique()
    .execute();
  await changeKindAndActor(db, ["authorization", "payment", "void", "refund"], true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from order_payments
    where provider <> 'manual' or status <> 'succeeded' or kind not in ('payment', 'refund') or actor_id is null
  `.execute(db);
  await changeKindAndActor(db, ["payment", "refund"], false);
  await db.schema.dropIndex("order_payments_idempotency").execute();
  for (const column of ["idempotency_key", "raw", "status", "provider"]) {
    await db.schema.alterTable("order_payments").dropColumn(column).execute();
  }
}

/** order_payments.kind with the allowed values `kinds`; actor_id nullable or not. */
async function changeKindAndActor(db: Kysely<unknown>, kinds: string[], actorNullable: boolean): Promise<void> {
  const allowed = sql.join(kinds.map((kind) => sql.lit(kind)));
  if (isPostgres(db)) {
    await sql`alter table order_payments drop constraint order_payments_kind_check`.execute(db);
    await sql`alter table order_payments add constraint order_payments_kind_check check (kind in (${allowed}))`.execute(
      db,
    );
    await sql`alter table order_payments alter column actor_id ${actorNullable ? sql`drop` : sql`set`} not null`.execute(
      db,
    );
    return;
  }
  // SQLite cannot change a CHECK or NOT NULL in place: new columns take the old ones' values and names.
  await db.schema
    .alterTable("order_payments")
    .addColumn("kind_next", "text", (c) => c.notNull().defaultTo("payment").check(sql`kind_next in (${allowed})`))
    .execute();
  await db.schema
    .alterTable("order_payments")
    .addColumn("actor_next", "text", (c) => (actorNullable ? c : c.notNull().defaultTo("")))
    .execute();
  await sql`update order_payments set kind_next = kind, actor_next = actor_id`.execute(db);
  for (const [old, next] of [
    ["kind", "kind_next"],
    ["actor_id", "actor_next"],
  ]) {
    await db.schema
      .alterTable("order_payments")
      .dropColumn(old as string)
      .execute();
    await db.schema
      .alterTable("order_payments")
      .renameColumn(next as string, old as string)
      .execute();
  }
}
