import { rmSync } from "node:fs";
import pg from "pg";
import { type App, buildApp } from "../apps/server/src/app.ts";
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

/**
 * The shop with the demo data in a throw-away data folder (and, for PostgreSQL, a throw-away
 * database on 127.0.0.1:5432), without the web pages; `close` removes both.
 */
export async function startBenchApp(options: {
  engine?: string | undefined;
  adminUrl?: string | undefined;
  admin?: { email: string; password: string };
}): Promise<{ app: App; close(): Promise<void> }> {
  const engine = options.engine ?? "sqlite";
  if (engine !== "sqlite" && engine !== "postgres") throw new Error("--engine must be sqlite or postgres");
  const dataDir = createTestDataDir();
  const database =
    engine === "postgres" ? await createPostgresDatabase(await postgresAdminUrl(options.adminUrl)) : null;
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      ...(options.admin ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password } : {}),
      ...(database ? { DATABASE_URL: database.url } : {}),
    }),
    { web: "none" },
  );
  return {
    app,
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
