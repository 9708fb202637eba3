// Runs the built shop for the browser tests on a fresh SQLite database in a temporary folder.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { register } from "tsx/esm/api";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= "warn";
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));

register();
const { start } = await import("../apps/server/src/server.ts");
await start("production");
