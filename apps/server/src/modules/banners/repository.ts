import type { Insertable, Kysely, Updateable } from "kysely";
import type { BannersTable, Database } from "../../db/types.ts";

const columns = [
  "b.id",
  "b.title",
  "b.description",
  "b.is_active",
  "b.link_url",
  "b.position",
  "i.key as image_key",
  "i.width as image_width",
  "i.height as image_height",
  "i.widths as image_widths",
] as const;

/** The banners' SQL, for both engines. */
export function createBannerRepository(db: Kysely<Database>) {
  const joined = () => db.selectFrom("banners as b").leftJoin("images as i", "i.key", "b.image_key").select(columns);
  return {
    /** In display order: position, then the older first. */
    list(options: { activeOnly: boolean }) {
      let query = joined();
      if (options.activeOnly) query = query.where("b.is_active", "=", 1);
      return query.orderBy("b.position").orderBy("b.created_at").orderBy("b.id").execute();
    },

    find(id: string) {
      return joined().where("b.id", "=", id).executeTakeFirst();
    },

    async nextPosition(): Promise<number> {
      const row = await db
        .selectFrom("banners")
        .select((eb) => eb.fn.max("position").as("last"))
        .executeTakeFirst();
      return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
    },

    async insert(row: Insertable<BannersTable>): Promise<void> {
      await db.insertInto("banners").values(row).execute();
    },

    async update(id: string, values: Updateable<BannersTable>): Promise<boolean> {
      const result = await db.updateTable("banners").set(values).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("banners").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BannerRepository = ReturnType<typeof createBannerRepository>;
export type BannerRow = NonNullable<Awaited<ReturnType<BannerRepository["find"]>>>;
