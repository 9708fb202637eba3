// Product list API throughput against a bare Fastify route that sends the same bytes, with the
// shop's list cache and without it (targets: at least 0.90x cached, 0.30x uncached, decision 068;
// p95 ≤ 10 ms uncached; autocannon reports p90 and p97.5, between which it lies),
// and one product's answer beside them (decision 086).
// Run: npm run bench -- [--engine sqlite|postgres] [--products 100000] [--variants 1] [--seconds 10]
// PostgreSQL: a throw-away database on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { parseArgs, promisify } from "node:util";
import Fastify from "fastify";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { seedBulkProducts } from "../apps/server/src/db/seed/bulk.ts";
import { createPostgresDatabase, createTestDataDir } from "../apps/server/src/test/test-app.ts";
import { postgresAdminUrl } from "./app.ts";
import { statisticsState } from "./statistics-state.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    products: { type: "string", default: "100000" },
    /** Variants of each generated product (sizes): 3 gives 300,000 variants at 100,000 products. */
    variants: { type: "string", default: "1" },
    seconds: { type: "string", default: "10" },
    "admin-url": { type: "string" },
  },
});
if (values.engine !== "sqlite" && values.engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const products = Number(values.products);
const seconds = Number(values.seconds);
const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

interface Result {
  requests: { average: number };
  latency: { p50: number; p90: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
}

async function load(url: string): Promise<Result> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [autocannonBin, "--json", "--connections", "10", "--duration", String(seconds), url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Result;
}

const dataDir = createTestDataDir();
const database =
  values.engine === "postgres" ? await createPostgresDatabase(await postgresAdminUrl(values["admin-url"])) : null;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  ...(database ? { DATABASE_URL: database.url } : {}),
});
const cases = [
  ["first page", "/api/Product"],
  ["page 50 of a category", "/api/Product?category=disposable&page=50"],
  ["featured", "/api/Product?featured=true"],
  // The product buyers land on from search engines and ads (the newest; decision 086).
  ["one product", "/api/Product/{id}"],
] as const;

/**
 * Each case against the shop and then the bare route, the shop's product lists reused for
 * `listCacheMs` (5 s, as the shop runs, with the shared answers of decision 068) or read from the
 * database for every request (0; the number of matches is kept until the catalogue changes).
 */
async function compare(listCacheMs: number, targets: { cached: number; uncached: number }): Promise<void> {
  const app = await buildApp(config, { web: "none", listCacheMs });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const shopUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const target = listCacheMs > 0 ? targets.cached : targets.uncached;
    console.log(
      `\nProduct lists ${listCacheMs > 0 ? `cached for ${listCacheMs / 1000} s` : "not cached"} (target ≥ ${target.toFixed(2)}×)\n`,
    );
    console.log("case                     | shop req/s | bare req/s | ratio | shop p50 / p90 / p97.5 / p99 ms");
    console.log("-------------------------|-----------:|-----------:|------:|------------------------------");
    const newest = (await (await fetch(`${shopUrl}/api/Product?limit=1`)).json()) as { items: { id: string }[] };
    for (const [name, pathOf] of cases) {
      const path = pathOf.replace("{id}", newest.items[0]?.id ?? "");
      const body = await (await fetch(shopUrl + path)).text();
      const bare = Fastify();
      bare.get("/api/Product", (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
      await bare.listen({ port: 0, host: "127.0.0.1" });
      const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

      const shop = await load(shopUrl + path);
      const baseline = await load(bareUrl + path);
      await bare.close();
      if (shop.non2xx || shop.errors) throw new Error(`${name}: ${shop.non2xx} non-2xx answers, ${shop.errors} errors`);
      const ratio = shop.requests.average / baseline.requests.average;
      console.log(
        `${name.padEnd(24)} | ${shop.requests.average.toFixed(0).padStart(10)} | ${baseline.requests.average.toFixed(0).padStart(10)} | ${ratio.toFixed(2).padStart(5)} | ${shop.latency.p50} / ${shop.latency.p90} / ${shop.latency.p97_5} / ${shop.latency.p99}`,
      );
    }
  } finally {
    await app.close();
  }
}

try {
  const seeding = await buildApp(config, { web: "none" });
  const seeded = Date.now();
  await seedBulkProducts(seeding.db, products, undefined, { variants: Number(values.variants) });
  // Written behind the catalogue's back: which are sold nowhere is decided again (decision 080).
  await seeding.services.catalog.decideSoldNowhere();
  console.log(statisticsState(seeding.db.engine));
  console.log(
    `Seeded ${products} extra products on ${seeding.db.engine} in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  await seeding.close();
  console.log(`\n${seconds} s per run, 10 connections, autocannon in its own process`);
  const targets = { cached: 0.9, uncached: 0.3 };
  await compare(5_000, targets);
  await compare(0, targets);
} finally {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
