import { DEFAULT_SETTINGS } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ demoData: false });
});
afterAll(() => shop.close());

describe("settings", () => {
  it("start from the spec's defaults", async () => {
    expect(await shop.app.services.settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      gateMinAge: 18,
      ageGateDays: 30,
      purchaseMinAge: 21,
      shippingFlatFeeCents: 1000,
      freeShippingOverCents: 10000,
    });
  });

  it("save and read back, twice over the same key", async () => {
    const { settings } = shop.app.services;
    await settings.update({ gateMinAge: 21, ageGateDays: 7 });
    expect(await settings.get()).toMatchObject({ gateMinAge: 21, ageGateDays: 7, purchaseMinAge: 21 });
    await settings.update({ gateMinAge: 19 });
    expect(await settings.getPublic()).toMatchObject({ gateMinAge: 19, ageGateDays: 7 });
    const rows = await shop.app.db.kysely.selectFrom("settings").select("key").orderBy("key").execute();
    expect(rows.map((row) => row.key)).toEqual(["ageGateDays", "gateMinAge"]);
    await settings.update({ gateMinAge: 18, ageGateDays: 30 });
  });

  it("refuse a bad value and change nothing", async () => {
    const { settings } = shop.app.services;
    const before = await settings.get();
    await expect(settings.update({ ageGateDays: 0, gateMinAge: 20 })).rejects.toBeInstanceOf(ZodError);
    await expect(settings.update({ nonsense: 1 } as never)).rejects.toBeInstanceOf(ZodError);
    expect(await settings.get()).toEqual(before);
  });

  it("fall back to the default for a stored value that no longer fits", async () => {
    await shop.app.db.kysely
      .insertInto("settings")
      .values({ key: "shippingFlatFeeCents", value: '"ten dollars"', updated_at: new Date().toISOString() })
      .execute();
    await shop.app.services.settings.update({});
    expect((await shop.app.services.settings.get()).shippingFlatFeeCents).toBe(1000);
  });
});
