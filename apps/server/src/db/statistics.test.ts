import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFRESH_STATISTICS_ROWS } from "../modules/catalog/product-csv.ts";
import { csvOf as csvRows, newProduct } from "../test/products.ts";
import { createPostgresDatabase, createShopWithSessions, type TestApp, testEngine } from "../test/test-app.ts";
import { backupFolder, restoreBackupFolder } from "./backup-set.ts";
import { seedBulkProducts } from "./seed/bulk.ts";

let shop: TestApp;
let staff: string;

beforeAll(async () => {
  const started = await createShopWithSessions();
  shop = started.shop;
  staff = started.cookies.staff;
});
afterAll(() => shop.close());

/** When the products table was last analysed by a command (autovacuum's runs are not counted). */
async function productsAnalyzed(): Promise<string | null> {
  if (testEngine === "postgres") {
    // The load's own VACUUM (ANALYZE): a command's, so last_analyze and last_vacuum, not autovacuum's.
    const { rows } = await sql<{ analyzed: Date | null; vacuumed: Date | null }>`
      select last_analyze as analyzed, last_vacuum as vacuumed from pg_stat_user_tables
      where relname = 'products'`.execute(shop.app.db.kysely);
    const row = rows[0];
    if (!row?.analyzed) return null;
    expect(row.vacuumed).not.toBeNull();
    return row.analyzed.toISOString();
  }
  // SQLite keeps its statistics in sqlite_stat1, which exists once ANALYZE has run; the row
  // count it records tells one run from the next.
  const table = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(shop.app.db.kysely);
  if (table.rows.length === 0) return null;
  const { rows } = await sql<{ stat: string }>`select stat from sqlite_stat1 where tbl = 'products' limit 1`.execute(
    shop.app.db.kysely,
  );
  return rows[0]?.stat.split(" ")[0] ?? null;
}

const csvOf = (skus: string[]) => csvRows(skus.map((sku) => newProduct(sku)));

async function importCsv(csv: string): Promise<void> {
  const send = (payload: object) =>
    shop.app.inject({ method: "POST", url: "/api/admin/products/import", payload, headers: { cookie: staff } });
  const preview = await send({ csv });
  expect(preview.statusCode, preview.body).toBe(200);
  const applied = await send({ csv, confirm: preview.json().previewId });
  expect(applied.statusCode, applied.body).toBe(200);
  expect(applied.json().applied).toBe(true);
  // The refresh runs after the answer.
  await shop.app.services.background.settled();
}

describe("fresh planner statistics after bulk loads (decision 063)", () => {
  it("an applied import of a few rows leaves the statistics to autovacuum", async () => {
    const before = await productsAnalyzed();
    if (testEngine === "postgres") expect(before).toBeNull();
    await importCsv(csvOf(["STAT-FEW-1", "STAT-FEW-2", "STAT-FEW-3"]));
    expect(await productsAnalyzed()).toBe(before);
  });

  it("an applied product import of 500 rows or more analyses the products table", async () => {
    const before = await productsAnalyzed();
    if (testEngine === "postgres") expect(before).toBeNull();
    const rows = REFRESH_STATISTICS_ROWS;
    await importCsv(csvOf(Array.from({ length: rows }, (_, i) => `STAT-${String(i).padStart(4, "0")}`)));
    const after = await productsAnalyzed();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    if (testEngine === "sqlite") expect(Number(after)).toBe(await shop.rowCount("products"));
  });

  it("a preview alone does not (it writes nothing)", async () => {
    const before = await productsAnalyzed();
    const send = await shop.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      payload: { csv: csvOf(["STAT-PREVIEW-ONLY"]) },
      headers: { cookie: staff },
    });
    expect(send.statusCode).toBe(200);
    expect(await productsAnalyzed()).toBe(before);
  });

  it("the bulk generator analyses what it filled", async () => {
    const before = await productsAnalyzed();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await seedBulkProducts(shop.app.db, 1_200);
    const after = await productsAnalyzed();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    if (testEngine === "sqlite") expect(Number(after)).toBe(await shop.rowCount("products"));
  });

  it.skipIf(testEngine !== "postgres")(
    "a PostgreSQL restore ends with fresh statistics (pg_restore brings none)",
    async () => {
      const work = mkdtempSync(path.join(os.tmpdir(), "shop-stats-restore-"));
      const target = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      try {
        const { folder } = await backupFolder(shop.app.db, {
          dataDir: shop.dataDir,
          databaseUrl: shop.databaseUrl,
          to: path.join(work, "backup"),
          filesOnly: false,
        });
        await restoreBackupFolder(folder, { dataDir: path.join(work, "data"), databaseUrl: target.url });
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        try {
          const { rows } = await client.query(
            "select last_analyze, last_vacuum, n_live_tup from pg_stat_user_tables where relname = 'products'",
          );
          expect(rows[0]?.last_analyze).not.toBeNull();
          expect(rows[0]?.last_vacuum).not.toBeNull();
          const stats = await client.query("select count(*)::int as n from pg_stats where tablename = 'products'");
          expect(stats.rows[0]?.n).toBeGreaterThan(0);
        } finally {
          await client.end();
        }
      } finally {
        await target.drop();
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
