// Load (decision 066): storefront pages and the API, at 100 connections for 60 s, against one
// instance and then three behind a small local balancer (bench/balancer.ts), all on one throw-away
// PostgreSQL database and one Redis. Each instance is the production server with the web build,
// in a process of its own; the load comes from this process. Per route: requests a second, p50,
// p95 and max latency, errors and timeouts (no answer within 10 s); per instance: resident memory
// through the run. Fails when a request fails or memory grows by more than 10 %.
// Run: npm run build && npm run bench:load -- [--seconds 60] [--connections 100] [--admin-url URL]
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { createPostgresDatabase, createTestDataDir } from "../apps/server/src/test/test-app.ts";
import { postgresAdminUrl } from "./app.ts";
import { type ShopProcess, shopEnv, startShop } from "./shop-process.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "100" },
    "admin-url": { type: "string" },
    "redis-url": { type: "string", default: "redis://127.0.0.1:6379" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, "..");
if (!existsSync(path.join(root, "apps/web/build/server/index.js"))) {
  throw new Error("The web app is not built: run `npm run build` first.");
}

const TIMEOUT_MS = 10_000;
const WARM_UP_MS = 10_000;
/**
 * Memory is read every second. Resident memory climbs by a hundred MB or more between major
 * collections, so a reading at each end would measure the collector: what is compared is the
 * lowest reading of the first third and of the last third, the level each collection comes back
 * to, where a leak would show.
 */
/** A shopper past the age gate, with a browser's encodings. */
const HEADERS = { cookie: "ageVerified=true", "accept-encoding": "br, gzip" };

interface RouteStats {
  latencies: number[];
  errors: number;
  timeouts: number;
  bytes: number;
}

function request(agent: http.Agent, url: URL): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const sent = http.get(url, { agent, headers: HEADERS, timeout: TIMEOUT_MS }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on("error", reject);
    });
    sent.on("timeout", () => sent.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    sent.on("error", reject);
  });
}

/**
 * `connections` shoppers, shared out over the routes, each asking again as soon as it has its
 * answer: a slow route does not hold back the others' figures.
 */
async function drive(base: string, routes: string[], durationMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const stats = new Map(
    routes.map((route) => [route, { latencies: [], errors: 0, timeouts: 0, bytes: 0 } as RouteStats]),
  );
  const end = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      const route = routes[index % routes.length] as string;
      const stat = stats.get(route) as RouteStats;
      while (performance.now() < end) {
        const began = performance.now();
        try {
          const { status, bytes } = await request(agent, new URL(route, base));
          if (status === 200) {
            stat.latencies.push(performance.now() - began);
            stat.bytes += bytes;
          } else stat.errors++;
        } catch (error) {
          if ((error as { code?: string }).code === "TIMEOUT") stat.timeouts++;
          else stat.errors++;
        }
      }
    }),
  );
  agent.destroy();
  return stats;
}

const rssMb = (child: ChildProcess) => {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function measure(label: string, base: string, shops: ShopProcess[], routes: string[]): Promise<boolean> {
  await drive(base, routes, WARM_UP_MS);
  const memory: number[][] = shops.map(() => []);
  const sampler = setInterval(() => {
    for (const [index, shop] of shops.entries()) memory[index]?.push(rssMb(shop.child));
  }, 1000);
  const began = performance.now();
  const stats = await drive(base, routes, seconds * 1000);
  const elapsed = (performance.now() - began) / 1000;
  clearInterval(sampler);
  const third = (readings: number[]) => Math.max(1, Math.floor(readings.length / 3));
  const before = memory.map((readings) => Math.min(...readings.slice(0, third(readings))));
  const after = memory.map((readings) => Math.min(...readings.slice(-third(readings))));

  console.log(`\n### ${label}: ${connections} connections, ${seconds} s\n`);
  console.log("| Route | req/s | p50 ms | p95 ms | max ms | errors | timeouts |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  let total = 0;
  let failures = 0;
  for (const [route, stat] of stats) {
    const sorted = stat.latencies.sort((a, b) => a - b);
    total += sorted.length;
    failures += stat.errors + stat.timeouts;
    console.log(
      `| \`${route}\` | ${(sorted.length / elapsed).toFixed(0)} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(0)} | ${stat.errors} | ${stat.timeouts} |`,
    );
  }
  const all = [...stats.values()].flatMap((stat) => stat.latencies).sort((a, b) => a - b);
  console.log(
    `| all | ${(total / elapsed).toFixed(0)} | ${percentile(all, 0.5).toFixed(1)} | ${percentile(all, 0.95).toFixed(1)} | ${(all.at(-1) ?? 0).toFixed(0)} | | |`,
  );
  let flat = true;
  for (const index of shops.keys()) {
    const [start, end] = [before[index] ?? 0, after[index] ?? 0];
    const growth = ((end - start) / start) * 100;
    // Less at the end is memory handed back (an instance that carried the single-instance run's load).
    if (growth > 10) flat = false;
    const range = `${Math.min(...(memory[index] ?? [])).toFixed(0)}–${Math.max(...(memory[index] ?? [])).toFixed(0)} MB`;
    console.log(
      `\nInstance ${index + 1}: ${start.toFixed(0)} MB at the lowest in the first third, ${end.toFixed(0)} MB in the last (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %; readings ${range})`,
    );
  }
  const passed = failures === 0 && flat;
  console.log(
    `\n${label}: ${passed ? "PASS" : "FAIL"} (${failures} failed requests; memory ${flat ? "flat" : "not flat"})`,
  );
  return passed;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const admin = { email: "owner@load.test", password: "a long load passphrase 1" };
const database = await createPostgresDatabase(await postgresAdminUrl(values["admin-url"]));
const prefix = `shop-load-${randomBytes(4).toString("hex")}:`;
const secret = randomBytes(32).toString("hex");
const folders: string[] = [];
const shops: ShopProcess[] = [];
let balancer: ChildProcess | null = null;

async function instance(): Promise<ShopProcess> {
  const dataDir = createTestDataDir();
  folders.push(dataDir);
  const env = {
    ...shopEnv({ dataDir, databaseUrl: database.url, port: await freePort(), admin }),
    SESSION_SECRET: secret,
    REDIS_URL: values["redis-url"],
    REDIS_PREFIX: prefix,
  };
  const shop = await startShop(env, "production");
  shops.push(shop);
  await shop.ready;
  return shop;
}

let passed = true;
try {
  const first = await instance();
  const list = (await (await fetch(`${first.base}/api/Product`)).json()) as { items: { id: string }[] };
  const ids = list.items.slice(0, 3).map((item) => item.id);
  const routes = [
    "/",
    "/products",
    "/products?page=2",
    ...ids.map((id) => `/products/${id}`),
    "/api/Product",
    "/api/Product?page=2",
    `/api/Product/${ids[0]}`,
  ];
  console.log(`Load on PostgreSQL and Redis, demo shop, ${routes.length} routes in turn, load from one process`);
  passed = (await measure("One instance", first.base, [first], routes)) && passed;

  await instance();
  await instance();
  const port = await freePort();
  balancer = spawn(
    process.execPath,
    ["--import", "tsx", "bench/balancer.ts", String(port), ...shops.map((shop) => shop.base)],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise((resolve) => balancer?.stdout?.once("data", resolve));
  passed = (await measure("Three instances behind the balancer", `http://127.0.0.1:${port}`, shops, routes)) && passed;
} finally {
  balancer?.kill("SIGTERM");
  await Promise.all(shops.map((shop) => shop.stop()));
  await database.drop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  const redis = new Redis(values["redis-url"]);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}
process.exit(passed ? 0 : 1);
