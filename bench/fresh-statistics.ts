// The product list on a freshly loaded catalogue, before and after the planner's statistics are
// refreshed (decision 063). Loads N generated products without refreshing them
// (autovacuum held off on the products table, as on a busy server before it gets there), measures
// the list's pages, then (PostgreSQL) after ANALYZE alone, then after refreshStatistics (what every
// bulk load now ends with: VACUUM (ANALYZE) on PostgreSQL, ANALYZE on SQLite). Run: npm run bench:statistics -- [--engine sqlite|postgres] [--products 100000] [--requests 40]
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { seedBulkProducts } from "../apps/server/src/db/seed/bulk.ts";
import { CATALOG_TABLES, refreshStatistics } from "../apps/server/src/db/statistics.ts";
import { startBenchApp } from "./app.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "postgres" },
    products: { type: "string", default: "100000" },
    requests: { type: "string", default: "40" },
    "admin-url": { type: "string" },
  },
});
const products = Number(values.products);
const requests = Number(values.requests);

const { app, close } = await startBenchApp({ engine: values.engine, adminUrl: values["admin-url"] });
try {
  const postgres = app.db.engine === "postgres";
  if (postgres) await sql`alter table products set (autovacuum_enabled = false)`.execute(app.db.kysely);
  const seeded = Date.now();
  await seedBulkProducts(app.db, products, undefined, { statistics: "leave" });
  // Written behind the catalogue's back: which are sold nowhere is decided again (decision 080).
  await app.services.catalog.decideSoldNowhere();
  const seedSeconds = (Date.now() - seeded) / 1000;
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const first = (await (await fetch(`${base}/api/Product`)).json()) as { totalPages: number };
  const pages = first.totalPages;
  // Pages a shopper reaches: the first hundred (or all, when fewer), spread evenly.
  const reach = Math.min(pages, 100);
  const paths = (n: number) => Array.from({ length: n }, (_, i) => `/api/Product?page=${1 + ((i * 37) % reach)}`);

  async function measure(): Promise<{ p50: number; p95: number; max: number }> {
    for (const path of paths(3)) await (await fetch(base + path)).text();
    // Every measured page from the database, not from the list cache of the run before.
    app.services.catalog.forgetLists();
    const times: number[] = [];
    for (const path of paths(requests)) {
      const started = performance.now();
      const response = await fetch(base + path);
      await response.text();
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
    return { p50: at(0.5), p95: at(0.95), max: times.at(-1) ?? 0 };
  }
  const line = (state: string, figures: { p50: number; p95: number; max: number }) =>
    console.log(
      `${state.padEnd(48)}| ${figures.p50.toFixed(1).padStart(7)} | ${figures.p95.toFixed(1).padStart(7)} | ${figures.max.toFixed(1).padStart(7)}`,
    );

  console.log(`${products} generated products on ${app.db.engine}, loaded in ${seedSeconds.toFixed(1)} s`);
  console.log(`${requests} requests of /api/Product?page=N (N from 1 to ${reach}), one at a time\n`);
  console.log(`${"statistics".padEnd(48)}|  p50 ms |  p95 ms |  max ms`);
  console.log(`${"-".repeat(48)}|--------:|--------:|--------:`);
  line("none (fresh load, not analyzed)", await measure());
  if (postgres) {
    const analyzing = Date.now();
    await sql`analyze products`.execute(app.db.kysely);
    line(`ANALYZE products only (${Date.now() - analyzing} ms)`, await measure());
  }
  const refreshing = Date.now();
  await refreshStatistics(app.db, CATALOG_TABLES);
  const how = postgres ? "VACUUM (ANALYZE)" : "ANALYZE";
  line(`refreshed after load: ${how} (${Date.now() - refreshing} ms)`, await measure());
  if (postgres) await sql`alter table products reset (autovacuum_enabled)`.execute(app.db.kysely);
} finally {
  await close();
}
