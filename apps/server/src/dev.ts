import { start } from "./server.ts";

// npm run dev: the same server, with Vite serving the web app and hot reload.
await start("dev");
