// Builds the web app when its build is missing or older than its sources (used by npm start and npm test).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtFile = path.join(root, "apps/web/build/server/index.js");
const sources = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "apps/web/react-router.config.ts",
  "packages/shared/src",
  "package-lock.json",
];

function newestChange(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(target).map((name) => newestChange(path.join(target, name))));
}

export function webBuildIsCurrent() {
  const built = statSync(builtFile, { throwIfNoEntry: false });
  if (!built) return false;
  return Math.max(...sources.map((source) => newestChange(path.join(root, source)))) <= built.mtimeMs;
}

export function buildWebIfNeeded() {
  if (webBuildIsCurrent()) return;
  console.log("Building the web app (its build is missing or older than its sources)…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The web build failed.");
}
