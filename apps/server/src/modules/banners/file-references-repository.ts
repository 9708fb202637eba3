import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** The pictures the banners name, shown or hidden (docs/decisions/064). */
export function createBannerFileReferences(db: Kysely<Database>) {
  return {
    async imageKeys(): Promise<string[]> {
      const rows = await db.selectFrom("banners").select("image_key").where("image_key", "is not", null).execute();
      return rows.map((row) => row.image_key ?? "");
    },
  };
}
