import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. PostgreSQL only (SQLite counts in its FTS5 index, migration 009): how many active
// products hold each word of search_text, kept by statement triggers, so that a one-word search
// knows it matches more than the storefront counts without visiting the matching rows
// (docs/decisions/019). Words are unique within a product's search_text (productSearchText).

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table product_term_counts (
    term text collate "C" primary key,
    products integer not null)`.execute(db);
  // Each word's change between the rows before and after a statement, in the words' order so
  // that concurrent statements lock the counts in the same order. A statement that changes no
  // word of an active product (stock, prices) writes nothing.
  const words = (rows: string) =>
    sql.raw(
      `select t as term from ${rows} r, unnest(string_to_array(r.search_text, ' ')) t where r.active = 1 and t <> ''`,
    );
  const apply = (before: string | null, after: string | null) => sql`
    insert into product_term_counts as c (term, products)
    select term, sum(change)::integer from (
      ${before ? sql`select term, -1 as change from (${words(before)}) b` : sql`select null::text as term, 0 as change where false`}
      union all
      ${after ? sql`select term, 1 from (${words(after)}) a` : sql`select null::text, 0 where false`}
    ) changes
    group by term having sum(change) <> 0
    order by term
    on conflict (term) do update set products = c.products + excluded.products`;
  for (const [name, before, after] of [
    ["product_term_counts_insert", null, "new_rows"],
    ["product_term_counts_delete", "old_rows", null],
    ["product_term_counts_update", "old_rows", "new_rows"],
  ] as const) {
    const body = apply(before, after).compile(db).sql;
    await sql`create function ${sql.ref(name)}() returns trigger language plpgsql
      as ${sql.raw(`$$ begin ${body}; return null; end $$`)}`.execute(db);
  }
  await sql`create trigger product_term_counts_insert after insert on products
    referencing new table as new_rows for each statement execute function product_term_counts_insert()`.execute(db);
  await sql`create trigger product_term_counts_delete after delete on products
    referencing old table as old_rows for each statement execute function product_term_counts_delete()`.execute(db);
  await sql`create trigger product_term_counts_update after update on products
    referencing old table as old_rows new table as new_rows
    for each statement execute function product_term_counts_update()`.execute(db);
  await sql`insert into product_term_counts (term, products)
    select t, count(*) from products p, unnest(string_to_array(p.search_text, ' ')) t
    where p.active = 1 and t <> '' group by t`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const trigger of ["product_term_counts_insert", "product_term_counts_delete", "product_term_counts_update"]) {
    await sql`drop trigger ${sql.ref(trigger)} on products`.execute(db);
    await sql`drop function ${sql.ref(trigger)}()`.execute(db);
  }
  await sql`drop table product_term_counts`.execute(db);
}
