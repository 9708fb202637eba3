import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type BuildOptions, buildApp } from "../app.ts";
import type { App } from "../app-type.ts";
import { loadConfig } from "../config/config.ts";
import type { Database } from "../db/types.ts";
import type { AgeVerificationProvider } from "../modules/checkout/age-verification.ts";
import type { PaymentProviders } from "../modules/payments/service.ts";
import { type Sessions, sessionsOfEveryRole, TEST_ADMIN, TEST_ADMIN_ENV } from "./forms.ts";

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
  /** A GET through `inject`, its status and its JSON body. */
  getJson<T>(url: string): Promise<{ status: number; body: T }>;
  /** How many rows a table holds. */
  rowCount(table: keyof Database): Promise<number>;
  close(): Promise<void>;
}

/**
 * A migrated database, with or without the demo shop, built once per run by Vitest's globalSetup
 * (global-setup.ts) and copied for each test file, which is as isolated as with a database of its
 * own making: its data folder gets a copy of the SQLite file and the demo's documents, and on
 * PostgreSQL its database is created from the template. buildApp then finds the schema up to date
 * and the shop not empty, and creates the first Owner from the file's own ADMIN_EMAIL and
 * ADMIN_PASSWORD (the templates have no users).
 */
export interface TestTemplate {
  /** Holds shop.db (SQLite) and the demo's documents (both engines). */
  dataDir: string;
  /** The template database on PostgreSQL. */
  database?: string;
}

export interface TestTemplates {
  demo: TestTemplate;
  empty: TestTemplate;
}

/** What a test file copies from a template's data folder: not the uploads link, the lock or the session secret. */
const NOT_COPIED = new Set(["uploads", "shop.lock", "session-secret"]);

function copyTemplateFiles(template: TestTemplate, dataDir: string): void {
  for (const name of readdirSync(template.dataDir)) {
    if (NOT_COPIED.has(name)) continue;
    cpSync(path.join(template.dataDir, name), path.join(dataDir, name), { recursive: true });
  }
}

/** The run's templates; none outside Vitest's server project (each database is then built from nothing). */
function testTemplates(): TestTemplates | undefined {
  try {
    return inject("testTemplates");
  } catch {
    return undefined;
  }
}

/** PostgreSQL refuses to copy a template that another CREATE DATABASE is copying at that moment. */
const templateBusy = (error: unknown) => (error as { code?: string }).code === "55006";

export async function createPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${process.env.TEST_DATABASE_PREFIX ?? "shop_test"}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        break;
      } catch (error) {
        if (!templateBusy(error) || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
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
export interface TestAppOptions {
  /** Whether the shop starts with the demo catalog (true unless said otherwise). */
  demoData?: boolean;
  env?: Record<string, string>;
  logStream?: { write(line: string): void };
  /** A fake age verification provider (the shop wires no real one). */
  ageVerifier?: AgeVerificationProvider;
  /** Fake payment providers by the payment method kinds they serve (the manual one otherwise). */
  paymentProviders?: PaymentProviders;
  /** How long product lists are reused (the shop's 5 s unless said). */
  listCacheMs?: number;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const demoData = options.demoData ?? true;
  const dataDir = createTestDataDir();
  const template = testTemplates()?.[demoData ? "demo" : "empty"];
  if (template) copyTemplateFiles(template, dataDir);
  const database = process.env.TEST_DATABASE_URL
    ? await createPostgresDatabase(process.env.TEST_DATABASE_URL, template?.database)
    : null;
  const inTestMode = (options.env?.NODE_ENV ?? "test") === "test";
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    // The production hashing cost is proved by config.test.ts and password-storage.test.ts, which asks for it.
    ...(inTestMode ? { PASSWORD_HASH_COST: "test-low" } : {}),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const app = await buildApp(config, {
    web: "none",
    demoData,
    logStream: options.logStream,
    ageVerifier: options.ageVerifier,
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
    ...(options.listCacheMs === undefined ? {} : { listCacheMs: options.listCacheMs }),
  });
  return {
    app,
    dataDir,
    databaseUrl: database?.url,
    async getJson<T>(url: string) {
      const response = await app.inject(url);
      return { status: response.statusCode, body: response.json() as T };
    },
    async rowCount(table) {
      const row = await app.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another instance of a test shop, on its database and data folder, as a second server would start. */
export async function anotherInstance(
  shop: TestApp,
  env: Record<string, string> = {},
  options: Pick<BuildOptions, "paymentProviders"> = {},
): Promise<App> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PASSWORD_HASH_COST: "test-low",
    DATA_DIR: shop.dataDir,
    ...(shop.databaseUrl ? { DATABASE_URL: shop.databaseUrl } : {}),
    ...env,
  });
  return buildApp(config, { web: "none", ...options });
}

/** A test shop whose first Owner is TEST_ADMIN, with a signed-in session of every role. */
export async function createShopWithSessions(
  options: TestAppOptions = {},
): Promise<{ shop: TestApp; cookies: Sessions }> {
  const shop = await createTestApp({
    ...options,
    env: { ...TEST_ADMIN_ENV, ...options.env },
  });
  return { shop, cookies: await sessionsOfEveryRole(shop.app, TEST_ADMIN) };
}
