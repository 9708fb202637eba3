import { buildApp } from "./app.ts";
import type { App } from "./app-type.ts";
import { ConfigError, loadConfig } from "./config/config.ts";

/** Starts the shop. `web` is the production build (npm start), Vite (npm run dev) or none (API only). */
export async function start(web: "production" | "dev" | "none", prepare?: (app: App) => void): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { web });
  prepare?.(app);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests and closing`);
    const timer = setTimeout(() => {
      app.log.error("Shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    app.log.info("Closed cleanly");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`The shop is open at ${config.publicUrl} (database: ${app.db.engine})`);
  if (process.stdout.isTTY) console.log(`\n  The shop is open at ${config.publicUrl}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await start("production");
}
