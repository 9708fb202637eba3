import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** The shop's logo, read from its row rather than the service's cached copy (docs/decisions/064). */
export function createSettingsFileReferences(db: Kysely<Database>) {
  return {
    async imageKeys(): Promise<string[]> {
      const row = await db.selectFrom("settings").select("value").where("key", "=", "storeLogo").executeTakeFirst();
      if (!row) return [];
      const logo = JSON.parse(row.value) as { key?: unknown } | null;
      return typeof logo?.key === "string" ? [logo.key] : [];
    },
  };
}
