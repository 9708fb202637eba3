import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { privateFolder } from "../lib/private-files.ts";
import type { Db } from "./database.ts";
import { refreshRestoredPostgres } from "./statistics.ts";

/**
 * A backup is a folder (docs/decisions/065): the database (shop.db, a VACUUM INTO copy, or
 * shop.dump from pg_dump), the folders of files the database names (pictures and their renditions,
 * COA PDFs, private documents), and manifest.json, written last, which lists every file with its
 * size and SHA-256. A folder without the manifest, or whose files differ from it, is refused.
 * Everything is the owner's only: folders 0700, files 0600, whatever the umask.
 */
export const BACKUP_FILE_FOLDERS = ["uploads", "documents", "private-documents"] as const;
export const MANIFEST = "manifest.json";
const run = promisify(execFile);

export interface Manifest {
  format: 1;
  createdAt: string;
  engine: "sqlite" | "postgres";
  /** shop.db, shop.dump, or null for a backup of the files only. */
  database: string | null;
  files: { path: string; size: number; sha256: string }[];
}

export async function backupFolder(
  db: Db,
  options: { dataDir: string; databaseUrl: string | undefined; to: string | undefined; filesOnly: boolean },
): Promise<{ folder: string; manifest: Manifest }> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const backups = path.join(options.dataDir, "backups");
  const folder = path.resolve(options.to ?? path.join(backups, `shop-${stamp}`));
  if (!options.to) privateFolder(backups);
  if (existsSync(folder)) throw new Error(`${folder} exists already. Choose another name, or move it away first.`);
  privateFolder(folder);
  try {
    let database: string | null = null;
    // The database first, then the files: files are only ever added under content-hashed names,
    // so files copied after the database's snapshot include every file that snapshot names.
    if (!options.filesOnly) {
      if (db.engine === "sqlite") {
        const { backupDatabase } = await import("./backup.ts");
        database = path.basename(await backupDatabase(db, options.dataDir, path.join(folder, "shop.db")));
      } else {
        database = "shop.dump";
        await pgDump(options.databaseUrl as string, path.join(folder, database));
      }
    }
    const files: Manifest["files"] = [];
    for (const name of BACKUP_FILE_FOLDERS) {
      copyTree(path.join(options.dataDir, name), path.join(folder, name), name, files);
    }
    if (database) files.unshift(describe(path.join(folder, database), database));
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), engine: db.engine, database, files };
    writeOwnerOnly(path.join(folder, MANIFEST), Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`));
    return { folder, manifest };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

async function pgDump(url: string, file: string): Promise<void> {
  const fd = openSync(file, "wx", 0o600);
  fchmodSync(fd, 0o600);
  closeSync(fd);
  try {
    const { dbname, env } = withoutPassword(url);
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, `--dbname=${dbname}`], { env });
  } catch (error) {
    throw new Error(toolFailed("pg_dump", error));
  }
}

/** The password goes to pg_dump and pg_restore in their environment, never in the command line that ps shows. */
function withoutPassword(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function toolFailed(tool: string, error: unknown): string {
  const failure = error as NodeJS.ErrnoException & { stderr?: string };
  if (failure.code === "ENOENT") {
    return `${tool} was not found. Install PostgreSQL's client tools (Debian: apt-get install postgresql-client), in the version of the server or newer.`;
  }
  return `${tool} failed: ${(failure.stderr ?? failure.message).trim()}`;
}

