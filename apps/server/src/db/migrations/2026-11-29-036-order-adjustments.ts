import { type ColumnDefinitionBuilderCallback, type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. An order's money as it was priced (docs/decisions/090):
// - order_adjustments: the discount, shipping and sales tax (and, later, excise and fees) of an
//   order or one of its lines, each with its label, amount (a discount negative), what it was
//   worked out on, its rate and where it came from. The order's total is its lines plus these.
// - Every order placed before gets its discount (when it had one), shipping (or pickup) and sales
//   tax as adjustments with the same amounts. What was not kept then stays unknown: the
//   discount's basis and percentage.
// - orders.subtotal_cents, discount_cents, shipping_cents, tax_cents and tax_basis_points go: the
//   figures are the sums of the lines and adjustments. total_cents stays for the lists and
//   reports that sort and add it, without migration 011's CHECK on the retired columns; on
//   PostgreSQL a constraint trigger checks at commit that it is the lines plus the adjustments.
//   SQLite has no deferred triggers: a test on both engines holds it there.
// Down puts the columns back from the adjustments, migration 023's meaning of subtotal_cents
// (the goods after the discount) and migration 011's CHECK included.

const KINDS = sql`('discount', 'shipping', 'sales_tax', 'excise', 'fee')`;
const RETIRED = ["subtotal_cents", "discount_cents", "shipping_cents", "tax_cents", "tax_basis_points"] as const;
const BATCH = 500;

interface OldOrder {
  id: string;
  fulfilment: string;
  discount_code: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  tax_basis_points: number;
  ship_state: string;
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("order_adjustments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("order_line_id", "text", (c) => c.references("order_lines.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ${KINDS}`))
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) =>
      c.notNull().check(sql`(kind = 'discount' and amount_cents <= 0) or (kind <> 'discount' and amount_cents >= 0)`),
    )
    .addColumn("basis_cents", "integer")
    .addColumn("rate_basis_points", "integer", (c) => c.check(sql`rate_basis_points >= 0`))
    .addColumn("source", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_adjustments_order")
    .on("order_adjustments")
    .columns(["order_id", "position"])
    .execute();

  for (let after = ""; ; ) {
    const orders = (
      await sql<OldOrder>`
      select id, fulfilment, discount_code, subtotal_cents, discount_cents, shipping_cents, tax_cents,
        tax_basis_points, ship_state
      from orders where id > ${after} order by id limit ${BATCH}
    `.execute(db)
    ).rows;
    if (orders.length === 0) break;
    await db
      .insertInto("order_adjustments" as never)
      .values(orders.flatMap(adjustmentsOf) as never)
      .execute();
    after = (orders.at(-1) as OldOrder).id;
  }

  await db.schema.dropIndex("orders_for_reports").execute();
  const dropRetired = async () => {
    for (const column of RETIRED) await db.schema.alterTable("orders").dropColumn(column).execute();
  };
  if (isPostgres(db)) {
    // Migration 011's CHECK on the total (orders_check, as it names several columns) goes with them.
    await dropRetired();
    await sql`alter table orders add constraint orders_total_cents_check check (total_cents >= 0)`.execute(db);
  } else {
    // SQLite cannot drop a CHECK: the total goes with it and comes back with the new one first.
    await replaceTotal(db, (c) => c.notNull().defaultTo(0).check(sql`total_cents_next >= 0`));
    await dropRetired();
  }
  await createReportIndex(db);

  if (isPostgres(db)) {
    await sql`
      create function order_total_matches() returns trigger language plpgsql as $$
      declare
        target text;
        stored integer;
        counted bigint;
      begin
        if TG_TABLE_NAME = 'orders' then
          target := NEW.id;
        elsif TG_OP = 'DELETE' then
          target := OLD.order_id;
        else
          target := NEW.order_id;
        end if;
        select total_cents into stored from orders where id = target;
        if not found then
          return null;
        end if;
        select coalesce((select sum(line_total_cents) from order_lines where order_id = target), 0)
          + coalesce((select sum(amount_cents) from order_adjustments where order_id = target), 0)
          into counted;
        if stored <> counted then
          raise exception 'order % has the total %, but its lines and adjustments come to %', target, stored, counted
            using errcode = '23514';
        end if;
        return null;
      end
      $$
    `.execute(db);
    for (const [name, on, events] of [
      ["orders_total_matches", "orders", sql`insert or update of total_cents`],
      ["order_lines_total_matches", "order_lines", sql`insert or update or delete`],
      ["order_adjustments_total_matches", "order_adjustments", sql`insert or update or delete`],
    ] as const) {
      await sql`
        create constraint trigger ${sql.ref(name)} after ${events} on ${sql.table(on)}
        deferrable initially deferred for each row execute function order_total_matches()
      `.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger orders_total_matches on orders`.execute(db);
    await sql`drop trigger order_lines_total_matches on order_lines`.execute(db);
    await sql`drop trigger order_adjustments_total_matches on order_adjustments`.execute(db);
    await sql`drop function order_total_matches()`.execute(db);
  }
  const sumOf = (kinds: string) => sql`coalesce((
    select sum(a.amount_cents) from order_adjustments a where a.order_id = orders.id and a.kind in (${sql.raw(kinds)})
  ), 0)`;
  for (const column of RETIRED) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
  await sql`
    update orders set
      discount_cents = -${sumOf("'discount'")},
      subtotal_cents = coalesce((select sum(l.line_total_cents) from order_lines l where l.order_id = orders.id), 0)
        + ${sumOf("'discount'")},
      shipping_cents = ${sumOf("'shipping'")},
      -- Migration 011 knows no excise or fees: they count as tax there, so its CHECK still holds.
      tax_cents = ${sumOf("'sales_tax', 'excise', 'fee'")},
      tax_basis_points = coalesce((
        select max(a.rate_basis_points) from order_adjustments a where a.order_id = orders.id and a.kind = 'sales_tax'
      ), 0)
  `.execute(db);
  const check = sql`total_cents >= 0 and total_cents = subtotal_cents + shipping_cents + tax_cents`;
  await db.schema.dropIndex("orders_for_reports").execute();
  if (isPostgres(db)) {
    await sql`alter table orders drop constraint orders_total_cents_check`.execute(db);
    await sql`alter table orders add constraint orders_check check (${check})`.execute(db);
  } else {
    // SQLite checks a new column's CHECK on the rows there are, so the column that must equal the
    // others' sum starts empty (null passes a CHECK) and stays nullable; every row has a total.
    await replaceTotal(db, (c) =>
      c.check(sql`total_cents_next >= 0 and total_cents_next = subtotal_cents + shipping_cents + tax_cents`),
    );
  }
  await createReportIndex(db);
  await db.schema.dropTable("order_adjustments").execute();
}

/** An order's discount, shipping and sales tax as they were kept in its columns. */
function adjustmentsOf(order: OldOrder) {
  const pickup = order.fulfilment === "pickup";
  const adjustment = (position: number, kind: string, values: Record<string, unknown>) => ({
    id: `${order.id}-${kind}`,
    order_id: order.id,
    order_line_id: null,
    position,
    kind,
    basis_cents: null,
    rate_basis_points: null,
    ...values,
  });
  return [
    ...(order.discount_cents > 0
      ? [
          adjustment(0, "discount", {
            label: `Discount (${order.discount_code})`,
            amount_cents: -order.discount_cents,
            source: `discount:${order.discount_code}`,
          }),
        ]
      : []),
    adjustment(1, "shipping", {
      label: pickup ? "Pickup in store" : "Shipping",
      amount_cents: order.shipping_cents,
      // The goods after the discount: what the free-shipping threshold was compared with.
      basis_cents: order.subtotal_cents,
      source: pickup ? "pickup" : "setting:shipping",
    }),
    adjustment(2, "sales_tax", {
      label: "Sales tax",
      amount_cents: order.tax_cents,
      basis_cents: order.subtotal_cents,
      rate_basis_points: order.tax_basis_points,
      source: `setting:salesTaxBasisPoints.${order.ship_state}`,
    }),
  ];
}

/** SQLite: total_cents again as `column` makes it (the reports' index on it dropped first). */
async function replaceTotal(db: Kysely<unknown>, column: ColumnDefinitionBuilderCallback): Promise<void> {
  await db.schema.alterTable("orders").addColumn("total_cents_next", "integer", column).execute();
  await sql`update orders set total_cents_next = total_cents`.execute(db);
  await db.schema.alterTable("orders").dropColumn("total_cents").execute();
  await db.schema.alterTable("orders").renameColumn("total_cents_next", "total_cents").execute();
}

/** Migration 026's index for the reports, on the same columns. */
async function createReportIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("orders_for_reports")
    .on("orders")
    .columns(["status", "created_at", "total_cents", "ship_state"])
    .execute();
}
