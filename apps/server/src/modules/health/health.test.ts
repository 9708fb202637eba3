import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngine } from "../../test/test-app.ts";
import { checkReadiness } from "./readiness.ts";

let shop: TestApp | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

/** Takes the shop's database away for real: PostgreSQL drops it, SQLite's connection is closed. */
async function loseDatabase(app: TestApp): Promise<void> {
  if (testEngine === "postgres") {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`drop database ${new URL(app.databaseUrl ?? "").pathname.slice(1)} with (force)`);
    } finally {
      await admin.end();
    }
  } else {
    await app.app.db.close();
  }
}

describe("health probes (decision 062)", () => {
  it("live and ready answer 200 with each check's state; /api/health keeps its body", async () => {
    shop = await createTestApp({ demoData: false });
    const live = await shop.app.inject("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "live" });
    const ready = await shop.app.inject("/api/health/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: [{ name: "database", ok: true }] });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect((await shop.app.inject("/api/health")).json()).toEqual({ status: "ok", database: testEngine });
  });

  it("with the database gone: ready and /api/health answer 503 in words, live answers 200", async () => {
    shop = await createTestApp({ demoData: false });
    await loseDatabase(shop);
    const ready = await shop.app.inject("/api/health/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: "Service Unavailable",
      message: "Not ready. database: The database does not answer.",
      checks: [{ name: "database", ok: false, problem: "The database does not answer." }],
    });
    expect(ready.body).not.toMatch(/postgres:\/\/|shop_test|\.ts:|\bat /);
    expect((await shop.app.inject("/api/health")).statusCode).toBe(503);
    const live = await shop.app.inject("/api/health/live");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "live" });
  });

  it("names every failing check, and a hung check fails within its time limit instead of hanging", async () => {
    shop = await createTestApp({ demoData: false });
    shop.app.services.readiness.push(
      { name: "redis", check: () => new Promise(() => {}) },
      {
        name: "storage",
        check: async () => {
          throw new Error("The bucket does not answer.");
        },
      },
    );
    const started = Date.now();
    const ready = await shop.app.inject("/api/health/ready");
    const took = Date.now() - started;
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toEqual([
      { name: "database", ok: true },
      { name: "redis", ok: false, problem: "The redis check did not answer within 2 s." },
      { name: "storage", ok: false, problem: "The bucket does not answer." },
    ]);
    expect(ready.json().message).toBe(
      "Not ready. redis: The redis check did not answer within 2 s. storage: The bucket does not answer.",
    );
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(3_000);
    shop.app.services.readiness.splice(1);
  });

  it("a check that throws something that is not an Error still fails in words", async () => {
    const { states } = await checkReadiness([{ name: "odd", check: () => Promise.reject("no") }], 50);
    expect(states).toEqual([{ name: "odd", ok: false, problem: "The odd check failed." }]);
  });

  it("once shutdown starts, ready answers 503 (the balancer drains) while live still answers 200", async () => {
    shop = await createTestApp({ demoData: false });
    const base = "http://127.0.0.1:4651";
    const during: { url: string; status: number; body: unknown }[] = [];
    // Runs after the health module's own preClose hook, while the server still listens.
    shop.app.addHook("preClose", async () => {
      for (const url of ["/api/health/ready", "/api/health/live", "/api/health"]) {
        const response = await fetch(base + url);
        during.push({ url, status: response.status, body: await response.json() });
      }
    });
    await shop.app.listen({ port: 4651, host: "127.0.0.1" });
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    await shop.app.close();
    expect(during).toEqual([
      {
        url: "/api/health/ready",
        status: 503,
        body: {
          error: "Service Unavailable",
          message: "Not ready. The instance is shutting down.",
          checks: [{ name: "shutdown", ok: false, problem: "The instance is shutting down." }],
        },
      },
      { url: "/api/health/live", status: 200, body: { status: "live" } },
      {
        url: "/api/health",
        status: 503,
        body: { error: "Service Unavailable", message: "Not ready. The instance is shutting down." },
      },
    ]);
  });
});
