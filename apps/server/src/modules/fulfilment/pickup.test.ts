import type { AdminOrder, Order, OrderQuote } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder, postOrder } from "../../test/orders.ts";
import { productStock, SHIPPING_ADDRESS, sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const STORE = {
  fullName: "Smoke & Leaf",
  line1: "400 Fremont Street",
  city: "Las Vegas",
  state: "NV",
  zip: "89101",
  phone: "(702) 555-0142",
  hours: "Mon–Sat 10 am – 8 pm",
};

let shop: TestApp;
let buyer = "";
let staff = "";
/** Kept at the store and shipped; kept at the store but never shipped; shipped but not kept at the store. */
const products = { both: "", pickupOnly: "", shipOnly: "" };

const setProduct = async (id: string, fields: { delivery_available: 0 | 1; in_store_stock_available: 0 | 1 }) => {
  await shop.app.db.kysely.updateTable("products").set(fields).where("id", "=", id).execute();
  await setOwnVariants(shop.app.db.kysely, { stock: 50 }, [id]);
};
const stockOf = (id: string) => productStock(shop.app, id);
const orderCount = () => shop.rowCount("orders");

const quote = (payload: object) => shop.app.inject({ method: "POST", url: "/api/cart/quote", payload });
/** An order as the checkout sends it, with no address unless the payload gives one. */
const place = (payload: object) =>
  postOrder(shop.app, buyer, { shippingAddress: undefined, paymentMethodId: "zelle", ...payload });
const staffPost = (number: string, path: string, payload: object) =>
  orderAction(shop.app, staff, number, path, payload);

const placed = (payload: object) =>
  placeOrder(shop.app, buyer, { shippingAddress: undefined, paymentMethodId: "zelle", ...payload });
const paid = (order: Order) => payOrder(shop.app, staff, order);

const lastMailTo = async (subject: string) =>
  shop.app.db.kysely
    .selectFrom("mail_outbox")
    .select(["to_address", "subject", "text_body"])
    .where("subject", "like", `%${subject}%`)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(shop.app, TEST_ADMIN, { id: "pickup-buyer", email: "pickup@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "pickup@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const rows = await sellableProducts(shop.app).select("id").limit(3).execute();
  [products.both, products.pickupOnly, products.shipOnly] = rows.map((row) => row.id) as [string, string, string];
  await setProduct(products.both, { delivery_available: 1, in_store_stock_available: 1 });
  await setProduct(products.pickupOnly, { delivery_available: 0, in_store_stock_available: 1 });
  await setProduct(products.shipOnly, { delivery_available: 1, in_store_stock_available: 0 });
  // The demo shop has a store; this shop starts without one.
  await shop.app.services.settings.update({ salesTaxBasisPoints: { TX: 625, NV: 825 }, storeAddress: null });
});
afterAll(() => shop.close());

describe("a shop without a store address", () => {
  it("offers no pickup: the quote and the order are refused beside the choice, and nothing is written", async () => {
    const asked = await quote({ lines: [{ productId: products.both, quantity: 1 }], fulfilment: "pickup" });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({
      message: "This shop does not offer pickup in store. Please choose shipping.",
      fields: { fulfilment: "pickup in store is not offered" },
    });
    const before = { orders: await orderCount(), stock: await stockOf(products.both) };
    const refused = await place({ lines: [{ productId: products.both, quantity: 1 }], fulfilment: "pickup" });
    expect(refused.statusCode).toBe(400);
    expect({ orders: await orderCount(), stock: await stockOf(products.both) }).toEqual(before);
  });

  it("says a product that is not shipped is for pickup only, naming the line", async () => {
    const asked = await quote({ lines: [{ productId: products.pickupOnly, quantity: 1 }] });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toMatch(/^“.+” is not shipped: it is sold for pickup in store only\./);
    expect(asked.json().fields).toEqual({ "lines.0": "is not shipped: pickup in store only" });
  });

  it("still needs an address for an order that ships", async () => {
    const refused = await place({ lines: [{ productId: products.both, quantity: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ shippingAddress: "Please enter the shipping address." });
  });
});

describe("pickup in store", () => {
  beforeAll(async () => {
    const saved = await shop.app.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { cookie: staff },
      payload: { storeAddress: STORE },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("is in the public settings once the shop has a store", async () => {
    const settings = await shop.app.services.settings.getPublic();
    expect(settings.storeAddress).toMatchObject({ fullName: "Smoke & Leaf", state: "NV", hours: STORE.hours });
  });

  it("costs no shipping and pays the store's state's tax, whatever state the quote names", async () => {
    const asked = await quote({
      lines: [{ productId: products.pickupOnly, quantity: 1 }],
      fulfilment: "pickup",
      state: "TX",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const priced = asked.json() as OrderQuote;
    expect(priced.shippingCents).toBe(0);
    expect(priced.taxBasisPoints).toBe(825);
    // A vape pays the excise of the store's place too (the demo's example Nevada tax), never the quote's state's.
    const excise = priced.adjustments.filter((adjustment) => adjustment.kind === "excise");
    expect(excise.every((adjustment) => adjustment.excise?.where === "Nevada")).toBe(true);
    expect(priced.totalCents).toBe(priced.subtotalCents + priced.taxCents + priced.exciseCents);
  });

  it("refuses a line the store does not keep, naming it, and writes nothing", async () => {
    const before = { orders: await orderCount(), stock: await stockOf(products.both) };
    const refused = await place({
      lines: [
        { productId: products.both, quantity: 1 },
        { productId: products.shipOnly, quantity: 1 },
      ],
      fulfilment: "pickup",
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/is not kept at our store\. Please remove it, or choose shipping/);
    expect(refused.json().fields).toEqual({ "lines.1": "is not available for pickup in store" });
    expect({ orders: await orderCount(), stock: await stockOf(products.both) }).toEqual(before);
  });

  it("places an order that waits at the store, and e-mails where to pick it up", async () => {
    const order = await placed({
      lines: [{ productId: products.pickupOnly, quantity: 2 }],
      fulfilment: "pickup",
      // An address sent with a pickup order is not where it goes.
      shippingAddress: SHIPPING_ADDRESS,
    });
    expect(order).toMatchObject({
      fulfilment: "pickup",
      shippingCents: 0,
      taxBasisPoints: 825,
      shippingAddress: { fullName: "Smoke & Leaf", line1: "400 Fremont Street", state: "NV", zip: "89101" },
    });
    const mail = await lastMailTo(`Order ${order.number} is placed`);
    expect(mail?.text_body).toContain("Pickup in store");
    expect(mail?.text_body).toContain("We hold your items for you at Smoke & Leaf, 400 Fremont Street, Las Vegas");
  });

  it("staff pay, mark it ready (the buyer is e-mailed) and hand it over after an ID check the order records", async () => {
    const order = await placed({ lines: [{ productId: products.both, quantity: 1 }], fulfilment: "pickup" });
    const afterPaying = await paid(order);
    expect(afterPaying.allowedActions).toEqual(["start_processing", "mark_ready", "cancel", "refund"]);

    const shipped = await staffPost(order.number, "shipment", { carrier: "USPS", trackingNumber: "9400111899223397" });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe(`Order ${order.number} is for pickup at the store: it is not shipped.`);
    const early = await staffPost(order.number, "hand-over", {
      idDocument: "drivers_license",
      nameMatches: true,
      oldEnough: true,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Order ${order.number} is paid: you cannot hand it over now.`);

    const ready = await staffPost(order.number, "status", { action: "mark_ready" });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({
      status: "ready_for_pickup",
      allowedActions: ["hand_over", "cancel", "refund"],
    });
    const mail = await lastMailTo(`Order ${order.number} is ready for pickup`);
    expect(mail?.to_address).toBe("pickup@shop.test");
    expect(mail?.text_body).toContain("Smoke & Leaf, 400 Fremont Street, Las Vegas, Nevada 89101");
    expect(mail?.text_body).toContain("Opening hours: Mon–Sat 10 am – 8 pm.");
    expect(mail?.text_body).toContain("government-issued photo ID");

    const unchecked = await staffPost(order.number, "hand-over", { idDocument: "passport", nameMatches: false });
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json().fields).toEqual({
      nameMatches: "Please confirm the name on the ID is the buyer's.",
      oldEnough: "Please confirm the ID shows the buyer is old enough.",
    });
    expect(
      (await shop.app.inject({ url: `/api/admin/orders/${order.number}`, headers: { cookie: staff } })).json(),
    ).toMatchObject({ status: "ready_for_pickup", idCheck: null });

    const handed = await staffPost(order.number, "hand-over", {
      idDocument: "passport",
      nameMatches: true,
      oldEnough: true,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    const done = handed.json() as AdminOrder;
    expect(done.status).toBe("picked_up");
    expect(done.idCheck).toMatchObject({ document: "passport", checkedBy: expect.any(String) });
    expect(done.allowedActions).toEqual(["refund"]);
    expect(done.events.map((event) => event.status)).toEqual([
      "awaiting_payment",
      "paid",
      "ready_for_pickup",
      "picked_up",
    ]);
    const mine = await shop.app.inject({ url: `/api/account/orders/${order.number}`, headers: { cookie: buyer } });
    expect(mine.json()).toMatchObject({ status: "picked_up", fulfilment: "pickup" });
    expect(mine.json()).not.toHaveProperty("idCheck");
  });

  it("marking ready after the settings' cache has expired answers (it once waited for itself on SQLite)", async () => {
    const order = await placed({ lines: [{ productId: products.both, quantity: 1 }], fulfilment: "pickup" });
    await paid(order);
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // the settings are cached 5 s
    const ready = await staffPost(order.number, "status", { action: "mark_ready" });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready_for_pickup" });
  }, 20_000);

  it("a shipped order is never marked ready or handed over", async () => {
    const order = await placed({
      lines: [{ productId: products.both, quantity: 1 }],
      shippingAddress: SHIPPING_ADDRESS,
    });
    const afterPaying = await paid(order);
    expect(afterPaying.allowedActions).toEqual(["start_processing", "ship", "cancel", "refund"]);
    const ready = await staffPost(order.number, "status", { action: "mark_ready" });
    expect(ready.statusCode).toBe(409);
    expect(ready.json().message).toBe(`Order ${order.number} ships to the buyer: it is not picked up at the store.`);
  });

  it("cancelling an order waiting at the store puts its stock back once", async () => {
    const before = await stockOf(products.both);
    const order = await placed({ lines: [{ productId: products.both, quantity: 3 }], fulfilment: "pickup" });
    await paid(order);
    await staffPost(order.number, "status", { action: "mark_ready" });
    expect(await stockOf(products.both)).toBe(before - 3);
    const answers = await Promise.all([1, 2].map(() => staffPost(order.number, "status", { action: "cancel" })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(products.both)).toBe(before);
  });

  it("the store's address is checked like any address", async () => {
    const refused = await shop.app.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { cookie: staff },
      payload: { storeAddress: { ...STORE, zip: "8910" } },
    });
    expect(refused.statusCode).toBe(400);
    expect((await shop.app.services.settings.get()).storeAddress?.zip).toBe("89101");
  });
});
