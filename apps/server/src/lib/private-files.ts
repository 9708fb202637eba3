import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";

/**
 * The data folder holds the database, the session secret, private documents and e-mails with
 * one-time links: everything the shop writes there is its owner's alone (folders 0700, files
 * 0600), whatever the umask. A mode given to mkdir or open passes through the umask, and an
 * older install's folder or file keeps the mode it has, so each is set again.
 */
export function privateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
}

/**
 * Creates the file empty when it is missing (the database, a lock), and makes it the owner's alone
 * either way. A file that exists is never opened here: closing any descriptor of a file drops the
 * locks this process holds on it (POSIX), and the shop's database and lock file hold SQLite's.
 */
export function privateFile(file: string): void {
  try {
    closeSync(openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  chmodSync(file, 0o600);
}

/** Makes an existing file the owner's alone; a missing one is left missing. */
export function keepPrivate(file: string): void {
  if (existsSync(file)) chmodSync(file, 0o600);
}
