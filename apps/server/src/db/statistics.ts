import { type Kysely, sql } from "kysely";
import pg from "pg";
import type { Engine } from "./database.ts";
import type { Database } from "./types.ts";

/** The tables a catalogue load fills: the products and what hangs off each one. */
export const CATALOG_TABLES = [
  "products",
  "product_variants",
  "product_images",
  "product_regulatory_classes",
  "stock_movements",
] as const satisfies readonly (keyof Database)[];

/**
 * Brings the query planner's statistics and PostgreSQL's visibility map up to date on tables a
 * bulk load has just filled (decision 063). On PostgreSQL a freshly loaded
 * table has neither until autovacuum gets there: at 100,000 products the product list took
 * 60 ms a page (p50) then, 66 ms after ANALYZE alone and 9 ms after VACUUM (ANALYZE), which
 * lets its id-only first step be an index-only scan. So PostgreSQL gets VACUUM (ANALYZE) of the
 * tables; SQLite gets ANALYZE of them (sqlite_stat1). Called by the demo load, the bulk generator
 * and the product import, after their transaction commits (VACUUM cannot run inside one); the
 * restore calls refreshRestoredPostgres.
 */
export async function refreshStatistics(
  db: { kysely: Kysely<Database>; engine: Engine },
  tables: readonly (keyof Database)[],
): Promise<void> {
  if (tables.length === 0) return;
  if (db.engine === "postgres") {
    await sql`vacuum (analyze) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db.kysely);
  } else {
    for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db.kysely);
  }
}

/**
 * The same for a whole PostgreSQL database just restored with pg_restore, which (before
 * PostgreSQL 18) brings no planner statistics, and leaves no visibility map. A SQLite restore needs none: sqlite_stat1 travels
 * in the file.
 */
export async function refreshRestoredPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("vacuum (analyze)");
  } finally {
    await client.end();
  }
}
