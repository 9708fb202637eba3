import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDataDir, type TestApp, testEngine } from "../test/test-app.ts";
import { keepingStatements, openDatabase } from "./database.ts";

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

  it("survives the server closing a connection that work holds: that work fails, the process goes on", async () => {
    // Without a listener on the held connection its error event would be an uncaught exception,
    // which fails this run (and ends a real server).
    const outcome = await shop.app.db.kysely
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
        await admin.end();
        // The error arrives while the transaction holds the connection between two statements.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
        return "went on";
      })
      .catch((error: Error) => `failed: ${error.message}`);
    expect(outcome).toMatch(/^failed: /);
    const health = await shop.app.inject({ url: "/api/health" });
    expect(health.json()).toEqual({ status: "ok", database: "postgres" });
  });
});

describe.skipIf(testEngine !== "sqlite")("SQLite shop database", () => {
  it("runs the shop's connection with WAL, foreign keys, a busy timeout and synchronous FULL", async () => {
    const shop = await createTestApp({ demoData: false });
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(shop.app.db.kysely)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("synchronous")).toBe(2);
      expect(await pragma("busy_timeout")).toBeGreaterThan(0);
    } finally {
      await shop.close();
    }
  });

  it("makes writers in separate processes wait for one another: no busy error, every write lands", async () => {
    const workers = 4;
    const writes = 50;
    const dataDir = createTestDataDir();
    const db = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await sql`create table concurrent_writes (worker integer not null, seq integer not null, primary key (worker, seq))`.execute(
        db.kysely,
      );
      const children = Array.from({ length: workers }, (_, worker) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "src/test/sqlite-writer.ts", dataDir, String(worker), String(writes)],
          { cwd: path.resolve(import.meta.dirname, "../.."), stdio: ["pipe", "pipe", "inherit"] },
        );
        let output = "";
        const ready = new Promise<void>((resolve) =>
          child.stdout.on("data", (chunk) => {
            output += chunk;
            if (output.startsWith("ready\n")) resolve();
          }),
        );
        const done = new Promise<{ written: number; errors: string[] }>((resolve, reject) =>
          child.once("exit", (code) =>
            code === 0
              ? resolve(JSON.parse(output.trim().split("\n").at(-1) ?? "{}"))
              : reject(new Error(`writer ${worker} exited with ${code}`)),
          ),
        );
        return { child, ready, done };
      });
      // All open the file first, then all start at once.
      await Promise.all(children.map((c) => c.ready));
      for (const { child } of children) child.stdin.write("go\n");
      const results = await Promise.all(children.map((c) => c.done));

      expect(results.flatMap((result) => result.errors)).toEqual([]);
      expect(results.map((result) => result.written)).toEqual(Array(workers).fill(writes));
      const { rows } = await sql<{ worker: number; n: number; top: number }>`
        select worker, count(*) as n, max(seq) as top from concurrent_writes group by worker order by worker`.execute(
        db.kysely,
      );
      expect(rows).toEqual(Array.from({ length: workers }, (_, worker) => ({ worker, n: writes, top: writes - 1 })));
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("keepingStatements", () => {
  it("prepares each text once, a fresh one while the kept one is being read, and forgets the oldest past its limit", () => {
    const file = new SQLite(":memory:");
    const database = keepingStatements(file, 2);
    try {
      file.exec("create table t (n integer); insert into t values (1), (2), (3)");
      const select = database.prepare("select n from t order by n");
      expect(database.prepare("select n from t order by n")).toBe(select);

      const read: number[] = [];
      for (const row of (select as SQLite.Statement<[], { n: number }>).iterate()) {
        const inner = database.prepare("select n from t order by n");
        expect(inner).not.toBe(select);
        read.push(row.n, (inner as SQLite.Statement<[], { n: number }>).all().length);
      }
      expect(read).toEqual([1, 3, 2, 3, 3, 3]);
      expect(database.prepare("select n from t order by n")).toBe(select);

      database.prepare("select 1");
      database.prepare("select 2");
      expect(database.prepare("select n from t order by n")).not.toBe(select);
    } finally {
      database.close();
    }
  });
});
