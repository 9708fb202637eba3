import { productSearchText, unitPriceCents } from "@shop/shared";
import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen. Search and price filtering: two columns the app keeps (the words a product is found by,
// and the price a buyer pays per unit), a full-text index over the words (FTS5 on SQLite, a GIN
// tsvector on PostgreSQL: docs/decisions/008) and an index for the price sort.

interface Row {
  id: string;
  name: string;
  brand: string | null;
  flavour: string | null;
  strain_name: string | null;
  description: string;
  price_cents: number | null;
  selling_price_pcs_cents: number | null;
  selling_price_box_cents: number | null;
}

type Db = Kysely<{ products: Row & { search_text: string; unit_price_cents: number } }>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  const rows: Row[] = await db
    .selectFrom("products")
    .select([
      "id",
      "name",
      "brand",
      "flavour",
      "strain_name",
      "description",
      "price_cents",
      "selling_price_pcs_cents",
      "selling_price_box_cents",
    ])
    .execute();
  for (const row of rows) {
    await db
      .updateTable("products")
      .set({
        search_text: productSearchText({ ...row, strainName: row.strain_name }),
        unit_price_cents: unitPriceCents({
          sellingPricePcsCents: row.selling_price_pcs_cents,
          sellingPriceBoxCents: row.selling_price_box_cents,
          priceCents: row.price_cents,
        }),
      })
      .where("id", "=", row.id)
      .execute();
  }

  await db.schema
    .createIndex("products_price_listing")
    .on("products")
    .columns(["active", "unit_price_cents"])
    .execute();
  await db.schema.createIndex("products_name_listing").on("products").columns(["active", "name"]).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table products add column search_vector tsvector
      generated always as (to_tsvector('simple', search_text)) stored`.execute(db);
    await sql`create index products_search on products using gin (search_vector)`.execute(db);
  } else {
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
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index products_search`.execute(db);
    await sql`alter table products drop column search_vector`.execute(db);
  } else {
    for (const trigger of ["products_fts_insert", "products_fts_delete", "products_fts_update"]) {
      await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
    }
    await sql`drop table products_fts`.execute(db);
  }
  await db.schema.dropIndex("products_name_listing").execute();
  await db.schema.dropIndex("products_price_listing").execute();
  await db.schema.alterTable("products").dropColumn("unit_price_cents").execute();
  await db.schema.alterTable("products").dropColumn("search_text").execute();
}
