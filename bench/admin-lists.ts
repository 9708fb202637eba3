// Staff product list latency at scale (target: p95 ≤ 50 ms at 100k products).
// Requests go one at a time over HTTP with a staff session; p50 / p95 / max per case.
// Run: npm run bench:admin -- [--engine sqlite|postgres] [--products 100000] [--variants 1] [--requests 200]
// PostgreSQL: a throw-away database on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { parseArgs } from "node:util";
import { seedBulkProducts } from "../apps/server/src/db/seed/bulk.ts";
import { listenSignedIn } from "../apps/server/src/test/http-session.ts";
import { startBenchApp } from "./app.ts";
import { statisticsState } from "./statistics-state.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    products: { type: "string", default: "100000" },
    /** Variants of each generated product (sizes): 3 gives 300,000 variants at 100,000 products. */
    variants: { type: "string", default: "1" },
    requests: { type: "string", default: "200" },
    "admin-url": { type: "string" },
  },
});
const products = Number(values.products);
const requests = Number(values.requests);
const admin = { email: "bench@shop.test", password: "bench admin passphrase" };

const { app, close } = await startBenchApp({ admin, engine: values.engine, adminUrl: values["admin-url"] });
try {
  await seedBulkProducts(app.db, products, undefined, { variants: Number(values.variants) });
  console.log(statisticsState(app.db.engine));
  const { base, cookie } = await listenSignedIn(app, admin);
  const category = ((await (await fetch(`${base}/api/MasterCategory`)).json()) as { id: string }[])[1]?.id ?? "";
  const page = (await (await fetch(`${base}/api/admin/products?page=2000`, { headers: { cookie } })).json()) as {
    items: { sku: string }[];
  };
  const sku = page.items[0]?.sku ?? "";

  const cases = [
    ["first page (recently changed)", "/api/admin/products"],
    ["search 'mango'", "/api/admin/products?q=mango"],
    ["search by SKU", `/api/admin/products?q=${sku.toLowerCase()}`],
    ["category, inactive, by price", `/api/admin/products?category=${category}&active=false&sort=price_asc`],
    ["out of stock", "/api/admin/products?stock=out"],
    ["page 400 by name", "/api/admin/products?sort=name&page=400"],
  ] as const;

  console.log(`${products} extra products on ${app.db.engine}; ${requests} requests per case, one at a time\n`);
  console.log("case                           |  p50 ms |  p95 ms |  max ms | total");
  console.log("-------------------------------|--------:|--------:|--------:|------:");
  for (const [name, path] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const response = await fetch(base + path, { headers: { cookie } });
      const body = (await response.json()) as { total: number };
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    console.log(
      `${name.padEnd(30)} | ${at(0.5).padStart(7)} | ${at(0.95).padStart(7)} | ${at(1).padStart(7)} | ${String(total).padStart(6)}`,
    );
  }
} finally {
  await close();
}
