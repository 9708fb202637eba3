import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** The PDFs the COAs name (docs/decisions/064). */
export function createCoaFileReferences(db: Kysely<Database>) {
  return {
    async pdfKeys(): Promise<string[]> {
      const rows = await db.selectFrom("coas").select("pdf_key").distinct().execute();
      return rows.map((row) => row.pdf_key);
    },
  };
}
