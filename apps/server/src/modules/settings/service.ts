import { DEFAULT_SETTINGS, type PublicSettings, type ShopSettings, shopSettingsSchema } from "@shop/shared";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types.ts";
import { createTtlCache } from "../../lib/ttl-cache.ts";

/** Some settings, without their defaults: a patch must never reset what it does not name. */
const settingsPatchSchema = z.strictObject(
  Object.fromEntries(Object.entries(shopSettingsSchema.shape).map(([key, field]) => [key, field.unwrap().optional()])),
);

export function createSettingsService(db: Kysely<Database>) {
  // Read on every page; a change made on another instance shows within a few seconds.
  const cache = createTtlCache<ShopSettings>({ ttlMs: 5_000, maxEntries: 1 });

  async function load(): Promise<ShopSettings> {
    const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
    const settings: ShopSettings = { ...DEFAULT_SETTINGS };
    for (const { key, value } of rows) {
      if (!(key in shopSettingsSchema.shape)) continue;
      const field = shopSettingsSchema.shape[key as keyof ShopSettings];
      // A value that no longer fits (an older version wrote it) falls back to the default.
      const parsed = field.safeParse(safeJson(value));
      if (parsed.success) Object.assign(settings, { [key]: parsed.data });
    }
    return settings;
  }

  return {
    get(): Promise<ShopSettings> {
      return cache.get("settings", load);
    },

    async getPublic(): Promise<PublicSettings> {
      const { gateMinAge, ageGateDays, shippingFlatFeeCents, freeShippingOverCents } = await this.get();
      return { gateMinAge, ageGateDays, shippingFlatFeeCents, freeShippingOverCents };
    },

    /** Saves the given settings, all or none; throws a ZodError for a bad value. */
    async update(patch: Partial<ShopSettings>): Promise<ShopSettings> {
      const valid = settingsPatchSchema.parse(patch);
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(valid)) {
          await trx
            .insertInto("settings")
            .values({ key, value: JSON.stringify(value), updated_at: now })
            .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
            .execute();
        }
      });
      cache.clear();
      return this.get();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>;
