import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type Transaction,
} from "kysely";
import pg from "pg";
import { keepPrivate, privateFile, privateFolder } from "../lib/private-files.ts";
import { shareDataDir } from "./data-dir-lock.ts";
import type { Database } from "./types.ts";

export type Engine = "sqlite" | "postgres";

/** The database or a transaction on it: what a repository function that may run inside a caller's transaction takes. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl: string | undefined;
  /** Folder of the SQLite file, used when there is no databaseUrl. */
  dataDir: string;
  /**
   * Told when PostgreSQL drops an idle pooled connection (a server restart, a failover). The
   * pool replaces it; without a listener the error would end the process.
   */
  onConnectionLost?: (error: Error) => void;
}

/** PostgreSQL when a URL is given, otherwise the embedded SQLite file DATA_DIR/shop.db. */
export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const lost =
      options.onConnectionLost ?? ((error: Error) => console.error("database connection lost:", error.message));
    // The pool listens for errors on idle connections only. A connection the server drops while a
    // request or job holds it (a restart, a failover) fails that work's query, and also emits an
    // error that, unheard, would end the process: every connection gets a listener of its own.
    pool.on("error", lost);
    pool.on("connect", (client) => client.on("error", lost));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine: "postgres", close: () => kysely.destroy() };
  }
  privateFolder(options.dataDir);
  // Marks the data folder in use while the database is open, so that a restore refuses to replace it (decision 023).
  const release = shareDataDir(options.dataDir);
  let file: SQLite.Database;
  try {
    // SQLite gives the -wal and -shm files the database file's mode; an older install's are set here too.
    const name = path.join(options.dataDir, "shop.db");
    privateFile(name);
    for (const suffix of ["-wal", "-shm"]) keepPrivate(`${name}${suffix}`);
    file = new SQLite(name);
    file.pragma("journal_mode = WAL");
    file.pragma("foreign_keys = ON");
    file.pragma("busy_timeout = 5000");
    file.pragma("synchronous = FULL");
  } catch (error) {
    release();
    throw error;
  }
  const kysely = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: keepingStatements(file) }) });
  return {
    kysely,
    engine: "sqlite",
    close: async () => {
      try {
        await kysely.destroy();
      } finally {
        release();
      }
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query it runs: for a list page, parsing and planning the
 * SQL cost more than running it (decision 068). The shop's queries are few shapes with bound
 * values, so each statement is prepared once and kept (the oldest goes past `limit`). SQLite
 * prepares a kept statement again by itself after a schema change. A statement still being read
 * (a stream) is busy and cannot run twice at once; a fresh one is prepared for that call.
 */
export function keepingStatements(file: SQLite.Database, limit = 500): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text: string) {
      const statement = kept.get(text);
      if (statement && !statement.busy) return statement;
      const fresh = file.prepare(text);
      if (statement) return fresh;
      kept.set(text, fresh);
      if (kept.size > limit) kept.delete(kept.keys().next().value as string);
      return fresh;
    },
  };
}

/**
 * Every transaction takes SQLite's write lock at BEGIN (docs/decisions/023). A plain (deferred) BEGIN
 * takes it at the first write, and when another process has written since this transaction's
 * first read, SQLite cannot wait for it: it fails at once with SQLITE_BUSY. BEGIN IMMEDIATE
 * waits for busy_timeout instead. Every transaction in the shop writes, so none loses by it.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
