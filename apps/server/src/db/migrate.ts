import { Migrator } from "kysely";
import type { Db } from "./database.ts";
import { migrationProvider } from "./migrations/index.ts";

/** Brings the schema up to date; throws (and applies nothing further) if a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
