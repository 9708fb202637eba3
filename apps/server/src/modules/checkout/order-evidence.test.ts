import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder, postOrder } from "../../test/orders.ts";
import { addLabResult, productOfClass, productStock, SHIPPING_ADDRESS } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { ADULT_SIGNATURE_NOTICE } from "../fulfilment/order-mail.ts";
import type { AgeVerificationProvider, AgeVerificationRequest } from "./age-verification.ts";

// Each order keeps what the rules decided for each line and how the buyer's age was checked, never
// edited, and staff see both (docs/decisions/045); vape lines (the demo
// rules' PACT requirements) flag the order for an adult signature and refuse PO boxes and
// APO/FPO/DPO addresses; a third-party age check runs at checkout when the setting turns it on.

/** The fake provider: says no to anyone named "Refused", fails for "Offline", yes otherwise. */
const asked: AgeVerificationRequest[] = [];
const fakeVerifier: AgeVerificationProvider = {
  name: "Fake Verify",
  async verify(request) {
    asked.push(request);
    if (request.lastName === "Offline") throw new Error("connection refused");
    if (request.lastName === "Refused") {
      return { verified: false, reference: "fake-no", reason: "the name and address do not match a record" };
    }
    return { verified: true, reference: `fake-${asked.length}` };
  },
};

let shop: TestApp;
let buyer = "";
let refused = "";
let offline = "";
let staff = "";
let kratom = "";
let vape = "";

const place = (cookie: string, productId: string, address: object = SHIPPING_ADDRESS) =>
  postOrder(shop.app, cookie, { lines: [{ productId, quantity: 1 }], shippingAddress: address });

const staffOrder = async (number: string) =>
  (await shop.app.inject({ url: `/api/admin/orders/${number}`, headers: { cookie: staff } })).json();

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV, ageVerifier: fakeVerifier });
  await addAccount(shop.app, TEST_ADMIN, { id: "buyer", email: "buyer@shop.test", dateOfBirth: "1990-05-01" });
  await addAccount(shop.app, TEST_ADMIN, {
    id: "refused",
    email: "refused@shop.test",
    dateOfBirth: "1990-05-01",
    lastName: "Refused",
  });
  await addAccount(shop.app, TEST_ADMIN, {
    id: "offline",
    email: "offline@shop.test",
    dateOfBirth: "1990-05-01",
    lastName: "Offline",
  });
  buyer = await loginCookie(shop.app, "buyer@shop.test", TEST_ADMIN.password);
  refused = await loginCookie(shop.app, "refused@shop.test", TEST_ADMIN.password);
  offline = await loginCookie(shop.app, "offline@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  kratom = await productOfClass(shop.app, "KRATOM");
  vape = await productOfClass(shop.app, "ENDS");
});
afterAll(() => shop.close());

