// The product list's "ships to my state" filter at scale (target: p95 ≤ 20 ms with its
// count at 100k products on both engines). For each state, `--requests` times: the list's caches
// emptied (counts included), then `GET /api/Product?shipsTo=<state>` (first page, newest first)
// over HTTP from a worker thread, one request at a time; and the same in process (Fastify's
// inject). p50 / p95 / max and the number of products listed.
// Run: npm run bench:ships-to -- [--engine sqlite|postgres] [--products 100000] [--requests 30]
// PostgreSQL: a throw-away database on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import type { ProductList } from "@shop/shared";
import { seedBulkProducts } from "../apps/server/src/db/seed/bulk.ts";
import { startBenchApp } from "./app.ts";
import { statisticsState } from "./statistics-state.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    products: { type: "string", default: "100000" },
    requests: { type: "string", default: "30" },
    "admin-url": { type: "string" },
  },
});
const products = Number(values.products);
const requests = Number(values.requests);
/**
 * The demo rules' cases (decision 049): none, the federal hemp limit only (TX), hemp and kratom
 * (AL), hemp and flavoured vapes (MA), and California's list.
 */
const states = [null, "TX", "AL", "MA", "CA"] as const;

const { app, base, listen, close } = await startBenchApp({ engine: values.engine, adminUrl: values["admin-url"] });
try {
  const seeded = Date.now();
  await seedBulkProducts(app.db, products);
  await app.services.catalog.decideSoldNowhere();
  console.log(
    `Seeded ${products} extra products on ${app.db.engine} in ${((Date.now() - seeded) / 1000).toFixed(1)} s; ${statisticsState(app.db.engine)}`,
  );
  await listen();
  // The client in a thread of its own, as a browser is a process of its own.
  const client = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    parentPort.on("message", async (path) => {
      const started = performance.now();
      const response = await fetch(workerData.base + path);
      const body = await response.json();
      parentPort.postMessage({ ms: performance.now() - started, status: response.status, total: body.totalProducts });
    });`,
    { eval: true, workerData: { base } },
  );
  const overHttp = (path: string) =>
    new Promise<{ ms: number; status: number; total: number }>((resolve) => {
      client.once("message", resolve);
      client.postMessage(path);
    });
  const inProcess = async (path: string) => {
    const started = performance.now();
    const response = await app.inject(path);
    return {
      ms: performance.now() - started,
      status: response.statusCode,
      total: response.json<ProductList>().totalProducts,
    };
  };

  const quantile = (times: number[], q: number) =>
    ([...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(`\n${requests} requests a state, each after the list's caches were emptied (its count included)\n`);
  console.log("state | products listed | HTTP p50 / p95 / max ms | in process p50 / p95 / max ms");
  console.log("------|----------------:|------------------------:|------------------------------:");
  for (const state of states) {
    const path = state ? `/api/Product?shipsTo=${state}` : "/api/Product";
    const rows: Record<"http" | "direct", number[]> = { http: [], direct: [] };
    let listed = 0;
    for (const [kind, ask] of [
      ["http", overHttp],
      ["direct", inProcess],
    ] as const) {
      await ask(path); // warm
      for (let i = 0; i < requests; i++) {
        app.services.catalog.forgetLists();
        const { ms, status, total } = await ask(path);
        if (status !== 200) throw new Error(`${path}: HTTP ${status}`);
        rows[kind].push(ms);
        listed = total;
      }
    }
    const figures = (times: number[]) => `${quantile(times, 0.5)} / ${quantile(times, 0.95)} / ${quantile(times, 1)}`;
    console.log(
      `${(state ?? "none").padEnd(5)} | ${listed.toLocaleString("en-US").padStart(15)} | ${figures(rows.http).padStart(23)} | ${figures(rows.direct).padStart(29)}`,
    );
  }
  await client.terminate();
} finally {
  await close();
}