/** Copies a folder of the shop's files (following links, as the shop does), listing each file. */
function copyTree(from: string, to: string, shownAs: string, files: Manifest["files"]): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { mode: 0o700 });
  chmodSync(to, 0o700);
  for (const entry of readdirSync(from).sort()) {
    const source = path.join(from, entry);
    const name = `${shownAs}/${entry}`;
    try {
      const stat = statSync(source);
      if (stat.isDirectory()) copyTree(source, path.join(to, entry), name, files);
      else if (stat.isFile()) {
        const bytes = readFileSync(source);
        writeOwnerOnly(path.join(to, entry), bytes);
        files.push({ path: name, size: bytes.length, sha256: sha256(bytes) });
      }
    } catch (error) {
      // Removed since the listing: the cleanup job removes only files nothing names (decision 064).
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

function describe(file: string, name: string): Manifest["files"][number] {
  const bytes = readFileSync(file);
  return { path: name, size: bytes.length, sha256: sha256(bytes) };
}

/** A new file no one but the owner can read at any moment, flushed to disk. */
function writeOwnerOnly(file: string, bytes: Buffer): void {
  const fd = openSync(file, "wx", 0o600);
  try {
    fchmodSync(fd, 0o600);
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** True when `from` is a backup folder (a file is a database-only backup of older versions). */
export function isBackupFolder(from: string): boolean {
  try {
    return statSync(from).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The manifest of a complete backup, every file checked against it; refuses in words a folder
 * that is not a backup, a backup that was interrupted, and a file that is missing or changed.
 */
export function readCompleteBackup(folder: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), "utf8")) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(
        `${folder} is not a complete backup: it has no ${MANIFEST}, which npm run db:backup writes last (the backup was interrupted, or this folder is not one). Nothing was changed.`,
      );
    }
    throw new Error(`${folder}/${MANIFEST} cannot be read (${(error as Error).message}). Nothing was changed.`);
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.files)) {
    throw new Error(`${folder}/${MANIFEST} is not a manifest this version knows. Nothing was changed.`);
  }
  const problems: string[] = [];
  for (const file of manifest.files) {
    const full = path.join(folder, file.path);
    if (file.path.split("/").includes("..") || path.isAbsolute(file.path)) {
      problems.push(`${file.path} lies outside the backup`);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(full);
    } catch {
      problems.push(`${file.path} is missing`);
      continue;
    }
    if (bytes.length !== file.size || sha256(bytes) !== file.sha256) problems.push(`${file.path} has changed`);
  }
  if (problems.length > 0) {
    throw new Error(
      `${folder} is not a complete backup: ${problems.slice(0, 5).join(", ")}${problems.length > 5 ? ` and ${problems.length - 5} more` : ""}. Nothing was changed.`,
    );
  }
  return manifest;
}

/**
 * Puts the backup's files into the data folder: each through a temporary name and a rename, so
 * a file is whole or absent. Files already there with the same name are replaced; others stay.
 */
export function restoreFiles(manifest: Manifest, folder: string, dataDir: string): number {
  let count = 0;
  for (const file of manifest.files) {
    if (!BACKUP_FILE_FOLDERS.some((name) => file.path.startsWith(`${name}/`))) continue;
    const target = path.join(dataDir, file.path);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.restoring-${randomBytes(6).toString("hex")}`;
    try {
      writeOwnerOnly(temp, readFileSync(path.join(folder, file.path)));
      renameSync(temp, target);
    } finally {
      rmSync(temp, { force: true });
    }
    count++;
  }
  return count;
}

/** pg_restore into an empty database (refused otherwise: the shop's tables would be mixed). */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    if ((rows[0] as { n: number }).n > 0) {
      throw new Error(
        "The database DATABASE_URL names is not empty. Restore into a new, empty database (createdb), then point the shop at it. Nothing was changed.",
      );
    }
  } finally {
    await client.end();
  }
  try {
    const { dbname, env } = withoutPassword(url);
    await run("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, dump], {
      env,
    });
  } catch (error) {
    throw new Error(toolFailed("pg_restore", error));
  }
  // pg_restore brings no planner statistics and no visibility map (decision 063).
  await refreshRestoredPostgres(url);
}

/** npm run db:restore -- --from FOLDER: the database and the files, or neither. Returns what it did, in words. */
export async function restoreBackupFolder(
  from: string,
  config: { dataDir: string; databaseUrl: string | undefined },
): Promise<string> {
  const folder = path.resolve(from);
  const manifest = readCompleteBackup(folder);
  const engine = config.databaseUrl ? "postgres" : "sqlite";
  const files = () => restoreFiles(manifest, folder, config.dataDir);
  if (manifest.database && manifest.engine !== engine) {
    const named = (e: string) => (e === "sqlite" ? "SQLite" : "PostgreSQL");
    throw new Error(
      `${folder} is a backup of a shop on ${named(manifest.engine)}, and this shop runs on ${named(engine)}${engine === "postgres" ? " (DATABASE_URL is set)" : " (DATABASE_URL is not set)"}. Nothing was changed.`,
    );
  }
  if (!manifest.database) {
    const { takeDataDirAlone } = await import("./data-dir-lock.ts");
    const release = engine === "sqlite" ? takeDataDirAlone(config.dataDir) : () => {};
    try {
      return `Restored the ${files()} files of ${folder} into ${config.dataDir} (the backup holds no database).`;
    } finally {
      release();
    }
  }
  if (engine === "postgres") {
    await restorePostgres(config.databaseUrl as string, path.join(folder, manifest.database));
    const count = files();
    return `Restored ${folder}: the database into DATABASE_URL's database, and ${count} files into ${config.dataDir}.`;
  }
  let count = 0;
  const { restoreDatabase } = await import("./restore.ts");
  const target = await restoreDatabase({
    dataDir: config.dataDir,
    databaseUrl: undefined,
    from: path.join(folder, manifest.database),
    beforeSwap: () => {
      count = files();
    },
  });
  return `Restored ${folder}: the database to ${target}, and ${count} files into ${config.dataDir}. The shop brings its schema up to date when it starts.`;
}
