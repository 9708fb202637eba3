import { execFile, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config/config.ts";
import { loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../test/forms.ts";
import {
  createPostgresDatabase,
  createTestApp,
  createTestDataDir,
  type TestApp,
  testEngine,
} from "../test/test-app.ts";
import { runDbCommand } from "./commands.ts";

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

const commandEnv = (env: Record<string, string> = {}) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: database?.url ?? "",
  LOG_LEVEL: "silent",
  ...env,
});

/**
 * Runs a db:* command in this process, as cli.ts runs it (env overrides the test's data folder and
 * database); gives what it printed. A failing command rejects with the message cli.ts would print.
 */
async function cliWith(options: { env?: Record<string, string>; umask?: number }, ...args: string[]) {
  let stdout = "";
  const quiet = () => {};
  const output = {
    line: (text: string) => {
      stdout += `${text}\n`;
    },
    progress: (text: string) => {
      stdout += text;
    },
    log: { debug: quiet, info: quiet, warn: console.warn, error: console.error },
  };
  const umask = options.umask === undefined ? undefined : process.umask(options.umask);
  try {
    await runDbCommand(args, commandEnv(options.env), output);
  } finally {
    if (umask !== undefined) process.umask(umask);
  }
  return { stdout };
}
const cli = (...args: string[]) => cliWith({}, ...args);

/** The one way the commands are run for real: `node --import tsx src/db/cli.ts …`, as npm run db:* does. */
function spawnCli(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "src/db/cli.ts", ...args], {
    cwd: serverRoot,
    env: commandEnv(env),
  });
}
const permissions = (file: string) => statSync(file).mode & 0o777;

describe("database commands", () => {
  it("migrate creates the schema, then finds it up to date", async () => {
    expect((await cli("migrate")).stdout).toContain("Applied: 2026-11-21-001-catalog");
    expect((await cli("migrate")).stdout).toContain("The database is up to date.");
  });

  it("seed loads the demo shop once; a second run adds nothing", async () => {
    expect((await cli("seed")).stdout).toMatch(
      /7 categories, 4\d products, 3 banners, 8 blog posts, 31 batches with lab results added/,
    );
    expect((await cli("seed")).stdout).toContain(
      "0 categories, 0 products, 0 banners, 0 blog posts, 0 batches with lab results added",
    );
  });

  it("seed --products generates a large catalogue and refuses a bad count", async () => {
    expect((await cli("seed", "--products", "600")).stdout).toContain("Added 600 generated products");
    await expect(cli("seed", "--products", "lots")).rejects.toThrow("--products takes a whole number");
  });

  it("answers an unknown command with the list of commands", async () => {
    await expect(cli("explode")).rejects.toThrow("Use migrate, seed, backup or restore");
  });

  it("runs from the terminal (npm run db:*): output, exit code and errors on standard error", async () => {
    expect((await spawnCli({}, "migrate")).stdout).toContain("The database is up to date.");
    await expect(spawnCli({}, "explode")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown command "explode". Use migrate, seed, backup or restore.'),
    });
  });

  it.skipIf(testEngine === "postgres")("backup writes a consistent copy that opens as a shop database", async () => {
    const folder = path.join(dataDir, "copy");
    expect((await cli("backup", "--to", folder)).stdout).toContain(`Backup written to ${folder} (shop.db, `);
    const target = path.join(folder, "shop.db");
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

  it.skipIf(testEngine === "postgres")(
    "backup is readable by its owner only (0600 in a 0700 folder), whatever the umask",
    async () => {
      // A folder left by an older version, open to all.
      mkdirSync(path.join(dataDir, "backups"));
      chmodSync(path.join(dataDir, "backups"), 0o755);
      const { stdout } = await cliWith({ umask: 0o000 }, "backup");
      const folder = stdout.match(/Backup written to (\S+)/)?.[1] ?? "";
      expect(path.dirname(folder)).toBe(path.join(dataDir, "backups"));
      expect(permissions(path.dirname(folder)).toString(8)).toBe("700");
      expect(permissions(folder).toString(8)).toBe("700");
      expect(permissions(path.join(folder, "shop.db")).toString(8)).toBe("600");
      expect(permissions(path.join(folder, "manifest.json")).toString(8)).toBe("600");
      expect(permissions(path.join(folder, "uploads")).toString(8)).toBe("700");
      const picture = readdirSync(path.join(folder, "uploads"))[0] ?? "";
      expect(permissions(path.join(folder, "uploads", picture)).toString(8)).toBe("600");

      const chosen = path.join(dataDir, "chosen-name");
      await cliWith({ umask: 0o000 }, "backup", "--to", chosen);
      expect(permissions(chosen).toString(8)).toBe("700");
      expect(permissions(path.join(chosen, "shop.db")).toString(8)).toBe("600");
      await expect(cli("backup", "--to", chosen)).rejects.toThrow("exists already");
    },
  );

  it.skipIf(testEngine === "sqlite")(
    "backup on PostgreSQL: pg_dump and the files; restore only into an empty database",
    async () => {
      const folder = path.join(dataDir, "pg-backup");
      expect((await cli("backup", "--to", folder)).stdout).toContain(`Backup written to ${folder} (shop.dump, `);
      const manifest = JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8"));
      expect(manifest).toMatchObject({ engine: "postgres", database: "shop.dump" });
      expect(permissions(path.join(folder, "shop.dump")).toString(8)).toBe("600");

      // Into the database it came from: refused, not mixed.
      await expect(cli("restore", "--from", folder)).rejects.toThrow("is not empty");
      const empty = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string);
      const restoredDir = path.join(dataDir, "pg-restored");
      try {
        const { stdout } = await cliWith(
          { env: { DATA_DIR: restoredDir, DATABASE_URL: empty.url } },
          "restore",
          "--from",
          folder,
        );
        expect(stdout).toContain(`Restored ${folder}`);
        const count = async (url: string) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            return (await client.query("select count(*)::int as n from products")).rows[0].n as number;
          } finally {
            await client.end();
          }
        };
        expect(await count(empty.url)).toBe(await count(database?.url as string));
        expect(await count(empty.url)).toBeGreaterThan(600);
        const files = manifest.files.filter((file: { path: string }) => file.path.startsWith("uploads/"));
        expect(files.length).toBeGreaterThan(0);
        for (const file of files) {
          const bytes = readFileSync(path.join(restoredDir, file.path));
          expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
        }
      } finally {
        await empty.drop();
      }
    },
  );

  it.skipIf(testEngine === "sqlite")("restore on PostgreSQL points to pg_restore", async () => {
    await expect(cli("restore", "--from", "shop.dump")).rejects.toThrow("pg_restore");
  });
});

