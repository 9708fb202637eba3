import type { Kysely } from "kysely";
import type { Database, ImagesTable } from "../../db/types.ts";

export function createImageRepository(db: Kysely<Database>) {
  return {
    /** Records a stored image; recording the same key again changes nothing. */
    async record(image: ImagesTable): Promise<void> {
      await db
        .insertInto("images")
        .values(image)
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    },

    /** The stored images among `keys` (keys not stored are left out). */
    async find(keys: readonly string[]): Promise<ImagesTable[]> {
      if (keys.length === 0) return [];
      return db.selectFrom("images").selectAll().where("key", "in", keys).execute();
    },

    /** Forgets pictures whose renditions were removed (the unused-file cleanup). */
    async forget(keys: readonly string[]): Promise<void> {
      for (let at = 0; at < keys.length; at += 500) {
        await db
          .deleteFrom("images")
          .where("key", "in", keys.slice(at, at + 500))
          .execute();
      }
    },
  };
}

export type ImageRepository = ReturnType<typeof createImageRepository>;
