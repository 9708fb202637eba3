import { productSearchText } from "@shop/shared";
import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. Search text becomes stemmed words, letters split from digits, one-letter words left
// out (docs/decisions/019): every product's search_text is worked out again. PostgreSQL's
// generated tsvector follows it. On SQLite the FTS5 index becomes contentless and marks the
// products that are not active with the word "0inactive" (no search text can hold it: letters
// and digits are split), so that a storefront search counts its matches in the index alone.

interface Row {
  id: string;
  name: string;
  brand: string | null;
  flavour: string | null;
  strain_name: string | null;
  description: string;
  search_text: string;
}

type Db = Kysely<{ products: Row }>;

async function rewrite(db: Db, text: (row: Row) => string): Promise<void> {
  const rows = await db
    .selectFrom("products")
    .select(["id", "name", "brand", "flavour", "strain_name", "description", "search_text"])
    .execute();
  for (const row of rows) {
    const searchText = text(row);
    if (searchText === row.search_text) continue;
    await db.updateTable("products").set({ search_text: searchText }).where("id", "=", row.id).execute();
  }
}

const TRIGGERS = ["products_fts_insert", "products_fts_delete", "products_fts_update"];

async function dropFts(db: Db): Promise<void> {
  for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
  await sql`drop table if exists products_fts`.execute(db);
}

export async function up(db: Db): Promise<void> {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (sqlite) await dropFts(db);
  await rewrite(db, (row) => productSearchText({ ...row, strainName: row.strain_name }));
  if (!sqlite) return;

  await sql`create virtual table products_fts using fts5(
    search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(db);
  const indexed = (row: "new" | "p") =>
    sql.raw(`${row}.search_text || case when ${row}.active = 1 then '' else ' 0inactive' end`);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, search_text) values (new.rowid, ${indexed("new")}); end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    delete from products_fts where rowid = old.rowid; end`.execute(db);
  await sql`create trigger products_fts_update after update of search_text, active on products begin
    delete from products_fts where rowid = old.rowid;
    insert into products_fts(rowid, search_text) values (new.rowid, ${indexed("new")}); end`.execute(db);
  await sql`insert into products_fts(rowid, search_text) select p.rowid, ${indexed("p")} from products p`.execute(db);
}

/** Back to migration 004's words (accents off, lower case, not stemmed) and its FTS5 index. */
export async function down(db: Db): Promise<void> {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (sqlite) await dropFts(db);
  await rewrite(db, (row) =>
    [row.name, row.brand, row.flavour, row.strain_name, row.description]
      .join(" ")
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim(),
  );
  if (!sqlite) return;
  await sql`create virtual table products_fts using fts5(
    search_text, content='products', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger products_fts_insert after insert on products begin
    insert into products_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
  await sql`create trigger products_fts_delete after delete on products begin
    insert into products_fts(products_fts, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(
    db,
  );
  await sql`create trigger products_fts_update after update of search_text on products begin
    insert into products_fts(products_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into products_fts(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
  await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(db);
}