describe("what an order keeps of the rules' decision and the age check", () => {
  it("keeps each line's decision (rules with versions, minimum age, requirements) and the age evidence, shown to staff", async () => {
    const placed = await place(buyer, vape);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order.requirements).toEqual(["adult_signature_21", "no_po_box", "no_military_address", "no_usps"]);
    const seen = await staffOrder(order.number);
    expect(seen.evidence.age).toMatchObject({
      method: "date_of_birth",
      dateOfBirth: "1990-05-01",
      minAge: 21,
      provider: null,
      // The fake checks ages only and reads no ID: the vape's identity check is flagged for staff (decision 099).
      identity: { outcome: "not_checked" },
    });
    expect(seen.evidence.age.age).toBeGreaterThanOrEqual(36);
    const [line] = seen.evidence.lines;
    expect(line.regulatoryClasses).toContain("ENDS");
    expect(line.decision).toMatchObject({ outcome: "allowed", minAge: 21 });
    expect(line.decision.requirements).toContain("adult_signature_21");
    expect(line.decision.applied).toContainEqual(
      expect.objectContaining({
        effect: "restrict",
        level: "country",
        regulatoryClass: "ENDS",
        where: "United States",
      }),
    );
    for (const applied of line.decision.applied) expect(applied.version).toBeGreaterThanOrEqual(1);
  });

  it("keeps the classes and decision of the day even after the product is reclassified", async () => {
    const placed = await place(buyer, kratom);
    expect(placed.statusCode, placed.body).toBe(201);
    const before = await staffOrder(placed.json().number);
    await shop.app.db.kysely
      .updateTable("product_regulatory_classes")
      .set({ class: "GENERAL" })
      .where("product_id", "=", kratom)
      .execute();
    try {
      expect((await staffOrder(placed.json().number)).evidence).toEqual(before.evidence);
      expect(before.evidence.lines[0].regulatoryClasses).toEqual(["KRATOM"]);
    } finally {
      await shop.app.db.kysely
        .updateTable("product_regulatory_classes")
        .set({ class: "KRATOM" })
        .where("product_id", "=", kratom)
        .execute();
    }
  });

  it("flags a vape order for an adult signature, and not a kratom one", async () => {
    const vapeOrder = (await place(buyer, vape)).json();
    const kratomOrder = (await place(buyer, kratom)).json();
    expect(vapeOrder.requirements).toContain("adult_signature_21");
    expect(kratomOrder.requirements).toEqual([]);
    const list = (await shop.app.inject({ url: "/api/admin/orders", headers: { cookie: staff } })).json();
    const row = (number: string) => list.items.find((item: { number: string }) => item.number === number);
    expect(row(vapeOrder.number).adultSignatureRequired).toBe(true);
    expect(row(kratomOrder.number).adultSignatureRequired).toBe(false);
  });
});

describe("statements the rules ask to print on the shipping documents", () => {
  it("keeps Florida's statement for delta-8 gummies shipped there, and none for Texas", async () => {
    const gummies = await shop.app.db.kysely
      .selectFrom("products")
      .where("name", "=", "High Meadow Delta-8 Gummies 25 mg – Watermelon, 20 ct")
      .select("id")
      .executeTakeFirstOrThrow();
    // Hemp is sold only under the federal limit, at most 0.4 mg of THC in the pouch (decision 076).
    const removeCoa = await addLabResult(shop.app, gummies.id, dayOf(new Date()), {
      delta9: 12,
      thca: 0,
      perContainer: 380,
    });
    try {
      const florida = { ...SHIPPING_ADDRESS, city: "Tampa", state: "FL", zip: "33602" };
      const toFlorida = await place(buyer, gummies.id, florida);
      expect(toFlorida.statusCode, toFlorida.body).toBe(201);
      const kept = await staffOrder(toFlorida.json().number);
      expect(kept.evidence.statements).toEqual([
        "This package contains hemp extract for adults 21 and older. It may not be delivered to a person under 21.",
      ]);
      expect(kept.evidence.lines[0].decision.statements).toEqual(kept.evidence.statements);
      const toTexas = await place(buyer, gummies.id);
      expect((await staffOrder(toTexas.json().number)).evidence.statements).toEqual([]);
    } finally {
      await removeCoa();
    }
  });
});

