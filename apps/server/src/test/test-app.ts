import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type App, buildApp } from "../app.ts";
import { loadConfig } from "../config/config.ts";

/**
 * Rendered pictures are content-addressed, so every test app links one shared folder and the
 * demo pictures are encoded once per machine rather than once per test file.
 */
const sharedUploads = path.join(os.tmpdir(), "shop-test-uploads");

/** PostgreSQL runs when the test runner sets TEST_DATABASE_URL (an admin connection to any database). */
export const testEngine = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";

export interface TestApp {
  app: App;
  dataDir: string;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${process.env.TEST_DATABASE_PREFIX ?? "shop_test"}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A fresh data folder whose uploads are the shared, already-rendered pictures. */
export function createTestDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  mkdirSync(sharedUploads, { recursive: true });
  symlinkSync(sharedUploads, path.join(dataDir, "uploads"));
  return dataDir;
}

/** A fresh shop for one test file: its own data folder and its own database on the engine under test. */
export async function createTestApp(
  options: { demoData?: boolean; env?: Record<string, string>; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = createTestDataDir();
  const database = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const app = await buildApp(config, { web: "none", demoData: options.demoData ?? true, logStream: options.logStream });
  return {
    app,
    dataDir,
    databaseUrl: database?.url,
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
