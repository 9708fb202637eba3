import { chmodSync, closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "./database.ts";

/**
 * A consistent copy of the SQLite database while the shop runs (VACUUM INTO reads one snapshot).
 * PostgreSQL is backed up with its own tool, pg_dump (see README). The copy holds password hashes
 * and personal data, so it and the backups folder are for the owner only, whatever the umask.
 */
export async function backupDatabase(db: Db, dataDir: string, target?: string): Promise<string> {
  if (db.engine === "postgres") {
    throw new Error('On PostgreSQL use pg_dump, e.g. pg_dump --format=custom "$DATABASE_URL" > shop.dump');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const folder = path.join(dataDir, "backups");
  const file = path.resolve(target ?? path.join(folder, `shop-${stamp}.db`));
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // mkdir's mode passes through the umask and leaves a folder that exists (older versions made it 0755) as it is.
  if (!target) chmodSync(folder, 0o700);
  // VACUUM INTO fills an empty file and keeps that file's mode.
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    throw new Error(`${file} exists already. Choose another name, or move that file away first.`);
  }
  fchmodSync(fd, 0o600);
  closeSync(fd);
  try {
    await sql`vacuum into ${file}`.execute(db.kysely);
    fd = openSync(file, "r+");
    fsyncSync(fd);
    closeSync(fd);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  }
  return file;
}
