import { rmSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import type { App } from "../apps/server/src/app-type.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { createPostgresDatabase, createTestDataDir } from "../apps/server/src/test/test-app.ts";

/** An admin connection to the local PostgreSQL (users postgres or root), or `adminUrl` when given. */
export async function postgresAdminUrl(adminUrl?: string): Promise<string> {
  const candidates = adminUrl
    ? [adminUrl]
    : ["postgres://postgres@127.0.0.1:5432/postgres", "postgres://root@127.0.0.1:5432/postgres"];
  for (const url of candidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      return url;
    } catch {
      // try the next one
    } finally {
      await client.end().catch(() => {});
    }
  }
  throw new Error("PostgreSQL does not answer on 127.0.0.1:5432 (users postgres, root); pass --admin-url");
}

/** A port nothing listens on now, for a shop that must know its own origin before it listens. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The shop with the demo data in a throw-away data folder (and, for PostgreSQL, a throw-away
 * database on 127.0.0.1:5432), without the web pages, to listen at `base`; `close` removes both.
 */
export async function startBenchApp(options: {
  engine?: string | undefined;
  adminUrl?: string | undefined;
  admin?: { email: string; password: string };
}): Promise<{ app: App; base: string; listen(): Promise<void>; close(): Promise<void> }> {
  const engine = options.engine ?? "sqlite";
  if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
  const dataDir = createTestDataDir();
  const database =
    engine === "postgres" ? await createPostgresDatabase(await postgresAdminUrl(options.adminUrl)) : null;
  // Changes are accepted from the shop's own origin only (decision 082): the port is chosen first.
  const port = await freePort();
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      ...(options.admin ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password } : {}),
      ...(database ? { DATABASE_URL: database.url } : {}),
    }),
    { web: "none" },
  );
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    async listen() {
      await app.listen({ port, host: "127.0.0.1" });
    },
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
