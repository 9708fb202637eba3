import {
  DEFAULT_SETTINGS,
  type PublicSettings,
  type ShopSettings,
  type ShopSettingsPatch,
  shopSettingsPatchSchema,
  shopSettingsSchema,
} from "@shop/shared";
import { Invalid } from "@shop/shared/errors";
import { createTtlCache } from "../../lib/ttl-cache.ts";
import type { AuditActor, AuditRecorder } from "../audit/service.ts";
import { type StoredImage, toImage } from "../images/service.ts";
import type { SettingsRepository } from "./repository.ts";

/**
 * `ageVerifier`: the name of the age verification provider this server has, or null for none.
 * `audit`: each change is in the audit log, written in the change's transaction (docs/decisions/053).
 */
export function createSettingsService(
  repository: SettingsRepository,
  { ageVerifier = null, audit }: { ageVerifier?: string | null; audit: AuditRecorder },
) {
  // Read on every page; a change made on another instance shows within a few seconds.
  const cache = createTtlCache<ShopSettings>({ ttlMs: 5_000, maxEntries: 1 });

  async function load(): Promise<ShopSettings> {
    const rows = await repository.all();
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

  function get(): Promise<ShopSettings> {
    return cache.get("settings", load);
  }

  return {
    get,

    async getPublic(): Promise<PublicSettings> {
      const settings = await get();
      const {
        gateMinAge,
        ageGateDays,
        purchaseMinAge,
        shippingFlatFeeCents,
        freeShippingOverCents,
        storeAddress,
        storeProfile,
        storeLogo,
      } = settings;
      const paymentMethods = settings.paymentMethods
        .filter((method) => method.enabled)
        .map(({ id, name, instructions }) => ({ id, name, instructions }));
      return {
        gateMinAge,
        ageGateDays,
        purchaseMinAge,
        shippingFlatFeeCents,
        freeShippingOverCents,
        storeAddress,
        storeProfile,
        storeLogo: storeLogo && toImage({ ...storeLogo, widths: storeLogo.widths.join(",") }, storeProfile.name),
        paymentMethods,
      };
    },

    /** Saves the given settings, all or none; throws a ZodError for a bad value. `actor`: who (null: the shop). */
    async update(patch: ShopSettingsPatch, actor: AuditActor = null): Promise<ShopSettings> {
      return save(shopSettingsPatchSchema.parse(patch), actor);
    },

    /** Sets the logo (an image the pipeline stored) or removes it (null); in the audit log as a settings change. */
    setLogo(logo: StoredImage | null, actor: AuditActor = null): Promise<ShopSettings> {
      return save({ storeLogo: logo }, actor);
    },
  };

  async function save(valid: Partial<ShopSettings>, actor: AuditActor): Promise<ShopSettings> {
    if (valid.ageVerificationAtCheckout && !ageVerifier) {
      throw new Invalid("No age verification provider is set up on this server, so the check cannot be turned on.", {
        fields: { ageVerificationAtCheckout: "needs an age verification provider set up on the server" },
      });
    }
    const before = await load();
    await repository.save(
      Object.entries(valid).map(([key, value]) => [key, JSON.stringify(value)]),
      new Date().toISOString(),
      (trx) =>
        audit.record(trx, {
          actor,
          kind: "settings",
          subjectId: "settings",
          subjectLabel: "Shop settings",
          action: "updated",
          before: Object.fromEntries(Object.keys(valid).map((key) => [key, before[key as keyof ShopSettings]])),
          after: valid,
        }),
    );
    cache.clear();
    return get();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type SettingsService = ReturnType<typeof createSettingsService>;
