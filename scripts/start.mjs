// npm start: build the web app if needed, then run the shop (migrations and demo data run at start-up).
import { register } from "tsx/esm/api";
import { buildWebIfNeeded } from "./web-build.mjs";

buildWebIfNeeded();
register();
const { start } = await import("../apps/server/src/server.ts");
await start("production");
