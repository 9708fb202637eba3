import { DEFAULT_SETTINGS, STORE_PROFILE_DEFAULTS } from "@shop/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { demoPaymentMethods } from "../../db/seed/demo-payments.ts";
import { loginCookie, multipart, type Sessions, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { createShopWithSessions, createTestApp, type TestApp } from "../../test/test-app.ts";

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
      // No wholesale minimum until staff set one (docs/decisions/102).
      wholesaleMinimumOrderCents: 0,
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

  it("give the storefront the payment methods offered without their switch, and the purchase age", async () => {
    const { settings } = shop.app.services;
    const methods = demoPaymentMethods();
    await settings.update({
      purchaseMinAge: 25,
      paymentMethods: methods.map((method) => ({ ...method, enabled: method.id !== "money-order" })),
    });
    const shown = await settings.getPublic();
    expect(shown.purchaseMinAge).toBe(25);
    expect(shown.paymentMethods).toEqual(
      methods
        .filter((method) => method.id !== "money-order")
        .map(({ id, kind, name, instructions, payee }) => ({ id, kind, name, instructions, payee })),
    );
    await settings.update({ purchaseMinAge: 21, paymentMethods: methods });
    expect((await settings.getPublic()).paymentMethods.map((method) => method.id)).toEqual(
      methods.map((method) => method.id),
    );
    // A new shop's methods are off until staff give their payee details (docs/decisions/078).
    await settings.update({ paymentMethods: DEFAULT_SETTINGS.paymentMethods });
    expect((await settings.getPublic()).paymentMethods).toEqual([]);
  });

  it("refuse a bad value and change nothing", async () => {
    const { settings } = shop.app.services;
    const before = await settings.get();
    await expect(settings.update({ ageGateDays: 0, gateMinAge: 20 })).rejects.toBeInstanceOf(ZodError);
    await expect(settings.update({ nonsense: 1 } as never)).rejects.toBeInstanceOf(ZodError);
    await expect(settings.update({ wholesaleMinimumOrderCents: -1 })).rejects.toBeInstanceOf(ZodError);
    await expect(settings.update({ wholesaleMinimumOrderCents: 12.5 })).rejects.toBeInstanceOf(ZodError);
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

describe("reading the settings never waits for the database once they are loaded", () => {
  it("an e-mail written inside a transaction gets the shop's name even when the read is old", async () => {
    const { settings, mailTemplates } = shop.app.services;
    await settings.update({ storeProfile: { ...STORE_PROFILE_DEFAULTS, name: "Harbor Leaf" } });
    const later = Date.now() + 60_000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      // On SQLite a read outside the open transaction would wait for it, and it for the read.
      const mail = await shop.app.db.kysely.transaction().execute((trx) =>
        mailTemplates.compose(
          {
            template: "verification",
            to: "ivy@buyer.test",
            values: { firstName: "Ivy", link: "https://shop.test/v" },
          },
          trx,
        ),
      );
      expect(mail.text).toContain("— Harbor Leaf");
    } finally {
      clock.mockRestore();
      await settings.update({ storeProfile: STORE_PROFILE_DEFAULTS });
    }
  });

  it("a change on another instance shows once the read is older than a few seconds", async () => {
    const { settings } = shop.app.services;
    await settings.update({ lowStockThreshold: 5 });
    // Another instance writes the table directly.
    await shop.app.db.kysely
      .updateTable("settings")
      .set({ value: "9" })
      .where("key", "=", "lowStockThreshold")
      .execute();
    expect((await settings.get()).lowStockThreshold).toBe(5);
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now() + 6_000);
    try {
      // The old value at once, the new one as soon as it is read.
      expect((await settings.get()).lowStockThreshold).toBe(5);
      await vi.waitFor(async () => expect((await settings.get()).lowStockThreshold).toBe(9));
    } finally {
      clock.mockRestore();
      await settings.update({ lowStockThreshold: 5 });
    }
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
          { id: "zelle", kind: "zelle", name: "Zelle", instructions: "x", enabled: false },
          { id: "zelle", kind: "zelle", name: "Again", instructions: "y", enabled: false },
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

  // "Age to buy" 16 was once saved with "Ages saved", and the API took 0 (docs/decisions/079).
  describe("ages", () => {
    const ages = async () => {
      const { gateMinAge, purchaseMinAge } = (
        await staffShop.app.inject({ url: "/api/settings", headers: { cookie } })
      ).json();
      return { gateMinAge, purchaseMinAge };
    };

    it.each([
      [{ purchaseMinAge: 16 }, "purchaseMinAge", "Please enter an age from 18 to 99."],
      [{ purchaseMinAge: 0 }, "purchaseMinAge", "Please enter an age from 18 to 99."],
      [{ gateMinAge: 0 }, "gateMinAge", "Please enter an age from 18 to 99."],
      [{ gateMinAge: 17, purchaseMinAge: 21 }, "gateMinAge", "Please enter an age from 18 to 99."],
      [{ gateMinAge: 18.5 }, "gateMinAge", "Please enter an age from 18 to 99."],
      [{ purchaseMinAge: 100 }, "purchaseMinAge", "Please enter an age from 18 to 99."],
      [
        { gateMinAge: 21, purchaseMinAge: 19 },
        "purchaseMinAge",
        "The age to buy cannot be below the age gate (21): every buyer has passed the gate.",
      ],
    ])("refuse %j beside its field in words and save nothing", async (change, field, message) => {
      const before = (await staffShop.app.inject({ url: "/api/settings", headers: { cookie } })).json();
      const response = await patch(change);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fields[field]).toBe(message);
      expect(response.json().message).toContain(message);
      expect((await staffShop.app.inject({ url: "/api/settings", headers: { cookie } })).json()).toEqual(before);
    });

    it("check a change of one age against the other's saved value, beside the one changed", async () => {
      expect(await ages()).toEqual({ gateMinAge: 18, purchaseMinAge: 21 });
      const gate = await patch({ gateMinAge: 25 });
      expect(gate.statusCode, gate.body).toBe(400);
      expect(gate.json().fields).toEqual({
        gateMinAge: "The age gate cannot be above the age to buy (21): raise the age to buy first.",
      });
      expect(await ages()).toEqual({ gateMinAge: 18, purchaseMinAge: 21 });

      expect((await patch({ gateMinAge: 20 })).statusCode).toBe(200);
      try {
        const purchase = await patch({ purchaseMinAge: 19 });
        expect(purchase.statusCode, purchase.body).toBe(400);
        expect(purchase.json().fields).toEqual({
          purchaseMinAge: "The age to buy cannot be below the age gate (20): every buyer has passed the gate.",
        });
        expect(await ages()).toEqual({ gateMinAge: 20, purchaseMinAge: 21 });
      } finally {
        await patch({ gateMinAge: 18 });
      }
    });

    it("take 18 to buy, and the gate at the age to buy", async () => {
      try {
        expect((await patch({ purchaseMinAge: 18 })).json()).toMatchObject({ gateMinAge: 18, purchaseMinAge: 18 });
        expect((await patch({ gateMinAge: 25, purchaseMinAge: 25 })).statusCode).toBe(200);
        expect(await ages()).toEqual({ gateMinAge: 25, purchaseMinAge: 25 });
      } finally {
        await patch({ gateMinAge: 18, purchaseMinAge: 21 });
      }
      expect(await ages()).toEqual({ gateMinAge: 18, purchaseMinAge: 21 });
    });

    it("read an age saved before it was checked as the default", async () => {
      await staffShop.app.db.kysely.deleteFrom("settings").where("key", "=", "purchaseMinAge").execute();
      await staffShop.app.db.kysely
        .insertInto("settings")
        .values({ key: "purchaseMinAge", value: "0", updated_at: new Date().toISOString() })
        .execute();
      try {
        await staffShop.app.services.settings.update({});
        expect((await staffShop.app.services.settings.get()).purchaseMinAge).toBe(21);
      } finally {
        await staffShop.app.db.kysely.deleteFrom("settings").where("key", "=", "purchaseMinAge").execute();
        await staffShop.app.services.settings.update({});
      }
    });
  });
});

describe("the store profile and logo (Settings > Store profile)", () => {
  let staffShop: TestApp;
  let cookies: Sessions;
  beforeAll(async () => {
    ({ shop: staffShop, cookies } = await createShopWithSessions({ demoData: false }));
  });
  afterAll(() => staffShop.close());

  const call = (method: "GET" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object, cookie = cookies.manager) =>
    staffShop.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const profile = { ...STORE_PROFILE_DEFAULTS };

  it("start as the demo shop's, and change as staff type them, checked like an address", async () => {
    expect((await call("GET", "/api/settings")).json().storeProfile).toEqual(STORE_PROFILE_DEFAULTS);
    const response = await call("PATCH", "/api/settings", {
      storeProfile: {
        ...profile,
        name: "  Harbor Leaf ",
        email: "Hello@Harbor-Leaf.TEST",
        phone: "(415) 555-0199",
        line2: "",
        hours: "",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().storeProfile).toEqual({
      ...profile,
      name: "Harbor Leaf",
      email: "hello@harbor-leaf.test",
      phone: "4155550199",
      line2: null,
      hours: null,
    });
    expect((await staffShop.app.services.settings.getPublic()).storeProfile.name).toBe("Harbor Leaf");
    await call("PATCH", "/api/settings", { storeProfile: profile });
  });

  it.each([
    [{ name: "" }, "storeProfile.name", "Please enter the shop's name."],
    [{ email: "not an address" }, "storeProfile.email", "Please enter a valid e-mail address."],
    [{ zip: "1234" }, "storeProfile.zip", "Please enter a 5-digit ZIP code (or ZIP+4)."],
    [{ phone: "123" }, "storeProfile.phone", "Please enter a US phone number with 10 digits."],
  ])("refuse %j beside its field and change nothing", async (change, field, message) => {
    const before = (await call("GET", "/api/settings")).json();
    const response = await call("PATCH", "/api/settings", { storeProfile: { ...profile, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect((await call("GET", "/api/settings")).json()).toEqual(before);
  });

  it("take a logo through the image pipeline, give it to the storefront, and remove it", async () => {
    const png = await sharp({ create: { width: 480, height: 120, channels: 4, background: "#0b3b2080" } })
      .png()
      .toBuffer();
    const upload = await staffShop.app.inject({
      method: "PUT",
      url: "/api/settings/logo",
      ...multipart({ logo: { file: png, filename: "logo.png", type: "image/png" } }, cookies.manager),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const logo = upload.json().storeLogo;
    expect(logo).toMatchObject({ width: 480, height: 120, widths: [320, 480] });
    const shown = (await staffShop.app.services.settings.getPublic()).storeLogo;
    expect(shown).toMatchObject({ src: `/uploads/${logo.key}-480.webp`, alt: STORE_PROFILE_DEFAULTS.name });
    const file = await staffShop.app.inject({ url: `/uploads/${logo.key}-320.webp` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");

    const removed = await call("DELETE", "/api/settings/logo");
    expect(removed.statusCode).toBe(200);
    expect(removed.json().storeLogo).toBeNull();
    expect((await staffShop.app.services.settings.getPublic()).storeLogo).toBeNull();
  });

  it("refuse a file that is not a picture beside the logo field, and keep the logo as it was", async () => {
    const upload = await staffShop.app.inject({
      method: "PUT",
      url: "/api/settings/logo",
      ...multipart({ logo: { file: Buffer.from("<svg onload=alert(1)>"), filename: "logo.svg" } }, cookies.manager),
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json().fields.logo).toBe("This file is not a JPEG, PNG or WebP image.");
    expect((await call("GET", "/api/settings")).json().storeLogo).toBeNull();
  });

  it("let only staff change them, and name each change in the audit log", async () => {
    const anonymous = await staffShop.app.inject({ method: "DELETE", url: "/api/settings/logo" });
    expect(anonymous.statusCode).toBe(401);
    const customer = await call("PATCH", "/api/settings", { storeProfile: profile }, cookies.customer);
    expect(customer.statusCode).toBe(403);
    await call("PATCH", "/api/settings", { storeProfile: { ...profile, name: "Audit Leaf" } });
    const [entry] = (await staffShop.app.services.audit.list({ kind: "settings" })).items;
    expect(entry?.before).toMatchObject({ storeProfile: { name: STORE_PROFILE_DEFAULTS.name } });
    expect(entry?.after).toMatchObject({ storeProfile: { name: "Audit Leaf" } });
    await call("PATCH", "/api/settings", { storeProfile: profile });
  });
});
