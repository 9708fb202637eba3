import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. Every storefront order lists what can be bought before what is sold nowhere (migration
// 032), so a search that walks a list in its order walked every buyable product when its matches
// were all sold nowhere (hemp words: 190 ms at 100,000 products, decision 085). A search now counts
// its matches in each part apart, in the index alone: on SQLite the FTS5 index also marks the
// products sold nowhere with the word "0nowhere" (as migration 009 marks the inactive ones with
// "0inactive"); on PostgreSQL the generated words (search_vector) hold "0nowhere" too, and the
// words of active products sold nowhere are counted beside migration 010's counts of every active
// product's words. The FTS5
// index also keeps the words' first 2 to 8 letters: a search is the beginning of a word, and
// without them each search read the whole list of every word it begins (3–5 ms for "the" or
// "contain" at 100,000 products, 1.2–1.5 ms with them; the index grows from 14 to 60 MB).

const FTS_TRIGGERS = ["products_fts_insert", "products_fts_delete", "products_fts_update"];
const COUNT_TRIGGERS = [
  "product_term_sold_nowhere_counts_insert",
  "product_term_sold_nowhere_counts_delete",
  "product_term_sold_nowhere_counts_update",
];

/** The FTS5 index made again, marking the inactive products and, with `nowhere`, those sold nowhere. */
async function sqliteIndex(db: Kysely<unknown>, nowhere: boolean): Promise<void> {
  for (const trigger of FTS_TRIGGERS) await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
  await sql`drop table if exists products_fts`.execute(db);
  const prefixes = nowhere ? sql.raw(", prefix='2 3 4 5 6 7 8'") : sql``;
  await sql`create virtual table products_fts using fts5(
    search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'${prefixes})`.execute(db);
  const indexed = (row: "new" | "p") =>
    sql.raw(
      `${row}.search_text || case when ${row}.active = 1 then '' else ' 0inactive' end` +
        (nowhere ? ` || case when ${row}.sold_nowhere = 1 then ' 0nowhere' else '' end` : ""),
    );
  const columns = sql.raw(nowhere ? "search_text, active, sold_nowhere" : "search_text, active");
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, search_text) values (new.rowid, ${indexed("new")}); end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    delete from products_fts where rowid = old.rowid; end`.execute(db);
  await sql`create trigger products_fts_update after update of ${columns} on products begin
    delete from products_fts where rowid = old.rowid;
    insert into products_fts(rowid, search_text) values (new.rowid, ${indexed("new")}); end`.execute(db);
  await sql`insert into products_fts(rowid, search_text) select p.rowid, ${indexed("p")} from products p`.execute(db);
}

/**
 * How many active products sold nowhere hold each word, beside migration 010's count of all the
 * active ones that hold it, kept by statement triggers in the words' order as that one is.
 */
async function postgresCounts(db: Kysely<unknown>): Promise<void> {
  await sql`create table product_term_sold_nowhere_counts (
    term text collate "C" primary key,
    products integer not null)`.execute(db);
  const words = (rows: string) =>
    sql.raw(`select t as term from ${rows} r, unnest(string_to_array(r.search_text, ' ')) t
      where r.active = 1 and r.sold_nowhere = 1 and t <> ''`);
  const apply = (before: string | null, after: string | null) => sql`
    insert into product_term_sold_nowhere_counts as c (term, products)
    select term, sum(change)::integer from (
      ${before ? sql`select term, -1 as change from (${words(before)}) b` : sql`select null::text as term, 0 as change where false`}
      union all
      ${after ? sql`select term, 1 from (${words(after)}) a` : sql`select null::text, 0 where false`}
    ) changes
    group by term having sum(change) <> 0
    order by term
    on conflict (term) do update set products = c.products + excluded.products`;
  for (const [name, before, after] of [
    ["product_term_sold_nowhere_counts_insert", null, "new_rows"],
    ["product_term_sold_nowhere_counts_delete", "old_rows", null],
    ["product_term_sold_nowhere_counts_update", "old_rows", "new_rows"],
  ] as const) {
    const body = apply(before, after).compile(db).sql;
    await sql`create function ${sql.ref(name)}() returns trigger language plpgsql
      as ${sql.raw(`$$ begin ${body}; return null; end $$`)}`.execute(db);
  }
  await sql`create trigger product_term_sold_nowhere_counts_insert after insert on products
    referencing new table as new_rows
    for each statement execute function product_term_sold_nowhere_counts_insert()`.execute(db);
  await sql`create trigger product_term_sold_nowhere_counts_delete after delete on products
    referencing old table as old_rows
    for each statement execute function product_term_sold_nowhere_counts_delete()`.execute(db);
  await sql`create trigger product_term_sold_nowhere_counts_update after update on products
    referencing old table as old_rows new table as new_rows
    for each statement execute function product_term_sold_nowhere_counts_update()`.execute(db);
  await sql`insert into product_term_sold_nowhere_counts (term, products)
    select t, count(*) from products p, unnest(string_to_array(p.search_text, ' ')) t
    where p.active = 1 and p.sold_nowhere = 1 and t <> '' group by t`.execute(db);
}

const postgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** PostgreSQL's generated words of each product, with the word "0nowhere" when it is sold nowhere. */
async function postgresVector(db: Kysely<unknown>, nowhere: boolean): Promise<void> {
  await sql`drop index products_search`.execute(db);
  await sql`alter table products drop column search_vector`.execute(db);
  const text = nowhere ? sql`search_text || case when sold_nowhere = 1 then ' 0nowhere' else '' end` : sql`search_text`;
  await sql`alter table products add column search_vector tsvector
    generated always as (to_tsvector('simple', ${text})) stored`.execute(db);
  await sql`create index products_search on products using gin (search_vector)`.execute(db);
  await sql`analyze products`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return sqliteIndex(db, true);
  await postgresCounts(db);
  await postgresVector(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!postgres(db)) return sqliteIndex(db, false);
  await postgresVector(db, false);
  for (const trigger of COUNT_TRIGGERS) {
    await sql`drop trigger ${sql.ref(trigger)} on products`.execute(db);
    await sql`drop function ${sql.ref(trigger)}()`.execute(db);
  }
  await sql`drop table product_term_sold_nowhere_counts`.execute(db);
}
