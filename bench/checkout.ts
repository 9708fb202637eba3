// Checkout throughput: orders per second with N concurrent buyers over HTTP, and the
// p50 / p95 of `POST /api/Order`, beside the same orders placed in process (the checkout service's
// transaction without HTTP, sessions or JSON) in the same run: what the engine itself allows.
// Each order has 1 to 3 lines of the demo's products (stock set high), a new Idempotency-Key, and
// sends its confirmation e-mail to files. The HTTP buyers run in a worker thread; both rates
// count the time until the shop's background work (the e-mails) has settled (decision 085).
// Run: npm run bench:checkout -- [--engine sqlite|postgres] [--buyers 20] [--seconds 10]
// PostgreSQL: a throw-away database on 127.0.0.1:5432 (or --admin-url), dropped afterwards.
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import type { User } from "@shop/shared";
import { addAccount } from "../apps/server/src/test/forms.ts";
import { sellableProducts, setOwnVariants } from "../apps/server/src/test/products.ts";
import { startBenchApp } from "./app.ts";
import { statisticsState } from "./statistics-state.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "sqlite" },
    buyers: { type: "string", default: "20" },
    seconds: { type: "string", default: "10" },
    "admin-url": { type: "string" },
  },
});
const buyers = Number(values.buyers);
const seconds = Number(values.seconds);
const admin = { email: "bench@shop.test", password: "bench admin passphrase" };
const address = { fullName: "Bench Buyer", line1: "1 Main St", city: "Austin", state: "TX", zip: "78701" };

const { app, base, listen, close } = await startBenchApp({
  engine: values.engine,
  adminUrl: values["admin-url"],
  admin,
});

function percentile(sorted: number[], q: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
}

/** Runs `buyers` loops of `work` for the given seconds; orders per second and the latencies. */
async function run(work: (buyer: number, round: number) => Promise<void>) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async (_, buyer) => {
      for (let round = 0; performance.now() < until; round++) {
        const t0 = performance.now();
        await work(buyer, round);
        times.push(performance.now() - t0);
      }
    }),
  );
  return summary(times, started);
}

/**
 * Orders a second and latencies. The time runs until the shop's background work has settled too:
 * the confirmation e-mails of the orders placed. Placed in process, orders leave their mail to
 * the end (9 s of it after a 10 s run, decision 085); over HTTP it goes out between requests.
 */
async function summary(times: number[], started: number) {
  await app.services.background.settled();
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    orders: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
  };
}

/**
 * The same loop as `run`, over HTTP from a worker thread: each buyer posts orders of the lines
 * `linesFor` gives (written out again here, as the worker runs plain JavaScript).
 */
function inWorker(data: { base: string; cookies: string[]; address: object; products: string[] }) {
  const worker = new Worker(
    `const { parentPort, workerData: d } = require("node:worker_threads");
    const linesFor = (buyer, round) =>
      Array.from({ length: 1 + ((buyer + round) % 3) }, (_, k) => ({
        productId: d.products[(buyer * 7 + round * 3 + k * 11) % d.products.length],
        quantity: 1 + (round % 2),
      })).filter((line, index, all) => all.findIndex((other) => other.productId === line.productId) === index);
    (async () => {
      const times = [];
      const until = performance.now() + d.seconds * 1000;
      await Promise.all(d.cookies.map(async (cookie, buyer) => {
        for (let round = 0; performance.now() < until; round++) {
          const t0 = performance.now();
          const response = await fetch(d.base + "/api/Order", {
            method: "POST",
            headers: { "content-type": "application/json", origin: d.base, cookie, "idempotency-key": "http-" + buyer + "-" + round },
            body: JSON.stringify({ lines: linesFor(buyer, round), shippingAddress: d.address, paymentMethodId: "zelle" }),
          });
          const text = await response.text();
          if (response.status !== 201) throw new Error("POST /api/Order: HTTP " + response.status + " " + text);
          times.push(performance.now() - t0);
        }
      }));
      parentPort.postMessage({ times });
    })().catch((error) => parentPort.postMessage({ error: String(error) }));`,
    { eval: true, workerData: { ...data, seconds } },
  );
  const started = performance.now();
  return new Promise<Awaited<ReturnType<typeof summary>>>((resolve, reject) => {
    worker.once("message", (result: { times: number[] } | { error: string }) => {
      void worker.terminate();
      if ("error" in result) reject(new Error(result.error));
      else resolve(summary(result.times, started));
    });
    worker.once("error", reject);
  });
}

try {
  const db = app.db.kysely;
  await setOwnVariants(db, { stock: 1_000_000 });
  const products = await sellableProducts(app).select("id").execute();
  for (let i = 0; i < buyers; i++) {
    await addAccount(app, admin, { id: `bench-buyer-${i}`, email: `buyer${i}@bench.test`, dateOfBirth: "1985-06-01" });
  }
  await listen();
  const cookies = await Promise.all(
    Array.from({ length: buyers }, async (_, i) => {
      const login = await fetch(`${base}/api/Auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: `buyer${i}@bench.test`, password: admin.password }),
      });
      if (!login.ok) throw new Error(`login: HTTP ${login.status}`);
      return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    }),
  );
  const users = await Promise.all(
    cookies.map(
      async (cookie) =>
        ((await (await fetch(`${base}/api/account`, { headers: { cookie } })).json()) as { user: User }).user,
    ),
  );
  const linesFor = (buyer: number, round: number) =>
    Array.from({ length: 1 + ((buyer + round) % 3) }, (_, k) => ({
      productId: products[(buyer * 7 + round * 3 + k * 11) % products.length]?.id ?? "",
      quantity: 1 + (round % 2),
    })).filter((line, index, all) => all.findIndex((other) => other.productId === line.productId) === index);

  // The buyers' requests come from a thread of their own, as browsers are processes of their
  // own: building, sending and reading them no longer takes the server's thread (decision 085).
  const http = await inWorker({ base, cookies, address, products: products.map((product) => product.id) });
  const direct = await run(async (buyer, round) => {
    const user = users[buyer] as User;
    await app.services.checkout.place(user, `direct-${buyer}-${round}`, {
      fulfilment: "ship",
      lines: linesFor(buyer, round).map((line) => ({ ...line, variantId: line.productId, unit: "piece" as const })),
      shippingAddress: { ...address, state: "TX", line2: null, phone: null },
      paymentMethodId: "zelle",
    });
  });

  console.log(`${app.db.engine}, ${buyers} concurrent buyers, ${seconds} s each; ${statisticsState(app.db.engine)}\n`);
  console.log("                           | orders | orders/s | p50 ms | p95 ms");
  console.log("---------------------------|-------:|---------:|-------:|-------:");
  for (const [name, result] of [
    ["POST /api/Order over HTTP", http],
    ["checkout.place in process", direct],
  ] as const) {
    console.log(
      `${name.padEnd(26)} | ${String(result.orders).padStart(6)} | ${result.perSecond.toFixed(0).padStart(8)} | ${result.p50.padStart(6)} | ${result.p95.padStart(6)}`,
    );
  }
  console.log(`\nHTTP reaches ${((http.perSecond / direct.perSecond) * 100).toFixed(0)} % of the in-process rate.`);
} finally {
  await close();
}