describe("addresses a vape may not be shipped to", () => {
  it("refuses a PO box for a vape with the reason beside the address and the line, writing nothing", async () => {
    const [orders, stock] = [await shop.rowCount("orders"), await productStock(shop.app, vape)];
    const response = await place(buyer, vape, { ...SHIPPING_ADDRESS, line1: "P.O. Box 1432" });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe("address_refused");
    expect(body.message).toMatch(/^“.+” cannot be shipped to a PO box: /);
    expect(body.fields).toMatchObject({ "lines.0": "cannot be shipped to a PO box" });
    expect(body.fields["shippingAddress.line1"]).toMatch(/^is a PO box: /);
    expect(await shop.rowCount("orders")).toBe(orders);
    expect(await productStock(shop.app, vape)).toBe(stock);
  });

  it("refuses an APO address for a vape", async () => {
    const response = await place(buyer, vape, { ...SHIPPING_ADDRESS, line1: "PSC 1234, Box 5678", city: "APO" });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields).toMatchObject({ "lines.0": "cannot be shipped to an APO, FPO or DPO address" });
  });

  it("ships kratom, which no rule keeps from PO boxes, to one", async () => {
    const response = await place(buyer, kratom, { ...SHIPPING_ADDRESS, line1: "PO Box 77" });
    expect(response.statusCode, response.body).toBe(201);
  });

  /** A paid order of one product: `ship` hands it to a carrier as staff. */
  async function paidOrder(productId: string) {
    const order = await placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }] });
    await payOrder(shop.app, staff, order);
    return {
      number: order.number,
      ship: (carrier: string, trackingNumber: string) =>
        orderAction(shop.app, staff, order.number, "shipment", { carrier, trackingNumber }),
    };
  }

  it("refuses to hand a vape order to USPS", async () => {
    const order = await paidOrder(vape);
    const usps = await order.ship("USPS", "9400100000000000000000");
    expect(usps.statusCode, usps.body).toBe(400);
    expect(usps.json().fields).toEqual({ carrier: "cannot carry this order: its rules say not with USPS" });
    const ups = await order.ship("UPS", "1Z999AA10123456784");
    expect(ups.statusCode, ups.body).toBe(200);
  });

  it("says in the shipped e-mail that an adult must sign, even when the shop's template leaves it out", async () => {
    const saved = await shop.app.inject({
      method: "PUT",
      url: "/api/admin/mail-templates/order_shipped",
      headers: { cookie: staff },
      payload: {
        subject: "{{orderNumber}} is on its way",
        body: "Hello {{firstName}}, it is on its way with {{carrier}}.",
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const shippedLetter = async (productId: string) => {
        const order = await paidOrder(productId);
        expect((await order.ship("UPS", "1Z999AA10123456785")).statusCode).toBe(200);
        return shop.app.db.kysely
          .selectFrom("mail_outbox")
          .where("subject", "=", `${order.number} is on its way`)
          .select(["text_body", "html_body"])
          .executeTakeFirstOrThrow();
      };
      const vapeLetter = await shippedLetter(vape);
      expect(vapeLetter.text_body).toContain(ADULT_SIGNATURE_NOTICE);
      expect(vapeLetter.html_body).toContain("Adult signature 21+ required");
      expect((await shippedLetter(kratom)).text_body).not.toContain("Adult signature");
    } finally {
      await shop.app.services.mailTemplates.reset("order_shipped");
    }
  });
});

describe("the third-party age check at checkout", () => {
  it("cannot be turned on without a provider on the server", async () => {
    const plain = await createTestApp({ env: TEST_ADMIN_ENV, demoData: false });
    try {
      await expect(plain.app.services.settings.update({ ageVerificationAtCheckout: true })).rejects.toThrow(
        "No age verification provider is set up on this server",
      );
      expect((await plain.app.services.settings.get()).ageVerificationAtCheckout).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it("is asked when turned on: a yes is kept as evidence, a no or no answer places nothing", async () => {
    await shop.app.services.settings.update({ ageVerificationAtCheckout: true });
    try {
      const orders = await shop.rowCount("orders");
      const no = await place(refused, kratom);
      expect(no.statusCode, no.body).toBe(403);
      expect(no.json()).toMatchObject({ code: "age_not_verified" });
      expect(no.json().message).toContain("the name and address do not match a record");
      const down = await place(offline, kratom);
      expect(down.statusCode, down.body).toBe(409);
      expect(down.json().code).toBe("age_check_unavailable");
      expect(await shop.rowCount("orders")).toBe(orders);

      const yes = await place(buyer, kratom);
      expect(yes.statusCode, yes.body).toBe(201);
      expect(asked.at(-1)).toMatchObject({ dateOfBirth: "1990-05-01", address: { state: "TX", zip: "78701" } });
      expect((await staffOrder(yes.json().number)).evidence.age).toMatchObject({
        method: "verification_provider",
        provider: { name: "Fake Verify", reference: `fake-${asked.length}` },
      });
    } finally {
      await shop.app.services.settings.update({ ageVerificationAtCheckout: false });
    }
  });
});
