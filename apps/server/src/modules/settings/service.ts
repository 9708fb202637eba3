import {
  DEFAULT_SETTINGS,
  type PublicSettings,
  type ShopSettings,
  type ShopSettingsPatch,
  shopAgesProblem,
  shopSettingsPatchSchema,
  shopSettingsSchema,
  withPaymentKinds,
} from "@shop/shared";
import { Invalid } from "@shop/shared/errors";
import { isPayable } from "@shop/shared/rules";
import type { SharedState } from "../../lib/shared-state.ts";
import type { AuditActor, AuditRecorder } from "../audit/service.ts";
import { type StoredImage, toImage } from "../images/service.ts";
import type { SettingsRepository } from "./repository.ts";

/** How long a read of the settings is used before the next read asks the database again. */
const FRESH_MS = 5_000;

/**
 * `ageVerifier`: the name of the age verification provider this server has, or null for none.
 * `cardGateway`: the name of the card gateway this server has (docs/decisions/101), or null for none.
 * `audit`: each change is in the audit log, written in the change's transaction (docs/decisions/053).
 * `changes`: a save tells every instance, which reads the settings again at once.
 */
export function createSettingsService(
  repository: SettingsRepository,
  {
    ageVerifier = null,
    cardGateway = null,
    audit,
    changes,
  }: {
    ageVerifier?: string | null;
    cardGateway?: string | null;
    audit: AuditRecorder;
    changes: Pick<SharedState, "publish" | "subscribe">;
  },
) {
  // Read on every page and by e-mails written inside a transaction, so a read never waits for the
  // database once the settings have been loaded (the app loads them as it starts): a value older
  // than FRESH_MS is answered at once while a newer one is read, so a change made on another
  // instance shows within a few seconds. On SQLite a read outside an open transaction would wait
  // for it to end, and a read inside it for the read outside: each would wait for the other.
  let current: ShopSettings | null = null;
  let loadedAt = 0;
  let loading: Promise<ShopSettings> | null = null;
  /** Counts the reads begun; only the newest may set `current`, so an older one never undoes a save. */
  let reads = 0;

  async function load(): Promise<ShopSettings> {
    const rows = await repository.all();
    const settings: ShopSettings = { ...DEFAULT_SETTINGS };
    for (const { key, value } of rows) {
      if (!(key in shopSettingsSchema.shape)) continue;
      const field = shopSettingsSchema.shape[key as keyof ShopSettings];
      // A value that no longer fits (an older version wrote it) falls back to the default.
      const stored = key === "paymentMethods" ? withPaymentKinds(safeJson(value)) : safeJson(value);
      const parsed = field.safeParse(stored);
      if (parsed.success) Object.assign(settings, { [key]: parsed.data });
    }
    return settings;
  }

  async function read(): Promise<ShopSettings> {
    const mine = ++reads;
    const settings = await load();
    if (mine === reads) {
      current = settings;
      loadedAt = Date.now();
    }
    return settings;
  }

  /** One read at a time for the pages; a save reads on its own (`read`), after its commit. */
  function refresh(): Promise<ShopSettings> {
    loading ??= read().finally(() => {
      loading = null;
    });
    return loading;
  }

  // Not `refresh`: a read begun before the change was saved may be under way, and must not be the last.
  changes.subscribe("settings", () => void read().catch(() => {}));

  function get(): Promise<ShopSettings> {
    if (!current) return refresh();
    // A failed refresh keeps the value there is; the next read tries again.
    if (Date.now() - loadedAt > FRESH_MS) refresh().catch(() => {});
    return Promise.resolve(current);
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
      // A method saved on before payee details existed is not offered until staff give them.
      // A card method is offered only while the server has a card gateway.
      const paymentMethods = settings.paymentMethods
        .filter((method) => isPayable(method) && (method.kind !== "card" || cardGateway))
        .map(({ id, kind, name, instructions, payee }) => ({ id, kind, name, instructions, payee }));
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
    const card = valid.paymentMethods?.findIndex((method) => method.kind === "card" && method.enabled) ?? -1;
    if (card !== -1 && !cardGateway) {
      throw new Invalid("No card gateway is set up on this server, so card payments cannot be switched on.", {
        fields: { [`paymentMethods.${card}.enabled`]: "needs a card gateway set up on the server (AUTHORIZE_NET_*)" },
      });
    }
    const before = await load();
    // Checked on the settings as they would be saved: a change of one age against the other's saved value.
    const ages =
      ("gateMinAge" in valid || "purchaseMinAge" in valid) &&
      shopAgesProblem({ ...before, ...valid }, Object.keys(valid));
    if (ages) throw new Invalid(ages.message, { fields: { [ages.field]: ages.message } });
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
    const saved = await read();
    changes.publish("settings");
    return saved;
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
