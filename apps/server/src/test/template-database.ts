import { rmSync } from "node:fs";
import Fastify from "fastify";
import pg from "pg";
import { loadConfig } from "../config/config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDemoDataIfEmpty } from "../db/seed/seed.ts";
import { createServices } from "../services.ts";
import { createTestDataDir, type TestTemplates } from "./test-app.ts";

/**
 * The templates (see TestTemplate in test-app.ts) are built once per test run by Vitest's
 * globalSetup: the demo shop and an empty shop, both migrated.
 */
async function buildTemplate(demoData: boolean, database: string | undefined, adminUrl: string | undefined) {
  const dataDir = createTestDataDir();
  let databaseUrl: string | undefined;
  if (adminUrl && database) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PASSWORD_HASH_COST: "test-low",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const logger = Fastify({ logger: { level: "silent" } });
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  try {
    await migrateToLatest(db);
    const services = createServices(db, config, logger.log);
    if (demoData) await loadDemoDataIfEmpty(db, services, logger.log);
    await services.background.settled();
  } finally {
    await db.close();
    await logger.close();
  }
  if (adminUrl && database) {
    // No connection may stay open on a template while it is copied; none is allowed from now on.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`alter database ${database} with is_template true allow_connections false`);
    await admin.end();
  }
  return { dataDir, database };
}

export async function buildTestTemplates(adminUrl: string | undefined): Promise<TestTemplates> {
  const run = `${process.env.TEST_DATABASE_PREFIX ?? "shop_test"}_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  return {
    demo: await buildTemplate(true, adminUrl ? `${run}_demo` : undefined, adminUrl),
    empty: await buildTemplate(false, adminUrl ? `${run}_empty` : undefined, adminUrl),
  };
}

export async function dropTestTemplates(templates: TestTemplates, adminUrl: string | undefined): Promise<void> {
  for (const template of [templates.demo, templates.empty]) {
    rmSync(template.dataDir, { recursive: true, force: true });
    if (adminUrl && template.database) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`alter database ${template.database} with is_template false`);
      await admin.query(`drop database if exists ${template.database} with (force)`);
      await admin.end();
    }
  }
}
