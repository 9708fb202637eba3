import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, createTestDataDir, testEngine } from "../test/test-app.ts";

const run = promisify(execFile);
const serverRoot = path.resolve(import.meta.dirname, "../..");
const dataDir = createTestDataDir();
let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) database = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function cli(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "src/db/cli.ts", ...args], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", LOG_LEVEL: "silent" },
  });
}

describe("database commands", () => {
  it("migrate creates the schema, then finds it up to date", async () => {
    expect((await cli("migrate")).stdout).toContain("Applied: 2026-11-21-001-catalog");
    expect((await cli("migrate")).stdout).toContain("The database is up to date.");
  });

  it("seed loads the demo shop once; a second run adds nothing", async () => {
    expect((await cli("seed")).stdout).toMatch(
      /7 categories, 4\d products, 3 banners, 8 blog posts, 27 batches with lab results added/,
    );
    expect((await cli("seed")).stdout).toContain(
      "0 categories, 0 products, 0 banners, 0 blog posts, 0 batches with lab results added",
    );
  });

  it("seed --products generates a large catalogue and refuses a bad count", async () => {
    expect((await cli("seed", "--products", "600")).stdout).toContain("Added 600 generated products");
    await expect(cli("seed", "--products", "lots")).rejects.toMatchObject({
      stderr: expect.stringContaining("--products takes a whole number"),
    });
  });

  it("answers an unknown command with the list of commands", async () => {
    await expect(cli("explode")).rejects.toMatchObject({
      stderr: expect.stringContaining("Use migrate, seed or backup"),
    });
  });

  it.skipIf(testEngine === "postgres")("backup writes a consistent copy that opens as a shop database", async () => {
    const target = path.join(dataDir, "copy.db");
    expect((await cli("backup", "--to", target)).stdout).toContain(`Backup written to ${target}`);
    expect(existsSync(target)).toBe(true);
    const copy = new SQLite(target, { readonly: true });
    const live = new SQLite(path.join(dataDir, "shop.db"), { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      const count = (db: SQLite.Database) =>
        (db.prepare("select count(*) as n from products").get() as { n: number }).n;
      expect(count(copy)).toBe(count(live));
      expect(count(copy)).toBeGreaterThan(600);
    } finally {
      copy.close();
      live.close();
    }
  });

  it.skipIf(testEngine === "sqlite")("backup on PostgreSQL points to pg_dump", async () => {
    await expect(cli("backup")).rejects.toMatchObject({ stderr: expect.stringContaining("pg_dump") });
  });
});
