import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "./database.ts";

/**
 * A consistent copy of the SQLite database while the shop runs (VACUUM INTO reads one snapshot).
 * PostgreSQL is backed up with its own tool, pg_dump (see README).
 */
export async function backupDatabase(db: Db, dataDir: string, target?: string): Promise<string> {
  if (db.engine === "postgres") {
    throw new Error('On PostgreSQL use pg_dump, e.g. pg_dump --format=custom "$DATABASE_URL" > shop.dump');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(target ?? path.join(dataDir, "backups", `shop-${stamp}.db`));
  mkdirSync(path.dirname(file), { recursive: true });
  await sql`vacuum into ${file}`.execute(db.kysely);
  return file;
}
