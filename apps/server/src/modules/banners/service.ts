import type { Banner, BannerFields } from "@shop/shared";
import { NotFound } from "@shop/shared/errors";
import { newId } from "../../lib/ids.ts";
import { joinedImage } from "../images/service.ts";
import type { BannerRepository, BannerRow } from "./repository.ts";

function toBanner(row: BannerRow): Banner {
  return {
    id: row.id,
    tittle: row.title,
    description: row.description,
    isActive: row.is_active === 1,
    linkUrl: row.link_url,
    position: row.position,
    image: joinedImage(row, row.title),
  };
}

const notFound = (id: string) => new NotFound(`There is no banner with the id ${id}.`);

export function createBannerService(repository: BannerRepository, now: () => Date = () => new Date()) {
  async function get(id: string): Promise<Banner> {
    const row = await repository.find(id);
    if (!row) throw notFound(id);
    return toBanner(row);
  }

  return {
    get,

    /** The banners the storefront shows, in display order. */
    async listActive(): Promise<Banner[]> {
      return (await repository.list({ activeOnly: true })).map(toBanner);
    },

    /** Every banner, active or not, in display order (the dashboard's list). */
    async listAll(): Promise<Banner[]> {
      return (await repository.list({ activeOnly: false })).map(toBanner);
    },

    /** A new banner with its already stored picture; without a position it goes last. */
    async create(fields: BannerFields, imageKey: string): Promise<Banner> {
      const id = newId();
      const stamp = now().toISOString();
      await repository.insert({
        id,
        title: fields.tittle,
        description: fields.description,
        image_key: imageKey,
        link_url: fields.linkUrl,
        is_active: fields.isActive ? 1 : 0,
        position: fields.position ?? (await repository.nextPosition()),
        created_at: stamp,
        updated_at: stamp,
      });
      return get(id);
    },

    /** Replaces the banner's fields; the picture only when a new one is given. An empty position keeps it. */
    async update(id: string, fields: BannerFields, imageKey: string | undefined): Promise<Banner> {
      const updated = await repository.update(id, {
        title: fields.tittle,
        description: fields.description,
        link_url: fields.linkUrl,
        is_active: fields.isActive ? 1 : 0,
        ...(fields.position === null ? {} : { position: fields.position }),
        ...(imageKey ? { image_key: imageKey } : {}),
        updated_at: now().toISOString(),
      });
      if (!updated) throw notFound(id);
      return get(id);
    },

    async delete(id: string): Promise<void> {
      if (!(await repository.delete(id))) throw notFound(id);
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
