// Build-size check: the JavaScript a browser loads up front for each storefront page, gzip level 9
// (what the server sends), from the React Router manifest of the production build. It fails when
// - a page is over the 130 KB budget (decision 081; it was 120 KB until 2026-11-28),
// - a storefront page loads dashboard code,
// - a page does not load React DOM's client, or any chunk (lazy ones too) carries Preact: React
//   and React DOM render the shop (decision 018).
// What each chunk holds comes from build/chunk-modules.json, written by the build
// (chunkModulesReport in apps/web/vite.config.ts).
// Run after `npm run build`: node scripts/size-check.mjs
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 130;
const build = path.resolve(import.meta.dirname, "../apps/web/build");
const client = path.join(build, "client");

/** Each budgeted page and the route ids React Router matches for it, outermost first. */
const pages = [
  { url: "/", routes: ["root", "routes/store-layout", "routes/home"] },
  { url: "/products", routes: ["root", "routes/store-layout", "routes/products"] },
  { url: "/products/{id}", routes: ["root", "routes/store-layout", "routes/product"] },
];

const isDashboardModule = (id) => /^apps\/web\/app\/(routes\/dashboard\/|components\/layout\/admin-)/.test(id);
const isPreactModule = (id) => /(^|\/)node_modules\/preact[^/]*\//.test(id);
const REACT_DOM_CLIENT = "node_modules/react-dom/cjs/react-dom-client.production.js";

const assets = path.join(client, "assets");
const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: run npm run build first.`);
const manifestSource = readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{")).replace(/;\s*$/, ""));
/** Chunk file ("assets/x.js") → the source modules in it, relative to the repository. */
const chunkModules = JSON.parse(readFileSync(path.join(build, "chunk-modules.json"), "utf8"));
const modulesOf = (url) => {
  const modules = chunkModules[url.replace(/^\//, "")];
  if (!modules) throw new Error(`${url} is not in build/chunk-modules.json: run npm run build again.`);
  return modules;
};

const gzipBytes = (url) => gzipSync(readFileSync(path.join(client, url)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

let failed = false;
const fail = (message) => {
  failed = true;
  console.log(`FAIL ${message}`);
};

for (const page of pages) {
  // The manifest file itself is not loaded: with lazy route discovery (React Router's default) the
  // page carries the matched routes' part of it inline.
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of page.routes) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`Route ${id} is not in the manifest; update scripts/size-check.mjs.`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const sizes = [...files].map((file) => ({ file, bytes: gzipBytes(file) }));
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const over = total > BUDGET_KB * 1024;
  console.log(
    `${over ? "FAIL" : "ok  "} ${page.url.padEnd(16)} ${kb(total).padStart(6)} KB gzip (${total.toLocaleString("en-US")} of ${(BUDGET_KB * 1024).toLocaleString("en-US")} B)`,
  );
  if (over) failed = true;
  for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`       ${kb(bytes).padStart(6)} KB  ${file}`);
  }
  const modules = [...files].flatMap(modulesOf);
  for (const id of modules.filter(isDashboardModule)) fail(`dashboard code in ${page.url}: ${id}`);
  if (!modules.includes(REACT_DOM_CLIENT)) fail(`${page.url} does not load React DOM's client (${REACT_DOM_CLIENT})`);
}
for (const [chunk, modules] of Object.entries(chunkModules)) {
  for (const id of modules.filter(isPreactModule)) fail(`Preact in ${chunk}: ${id}; the shop runs on React DOM`);
}
if (failed) {
  console.log(`Size check failed: see the FAIL lines above (budget ${BUDGET_KB} KB a page).`);
  process.exit(1);
}
