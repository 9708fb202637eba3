import path from "node:path";
import SQLite from "better-sqlite3";
import { privateFile, privateFolder } from "../lib/private-files.ts";

/**
 * Who has the SQLite database of a data folder open (decision 023). Every process that opens
 * DATA_DIR/shop.db holds a shared lock on DATA_DIR/shop.lock for as long as it does; a restore
 * needs it alone. The locks are SQLite's own file locks on that empty file (a read transaction
 * left open is a shared lock; BEGIN EXCLUSIVE is the exclusive one), so the operating system
 * drops them when a process ends in any way, kill -9 included: a lock never goes stale.
 * The file stays; deleting a lock file that others may hold would split them onto two files.
 */
export function lockFile(dataDir: string): string {
  return path.join(dataDir, "shop.lock");
}

/** Held by everything that opens the database (the shop, the db:* commands). Release when closing it. */
export function shareDataDir(dataDir: string): () => void {
  privateFolder(dataDir);
  privateFile(lockFile(dataDir));
  const lock = new SQLite(lockFile(dataDir), { timeout: 5000 });
  try {
    lock.exec("begin");
    lock.prepare("select count(*) from sqlite_master").get();
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    throw new Error(
      `The database in ${dataDir} is being restored (npm run db:restore). Start again when the restore has finished.`,
    );
  }
  return () => lock.close();
}

/** Taken by a restore: refused while anything has the database open. */
export function takeDataDirAlone(dataDir: string): () => void {
  privateFolder(dataDir);
  privateFile(lockFile(dataDir));
  const lock = new SQLite(lockFile(dataDir), { timeout: 0 });
  try {
    lock.exec("begin exclusive");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    throw new Error(
      `The shop is running on ${dataDir}, or another command (npm run db:*) has its database open. Stop it first, then restore.`,
    );
  }
  return () => lock.close();
}
