import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** The photos of buyers' IDs, kept beside the stored documents under their own ids (docs/decisions/099). */
export function createIdentityFileReferences(db: Kysely<Database>) {
  return {
    async documentIds(): Promise<string[]> {
      const rows = await db
        .selectFrom("identity_checks")
        .select(["front_file", "back_file"])
        .where("front_file", "is not", null)
        .execute();
      return rows.flatMap((row) => [row.front_file, row.back_file].filter((id): id is string => id !== null));
    },
  };
}
