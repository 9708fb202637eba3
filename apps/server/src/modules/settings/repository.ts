import type { Kysely } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";

export function createSettingsRepository(db: Kysely<Database>) {
  return {
    /** Every stored setting: its key and its value as JSON text. */
    all() {
      return db.selectFrom("settings").select(["key", "value"]).execute();
    },

    /**
     * Stores each value (JSON text) under its key, all or none; `within` runs in the same
     * transaction (the audit entry, docs/decisions/053).
     */
    async save(
      values: [key: string, value: string][],
      now: string,
      within: (trx: Executor) => Promise<unknown> = async () => {},
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await within(trx);
        for (const [key, value] of values) {
          await trx
            .insertInto("settings")
            .values({ key, value, updated_at: now })
            .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
            .execute();
        }
      });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
