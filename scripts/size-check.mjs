// Build-size check: the JavaScript a browser loads up front for each storefront page, gzip level 9
// (what the server sends), from the React Router manifest of the production build.
// Fails when a page is over the 90 KB budget of DESIGN.md or when a storefront page pulls in
// admin code (decisions 010 and 017).
// Run after `npm run build`: node scripts/size-check.mjs
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 90;
const client = path.resolve(import.meta.dirname, "../apps/web/build/client");

/** Each budgeted page and the route ids React Router matches for it, outermost first. */
const pages = [
  { url: "/", routes: ["root", "routes/store-layout", "routes/home"] },
  { url: "/products", routes: ["root", "routes/store-layout", "routes/products"] },
  { url: "/products/{id}", routes: ["root", "routes/store-layout", "routes/product"] },
];

const assets = path.join(client, "assets");
const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: run npm run build first.`);
const manifestSource = readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{")).replace(/;\s*$/, ""));

/** The dashboard's own route modules, which no storefront page may load. */
const dashboardModules = new Set(
  Object.values(manifest.routes)
    .filter((route) => route.id === "dashboard" || route.id.startsWith("routes/dashboard"))
    .map((route) => route.module),
);
if (dashboardModules.size === 0) throw new Error("No dashboard routes in the manifest; update scripts/size-check.mjs.");

const gzipBytes = (url) => gzipSync(readFileSync(path.join(client, url)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

let failed = false;
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
  const admin = [...files].filter((file) => dashboardModules.has(file) || /dashboard|admin/i.test(file));
  const over = total > BUDGET_KB * 1024;
  if (over || admin.length > 0) failed = true;
  console.log(
    `${over ? "FAIL" : "ok  "} ${page.url.padEnd(16)} ${kb(total).padStart(6)} KB gzip (budget ${BUDGET_KB} KB)`,
  );
  for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`       ${kb(bytes).padStart(6)} KB  ${file}`);
  }
  for (const file of admin) console.log(`FAIL admin code in a storefront page: ${file}`);
}
if (failed) {
  console.log(`Size check failed: a page is over ${BUDGET_KB} KB or carries admin code.`);
  process.exit(1);
}
