import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** The stored documents, whose files are named by their ids (docs/decisions/064). */
export function createDocumentFileReferences(db: Kysely<Database>) {
  return {
    async documentIds(): Promise<string[]> {
      const rows = await db.selectFrom("documents").select("id").execute();
      return rows.map((row) => row.id);
    },
  };
}
