import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { imageKeysIn } from "./markdown.ts";

/** The pictures the posts name, drafts included: each cover and every picture in a body (decision 064). */
export function createBlogFileReferences(db: Kysely<Database>) {
  return {
    async imageKeys(): Promise<string[]> {
      const keys: string[] = [];
      let after = "";
      // In pages by id, so a shop with many long posts never holds them all at once.
      for (;;) {
        const rows = await db
          .selectFrom("blog_posts")
          .select(["id", "cover_image_key", "body"])
          .where("id", ">", after)
          .orderBy("id")
          .limit(200)
          .execute();
        for (const row of rows) {
          if (row.cover_image_key) keys.push(row.cover_image_key);
          keys.push(...imageKeysIn(row.body));
        }
        if (rows.length < 200) return keys;
        after = rows.at(-1)?.id ?? after;
      }
    },
  };
}
