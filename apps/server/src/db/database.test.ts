import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../test/test-app.ts";

describe.skipIf(testEngine !== "postgres")("PostgreSQL connections", () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ demoData: false });
  });
  afterAll(() => shop.close());

  it("survives the server closing idle pooled connections (a restart, a failover)", async () => {
    expect((await shop.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const database = new URL(shop.databaseUrl ?? "").pathname.slice(1);
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await shop.app.inject({ url: "/api/health" });
    expect(health.json()).toEqual({ status: "ok", database: "postgres" });
  });
});
