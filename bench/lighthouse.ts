// Lighthouse on the storefront's budgeted pages (target: mobile performance ≥ 95 on home,
// list and product pages). Starts the production build with the demo shop, runs Lighthouse's
// default mobile emulation (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium several times
// per page and prints the median run.
// Run: npm run bench:lighthouse -- [--runs 3]
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { createTestDataDir } from "../apps/server/src/test/test-app.ts";
import { buildWebIfNeeded } from "../scripts/web-build.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);
const metrics = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "SI"],
] as const;

buildWebIfNeeded();
const dataDir = createTestDataDir();
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ADMIN_PASSWORD: "bench admin passphrase",
  }),
  { web: "production" },
);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const list = (await (await fetch(`${base}/api/Product`)).json()) as { items: { id: string }[] };
  const pages = ["/", "/products", `/products/${list.items[0]?.id}`];

  console.log(`Lighthouse ${runs} runs per page, mobile, median by score\n`);
  console.log(`page             | score | ${metrics.map(([, label]) => label.padStart(8)).join(" | ")}`);
  console.log(`-----------------|------:|${metrics.map(() => "--------:").join("|")}`);
  for (const path of pages) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(base + path, {
        port: chrome.port,
        onlyCategories: ["performance"],
        // A visitor who passed the age gate, as every returning buyer has.
        extraHeaders: { Cookie: "ageVerified=true" },
        logLevel: "error",
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      results.push(result.lhr);
    }
    results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const median = results[Math.floor(results.length / 2)];
    if (!median) continue;
    const score = Math.round((median.categories.performance?.score ?? 0) * 100);
    const cells = metrics.map(([id]) => (median.audits[id]?.displayValue ?? "").padStart(8));
    const label = path.startsWith("/products/") ? "/products/{id}" : path;
    console.log(`${label.padEnd(16)} | ${String(score).padStart(5)} | ${cells.join(" | ")}`);
  }
} finally {
  chrome.kill();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
