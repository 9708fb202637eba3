import { randomBytes } from "node:crypto";
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { DEFAULT_MIGRATION_TABLE } from "kysely";
import { takeDataDirAlone } from "./data-dir-lock.ts";
import { migrationProvider } from "./migrations/index.ts";

const TEMP_PREFIX = "shop.db.restoring-";

export interface RestoreOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The backup to restore, as npm run db:backup wrote it. */
  from: string | undefined;
  /** Run once the copy is checked, before it replaces the database: a backup folder's files go in here. */
  beforeSwap?: () => void;
}

/**
 * Puts a backup in place of DATA_DIR/shop.db; refused while anything has that database open
 * (decision 023). The backup is copied next to the database and checked there, so that the bytes
 * checked are the bytes used; then flushed to disk and renamed over the old database in one step,
 * so that an interruption leaves the old database or the new one, never half of one.
 */
export async function restoreDatabase(options: RestoreOptions): Promise<string> {
  if (options.databaseUrl) {
    throw new Error(
      'On PostgreSQL use pg_restore, e.g. pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" shop.dump',
    );
  }
  if (!options.from) throw new Error("Say which backup to restore: npm run db:restore -- --from FILE");
  const from = path.resolve(options.from);
  checkSourceFile(from);

  const release = takeDataDirAlone(options.dataDir);
  try {
    const target = path.join(options.dataDir, "shop.db");
    // Left by a restore that was interrupted: no one else restores while we hold the folder.
    for (const name of readdirSync(options.dataDir)) {
      if (name.startsWith(TEMP_PREFIX)) rmSync(path.join(options.dataDir, name), { force: true });
    }
    const temp = path.join(options.dataDir, `${TEMP_PREFIX}${randomBytes(6).toString("hex")}`);
    try {
      copyOwnerOnly(from, temp);
      await checkShopDatabase(temp, from);
      options.beforeSwap?.();
      // The old database's log would otherwise be read into the new file at the next open.
      for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(target + suffix, { force: true });
      renameSync(temp, target);
      syncFolder(options.dataDir);
    } finally {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(temp + suffix, { force: true });
    }
    return target;
  } finally {
    release();
  }
}

function checkSourceFile(from: string): void {
  let size: number;
  try {
    const stat = statSync(from);
    if (!stat.isFile()) throw new Error(`${from} is not a file.`);
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`There is no file ${from}.`);
    throw error;
  }
  if (size === 0) throw new Error(`${from} is empty.`);
  let logSize = 0;
  try {
    logSize = statSync(`${from}-wal`).size;
  } catch {
    // no log beside it, as with every backup
  }
  if (logSize > 0) {
    throw new Error(
      `${from}-wal lies beside ${from}: that is a database in use (or one whose program stopped without closing it), not a backup. Back it up with npm run db:backup and restore that copy.`,
    );
  }
}

/** A copy that no one but the owner can read at any moment, whatever the umask, flushed to disk. */
function copyOwnerOnly(from: string, to: string): void {
  const source = openSync(from, "r");
  try {
    const target = openSync(to, "wx", 0o600);
    try {
      fchmodSync(target, 0o600);
      const buffer = Buffer.allocUnsafe(1 << 20);
      for (;;) {
        const read = readSync(source, buffer, 0, buffer.length, null);
        if (read === 0) break;
        for (let written = 0; written < read; ) written += writeSync(target, buffer, written, read - written);
      }
      fsyncSync(target);
    } finally {
      closeSync(target);
    }
  } finally {
    closeSync(source);
  }
}

/** Refuses, in words, a file that is damaged or is not a shop database this version can start on. */
async function checkShopDatabase(file: string, shownAs: string): Promise<void> {
  const known = Object.keys(await migrationProvider.getMigrations()).sort();
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    const problems = (db.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check);
    if (problems.join() !== "ok") {
      throw new Error(`${shownAs} is damaged (integrity check: ${problems.slice(0, 3).join("; ")}).`);
    }
    const migrationTable = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(DEFAULT_MIGRATION_TABLE);
    if (!migrationTable) {
      throw new Error(
        `${shownAs} is a SQLite database but not the shop's: it has no ${DEFAULT_MIGRATION_TABLE} table.`,
      );
    }
    const applied = db.prepare(`select name from ${DEFAULT_MIGRATION_TABLE} order by name`).pluck().all() as string[];
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new Error(
        `${shownAs} comes from a newer version of the shop: this version does not know its migration ${unknown.join(", ")}. Restore it with that version.`,
      );
    }
    if (applied.length === 0 || applied.some((name, i) => name !== known[i])) {
      throw new Error(
        `${shownAs} is not a shop database this version can bring up to date: its migrations (${applied.join(", ") || "none"}) are not the first of this version's.`,
      );
    }
    const orphans = db.pragma("foreign_key_check") as { table: string }[];
    if (orphans.length > 0) {
      throw new Error(
        `${shownAs} is not a consistent copy: rows of ${[...new Set(orphans.map((row) => row.table))].join(", ")} refer to rows it lacks.`,
      );
    }
  } catch (error) {
    if (!(error instanceof SQLite.SqliteError)) throw error;
    if (error.code === "SQLITE_NOTADB") throw new Error(`${shownAs} is not a SQLite database.`);
    if (error.code.startsWith("SQLITE_CORRUPT")) throw new Error(`${shownAs} is damaged (${error.message}).`);
    throw new Error(`${shownAs} could not be read as a database (${error.message}).`);
  } finally {
    db?.close();
  }
}

/** Makes the rename itself durable; folders cannot be opened for this on every system. */
function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows: the rename is flushed with the file system's own journal.
  }
}
