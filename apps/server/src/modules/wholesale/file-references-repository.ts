import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** The wholesale licences and certificates, whose files are named by their ids in the private documents' folder. */
export function createWholesaleFileReferences(db: Kysely<Database>) {
  return {
    async documentIds(): Promise<string[]> {
      const rows = await db.selectFrom("wholesale_documents").select("id").execute();
      return rows.map((row) => row.id);
    },
  };
}
