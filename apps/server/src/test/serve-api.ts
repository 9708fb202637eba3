import { setTimeout as sleep } from "node:timers/promises";
import { start } from "../server.ts";

// The API alone, plus one slow route, for the shutdown test.
await start("none", (app) => {
  app.get("/api/test/slow", { config: { access: "public" } }, async () => {
    await sleep(1500);
    return { finished: true };
  });
});
