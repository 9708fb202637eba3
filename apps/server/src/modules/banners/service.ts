import type { Banner } from "@shop/shared";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";
import { joinedImage } from "../images/service.ts";

export function createBannerService(db: Kysely<Database>) {
  return {
    async listActive(): Promise<Banner[]> {
      const rows = await db
        .selectFrom("banners as b")
        .leftJoin("images as i", "i.key", "b.image_key")
        .where("b.is_active", "=", 1)
        .select([
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
        ])
        .orderBy("b.position")
        .orderBy("b.created_at")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        tittle: row.title,
        description: row.description,
        isActive: row.is_active === 1,
        linkUrl: row.link_url,
        position: row.position,
        image: joinedImage(row, row.title),
      }));
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
