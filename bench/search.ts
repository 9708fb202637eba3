// Storefront search latency at scale (docs/decisions/019: p95 ≤ 10 ms at 100k products on both
// engines). 200 distinct common words, each searched once, one request at a time over HTTP:
// `GET /api/Product?q=<word>` (newest first, first page). p50 / p95 / max, overall and per class
// of word (20,000+ matching products or fewer), plus a few very common words reported apart.
// The HTTP client runs in a worker thread; the in-process figures use Fastify's inject.
// Run: npm run bench:search -- [--engine sqlite|postgres] [--products 100000] [--variants 1] [--searches 200] [--rounds 1]
//      [--identity]
// PostgreSQL: a throw-away database on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { searchTerms } from "@shop/shared";
import { seedBulkProducts } from "../apps/server/src/db/seed/bulk.ts";
import { demoCategories, demoProducts } from "../apps/server/src/db/seed/demo-catalog.ts";
import { createCatalogRepository } from "../apps/server/src/modules/catalog/repository.ts";
import { startBenchApp } from "./app.ts";
import { statisticsState } from "./statistics-state.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    products: { type: "string", default: "100000" },
    /** Variants of each generated product (sizes): 3 gives 300,000 variants at 100,000 products. */
    variants: { type: "string", default: "1" },
    searches: { type: "string", default: "200" },
    rounds: { type: "string", default: "1" },
    /** Ask for uncompressed answers (fetch asks for brotli by default, as browsers do). */
    identity: { type: "boolean", default: false },
    "admin-url": { type: "string" },
  },
});
const engine = values.engine;
if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
const products = Number(values.products);
const searches = Number(values.searches);
/** Rounds of the same searches, each after emptying the answer cache (a shared machine is noisy). */
const rounds = Number(values.rounds);
/** Words matching at least this many products form the "common" class. */
const COMMON = 20_000;

/** Plain words as a shopper types them (no stemming, no rules of the search itself). */
const wordsOf = (text: string | null) =>
  (text ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1);

/** Function words: searched apart (they match most products), not among the 200. */
const functionWords = new Set(
  "a an and are as at be by do does each every for from in is it may no not of on only or per the this to under with your you".split(
    " ",
  ),
);

/**
 * The words searched: those of the demo products' names, brands, flavours, strains, types and
 * categories, then the other words of their descriptions, each group by how many demo products
 * hold the word; function words left out.
 */
function benchWords(count: number): string[] {
  const productsWith = new Map<string, number>();
  for (const product of demoProducts) {
    const text = [product.name, product.brand, product.flavour, product.strainName, product.description].join(" ");
    for (const word of new Set(wordsOf(text))) productsWith.set(word, (productsWith.get(word) ?? 0) + 1);
  }
  const byFrequency = (words: Iterable<string>) =>
    [...new Set(words)]
      .filter((word) => productsWith.has(word) && !functionWords.has(word))
      .sort((a, b) => (productsWith.get(b) ?? 0) - (productsWith.get(a) ?? 0) || (a < b ? -1 : 1));
  const named = byFrequency([
    ...demoProducts.flatMap((p) => [p.name, p.brand, p.flavour, p.strainName, p.productType].flatMap(wordsOf)),
    ...demoCategories.flatMap((category) => wordsOf(category.name)),
  ]);
  const described = byFrequency(productsWith.keys()).filter((word) => !named.includes(word));
  return [...named, ...described].slice(0, count);
}