/** Every row of every table (with its rowid where it has one), in a stable order. */
function everyRow(file: string): Record<string, string[]> {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db.prepare("select name, sql from sqlite_master where type = 'table' order by name").all() as {
      name: string;
      sql: string;
    }[];
    return Object.fromEntries(
      tables.map(({ name, sql }) => {
        const rowid = /without rowid/i.test(sql) ? "" : "rowid, ";
        const rows = db.prepare(`select ${rowid}* from "${name}"`).raw().all();
        return [name, rows.map((row) => JSON.stringify(row)).sort()];
      }),
    );
  } finally {
    db.close();
  }
}

/** Files of a database beside shop.db: its logs, or the copy of a restore. */
const leftovers = (folder: string) => readdirSync(folder).filter((name) => /^shop\.db./.test(name));

const fingerprint = (folder: string) => ({
  files: readdirSync(folder).sort(),
  database: createHash("sha256")
    .update(readFileSync(path.join(folder, "shop.db")))
    .digest("hex"),
});

describe.skipIf(testEngine === "postgres")("restore", () => {
  let shop: TestApp;
  let backup = "";
  let work = "";
  const restore = (folder: string, from: string) => cliWith({ env: { DATA_DIR: folder } }, "restore", "--from", from);
  let folders = 0;
  const emptyFolder = () => {
    const folder = path.join(work, `data-${++folders}`);
    mkdirSync(folder);
    return folder;
  };

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), "shop-restore-"));
    shop = await createTestApp({ env: TEST_ADMIN_ENV });
    const contact = await shop.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Dana Buyer", email: "dana@example.com", message: "Is the mango disposable back in stock?" },
    });
    expect(contact.statusCode).toBe(201);
    await shop.app.services.background.settled(); // the notice to the shop's address is sent, not half-claimed
    const cookie = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const address = await shop.app.inject({
      method: "POST",
      url: "/api/account/addresses",
      headers: { cookie },
      payload: { fullName: "Owner Person", line1: "1 Main St", city: "Austin", state: "TX", zip: "73301" },
    });
    expect(address.statusCode).toBe(201);
    backup = path.join(work, "running-shop");
    await cliWith({ env: { DATA_DIR: shop.dataDir } }, "backup", "--to", backup);
  });
  afterAll(async () => {
    await shop.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("restores a running shop's backup into an empty data folder: every row of every table equal", async () => {
    const restoredDir = emptyFolder();
    const { stdout } = await restore(restoredDir, backup);
    const target = path.join(restoredDir, "shop.db");
    expect(stdout).toContain(`to ${target}`);
    expect(leftovers(restoredDir)).toEqual([]);
    expect(permissions(target).toString(8)).toBe("600");

    const restored = everyRow(target);
    const live = everyRow(path.join(shop.dataDir, "shop.db"));
    expect(Object.keys(restored)).toEqual(Object.keys(live));
    expect(restored.contact_messages).toHaveLength(1);
    expect(restored.addresses).toHaveLength(1);
    expect(restored.products?.length).toBeGreaterThan(40);
    for (const table of Object.keys(live))
      expect({ table, rows: restored[table] }).toEqual({ table, rows: live[table] });
    // The pictures came with it, each with the bytes the shop serves, owner-only.
    const pictures = readdirSync(path.join(shop.dataDir, "uploads"));
    expect(pictures.length).toBeGreaterThan(40);
    expect(readdirSync(path.join(restoredDir, "uploads")).sort()).toEqual([...pictures].sort());
    for (const name of pictures.slice(0, 20)) {
      expect(readFileSync(path.join(restoredDir, "uploads", name))).toEqual(
        readFileSync(path.join(shop.dataDir, "uploads", name)),
      );
    }
    expect(permissions(path.join(restoredDir, "uploads", pictures[0] ?? "")).toString(8)).toBe("600");

    // The shop starts on it as it is (nothing to migrate) and finds the same products.
    const app = await buildApp(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: restoredDir }), {
      web: "none",
      demoData: false,
    });
    try {
      const search = (on: typeof app) => on.inject({ url: "/api/Product?q=mango" }).then((r) => r.json());
      expect(await search(app)).toEqual(await search(shop.app));
    } finally {
      await app.close();
    }
  });

  it("refuses a damaged file, a file that is not SQLite, another program's SQLite file and a newer version's, changing nothing", async () => {
    const restoredDir = emptyFolder();
    await restore(restoredDir, backup);
    const before = fingerprint(restoredDir);

    const damaged = path.join(work, "damaged.db");
    copyFileSync(path.join(backup, "shop.db"), damaged);
    const fd = openSync(damaged, "r+");
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, 4096 * 3);
    closeSync(fd);
    const notSqlite = path.join(work, "notes.txt");
    writeFileSync(notSqlite, "These are my notes, not a database.\n".repeat(200));
    const otherProgram = path.join(work, "other.db");
    new SQLite(otherProgram).exec("create table notes (text text); insert into notes values ('hello')");
    const newer = path.join(work, "newer.db");
    copyFileSync(path.join(backup, "shop.db"), newer);
    new SQLite(newer).exec(
      "insert into kysely_migration (name, timestamp) values ('2099-01-01-999-future', '2099-01-01T00:00:00.000Z')",
    );

    const missing = path.join(work, "missing.db");
    for (const [file, message] of [
      [damaged, `${damaged} is damaged`],
      [notSqlite, `${notSqlite} is not a SQLite database.`],
      [otherProgram, `${otherProgram} is a SQLite database but not the shop's: it has no kysely_migration table.`],
      [newer, `${newer} comes from a newer version of the shop`],
      [missing, `There is no file ${missing}.`],
    ]) {
      await expect(restore(restoredDir, file as string), file).rejects.toThrow(message as string);
    }
    await expect(cliWith({ env: { DATA_DIR: restoredDir } }, "restore")).rejects.toThrow(
      "Say which backup to restore: npm run db:restore -- --from FILE",
    );
    expect(fingerprint(restoredDir)).toEqual(before);
  });

  it("refuses a partial backup folder (no manifest, a file missing or changed) and a PostgreSQL one, changing nothing", async () => {
    const restoredDir = emptyFolder();
    await restore(restoredDir, backup);
    const before = { ...fingerprint(restoredDir), uploads: readdirSync(path.join(restoredDir, "uploads")).length };
    const damagedCopy = (name: string, change: (folder: string) => void) => {
      const folder = path.join(work, name);
      cpSync(backup, folder, { recursive: true });
      change(folder);
      return folder;
    };
    const firstPicture = (folder: string) =>
      path.join(folder, "uploads", readdirSync(path.join(folder, "uploads"))[0] ?? "");
    const interrupted = damagedCopy("interrupted", (folder) => rmSync(path.join(folder, "manifest.json")));
    const missing = damagedCopy("missing-file", (folder) => rmSync(firstPicture(folder)));
    const changed = damagedCopy("changed-file", (folder) => writeFileSync(firstPicture(folder), "not the picture"));
    const noDatabase = damagedCopy("no-database", (folder) => rmSync(path.join(folder, "shop.db")));
    const postgres = damagedCopy("postgres", (folder) => {
      const file = path.join(folder, "manifest.json");
      writeFileSync(file, readFileSync(file, "utf8").replace('"engine": "sqlite"', '"engine": "postgres"'));
    });
    for (const [folder, message] of [
      [interrupted, `${interrupted} is not a complete backup: it has no manifest.json`],
      [missing, "is missing. Nothing was changed."],
      [changed, "has changed. Nothing was changed."],
      [noDatabase, "shop.db is missing"],
      [postgres, "is a backup of a shop on PostgreSQL, and this shop runs on SQLite"],
    ]) {
      await expect(restore(restoredDir, folder as string), folder).rejects.toThrow(message as string);
    }
    expect({ ...fingerprint(restoredDir), uploads: readdirSync(path.join(restoredDir, "uploads")).length }).toEqual(
      before,
    );
  });

  it("--files-only backs up and restores the files alone", async () => {
    const folder = path.join(work, "files-only");
    const { stdout } = await cliWith({ env: { DATA_DIR: shop.dataDir } }, "backup", "--files-only", "--to", folder);
    expect(stdout).toContain(`Backup written to ${folder} (no database, `);
    expect(existsSync(path.join(folder, "shop.db"))).toBe(false);
    const restoredDir = emptyFolder();
    expect((await restore(restoredDir, folder)).stdout).toContain("(the backup holds no database)");
    expect(existsSync(path.join(restoredDir, "shop.db"))).toBe(false);
    expect(readdirSync(path.join(restoredDir, "uploads")).sort()).toEqual(
      readdirSync(path.join(shop.dataDir, "uploads")).sort(),
    );
  });

  it("refuses while the shop runs on that data folder, and changes nothing", async () => {
    const live = path.join(shop.dataDir, "shop.db");
    const before = everyRow(live);
    // The restore in a process of its own, as when the shop runs: the lock is held across processes.
    await expect(spawnCli({ DATA_DIR: shop.dataDir }, "restore", "--from", backup)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`The shop is running on ${shop.dataDir}`),
    });
    expect(everyRow(live)).toEqual(before);
    expect((await shop.app.inject({ url: "/api/health" })).statusCode).toBe(200);
  });

  it("replaces a database whose program was killed without reading its write-ahead log into the new one", async () => {
    const restoredDir = emptyFolder();
    await restore(restoredDir, backup);
    const target = path.join(restoredDir, "shop.db");
    const killed = spawnSync(
      process.execPath,
      [
        "-e",
        `const db = new (require("better-sqlite3"))(${JSON.stringify(target)});
         db.pragma("journal_mode = WAL");
         db.pragma("wal_autocheckpoint = 0");
         db.exec("update products set name = 'Renamed by a program that was killed'");
         process.kill(process.pid, "SIGKILL");`,
      ],
      { cwd: serverRoot },
    );
    expect(killed.signal).toBe("SIGKILL");
    expect(statSync(`${target}-wal`).size).toBeGreaterThan(0);

    await restore(restoredDir, backup);
    expect(leftovers(restoredDir)).toEqual([]);
    const db = new SQLite(target, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      db.close();
    }
    expect(everyRow(target)).toEqual(everyRow(path.join(backup, "shop.db")));
  });
});
