import { DEFAULT_SETTINGS } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
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

  it("give the storefront the enabled payment methods without their switch, and the purchase age", async () => {
    const { settings } = shop.app.services;
    const methods = DEFAULT_SETTINGS.paymentMethods;
    await settings.update({
      purchaseMinAge: 25,
      paymentMethods: methods.map((method) => ({ ...method, enabled: method.id !== "money-order" })),
    });
    const shown = await settings.getPublic();
    expect(shown.purchaseMinAge).toBe(25);
    expect(shown.paymentMethods).toEqual(
      methods
        .filter((method) => method.id !== "money-order")
        .map(({ id, name, instructions }) => ({ id, name, instructions })),
    );
    await settings.update({ purchaseMinAge: 21, paymentMethods: methods });
    expect((await settings.getPublic()).paymentMethods.map((method) => method.id)).toEqual(
      methods.map((method) => method.id),
    );
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

describe("the staff settings API", () => {
  let staffShop: TestApp;
  let cookie = "";
  beforeAll(async () => {
    staffShop = await createTestApp({
      demoData: false,
      env: TEST_ADMIN_ENV,
    });
    cookie = await loginCookie(staffShop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => staffShop.close());

  const patch = (payload: object) =>
    staffShop.app.inject({ method: "PATCH", url: "/api/settings", headers: { cookie }, payload });

  it("offers bank transfer, Zelle and money order, and no sales tax, until staff change them", async () => {
    const response = await staffShop.app.inject({ url: "/api/settings", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().paymentMethods.map((method: { id: string }) => method.id)).toEqual([
      "bank-transfer",
      "zelle",
      "money-order",
    ]);
    expect(response.json().salesTaxBasisPoints).toEqual({});
  });

  it("changes only what a change names", async () => {
    const response = await patch({ salesTaxBasisPoints: { TX: 625, CA: 725 }, shippingFlatFeeCents: 899 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      salesTaxBasisPoints: { TX: 625, CA: 725 },
      shippingFlatFeeCents: 899,
      freeShippingOverCents: 10000,
      purchaseMinAge: 21,
    });
  });

  it.each([
    [{ salesTaxBasisPoints: { ZZ: 100 } }],
    [{ salesTaxBasisPoints: { TX: 5000 } }],
    [
      {
        paymentMethods: [
          { id: "zelle", name: "Zelle", instructions: "x", enabled: true },
          { id: "zelle", name: "Again", instructions: "y", enabled: true },
        ],
      },
    ],
    [{ shippingFlatFeeCents: -1 }],
    [{ unknown: true }],
  ])("refuses %j in words and changes nothing", async (body) => {
    const before = (await staffShop.app.inject({ url: "/api/settings", headers: { cookie } })).json();
    const response = await patch(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message.length).toBeGreaterThan(10);
    expect((await staffShop.app.inject({ url: "/api/settings", headers: { cookie } })).json()).toEqual(before);
  });
});