const { app, close } = await startBenchApp({ engine: values.engine, adminUrl: values["admin-url"] });
try {
  const seeded = Date.now();
  await seedBulkProducts(app.db, products, undefined, { variants: Number(values.variants) });
  // Written behind the catalogue's back: which are sold nowhere is decided again (decision 080).
  await app.services.catalog.decideSoldNowhere();
  console.log(
    `Seeded ${products} extra products on ${app.db.engine} in ${((Date.now() - seeded) / 1000).toFixed(1)} s; ${statisticsState(app.db.engine)}`,
  );
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  // How many products each word really matches (the answer may say only "1,000+"), counted
  // before the timed requests.
  const repository = createCatalogRepository(app.db.kysely, app.db.engine);
  const matching = async (word: string) =>
    repository.countProducts({ search: { terms: searchTerms(word), by: "index" } });
  const words = benchWords(searches);
  const apartWords = ["with", "the", "and", "only", "for"];
  // Numbers in generated names ("… #12345"): one product each, the counted (not capped) path.
  const rareWords = Array.from({ length: 20 }, (_, i) => String(5_003 + i * Math.floor(products / 21)));
  const totals = new Map<string, number>();
  for (const word of [...words, ...apartWords, ...rareWords]) totals.set(word, await matching(word));

  // The client runs in a thread of its own, as a browser would be a process of its own: its
  // requests, decompression and JSON parsing no longer share the server's thread (decision 085).
  const client = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    parentPort.on("message", async (word) => {
      try {
        const started = performance.now();
        const response = await fetch(workerData.base + "/api/Product?q=" + encodeURIComponent(word), {
          headers: workerData.identity ? { "accept-encoding": "identity" } : {},
        });
        await response.json();
        parentPort.postMessage({ ms: performance.now() - started, status: response.status });
      } catch (error) {
        parentPort.postMessage({ ms: 0, status: 0, error: String(error) });
      }
    });`,
    { eval: true, workerData: { base, identity: values.identity } },
  );
  async function search(word: string): Promise<{ ms: number; total: number }> {
    const answer = new Promise<{ ms: number; status: number; error?: string }>((resolve) =>
      client.once("message", resolve),
    );
    client.postMessage(word);
    const { ms, status, error } = await answer;
    if (status !== 200) throw new Error(`${word}: ${error ?? `HTTP ${status}`}`);
    return { ms, total: totals.get(word) ?? 0 };
  }

  // Warm the connection, the statement caches and the pages a cold start would read.
  for (const word of ["zzzz", "warm", "up"]) await search(word);

  const results: { word: string; ms: number; total: number }[] = [];
  const apart: { word: string; ms: number; total: number }[] = [];
  const rare: { word: string; ms: number; total: number }[] = [];
  const roundP95: string[] = [];
  for (let round = 0; round < rounds; round++) {
    app.services.catalog.forgetLists();
    const times: number[] = [];
    for (const word of words) {
      const result = { word, ...(await search(word)) };
      results.push(result);
      times.push(result.ms);
    }
    for (const word of apartWords) apart.push({ word, ...(await search(word)) });
    for (const word of rareWords) rare.push({ word, ...(await search(word)) });
    times.sort((a, b) => a - b);
    roundP95.push((times[Math.floor(0.95 * times.length)] ?? 0).toFixed(1));
  }
  // The same searches without HTTP and compression (Fastify's inject): what the search itself costs.
  const injected: { ms: number; total: number }[] = [];
  app.services.catalog.forgetLists();
  for (const word of words) {
    const started = performance.now();
    const response = await app.inject(`/api/Product?q=${encodeURIComponent(word)}`);
    if (response.statusCode !== 200) throw new Error(`${word}: HTTP ${response.statusCode}`);
    injected.push({ ms: performance.now() - started, total: totals.get(word) ?? 0 });
  }

  const quantile = (rows: { ms: number }[], q: number) => {
    const times = rows.map((row) => row.ms).sort((a, b) => a - b);
    return times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  };
  const line = (name: string, rows: { ms: number; total: number }[]) => {
    const at = (q: number) => quantile(rows, q).toFixed(1);
    const hits = rows.map((row) => row.total).sort((a, b) => a - b);
    console.log(
      `${name.padEnd(32)} | ${String(rows.length).padStart(8)} | ${at(0.5).padStart(7)} | ${at(0.95).padStart(7)} | ${at(1).padStart(7)} | ${hits[0] ?? 0}–${hits.at(-1) ?? 0}`,
    );
  };
  console.log(
    `\n${words.length} distinct words, each searched once a round, one request at a time (newest first, page 1); ${rounds} round(s), p95 of each: ${roundP95.join(", ")} ms\n`,
  );
  console.log("class                            | searches |  p50 ms |  p95 ms |  max ms | products found");
  console.log("---------------------------------|---------:|--------:|--------:|--------:|---------------");
  line("all", results);
  line(
    `common (${COMMON.toLocaleString("en-US")}+ products)`,
    results.filter((row) => row.total >= COMMON),
  );
  line(
    "others",
    results.filter((row) => row.total < COMMON),
  );
  line(`apart: ${apartWords.join(", ")}`, apart);
  line("apart: numbers of generated names", rare);
  line("all, in process (no HTTP)", injected);
  const ratio = (q: number) => (quantile(results, q) / quantile(injected, q)).toFixed(2);
  console.log(`\nover HTTP / in process, the same 200 words: p50 ${ratio(0.5)}×, p95 ${ratio(0.95)}×`);
  await client.terminate();
  const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`\nslowest: ${slowest.map((row) => `${row.word} ${row.ms.toFixed(1)} ms (${row.total})`).join(", ")}`);
} finally {
  await close();
}
