import type { AdminOrder, BillingList, Order } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder } from "../../test/orders.ts";
import { sellableProducts } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { manualProvider } from "./manual-provider.ts";
import type { PaymentCall } from "./service.ts";

let shop: TestApp;
let buyer = "";
let staff = "";
let productId = "";

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(shop.app, TEST_ADMIN, { id: "paying-buyer", email: "paying@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "paying@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  productId = (await sellableProducts(shop.app).select("id").where("stock", ">=", 20).executeTakeFirstOrThrow()).id;
});
afterAll(() => shop.close());

const place = () => placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 2 }], paymentMethodId: "zelle" });
const mine = async (number: string) =>
  (await shop.app.inject({ url: `/api/account/orders/${number}`, headers: { cookie: buyer } })).json() as Order;
const staffView = async (number: string) =>
  (await shop.app.inject({ url: `/api/admin/orders/${number}`, headers: { cookie: staff } })).json() as AdminOrder;
const billingRow = async (number: string) => {
  const list = (
    await shop.app.inject({ url: `/api/admin/billing?q=${number}`, headers: { cookie: staff } })
  ).json() as BillingList;
  return list.items.find((item) => "paidCents" in item && item.number === number);
};
const orderOf = (order: Order) =>
  shop.app.db.kysely.selectFrom("orders").select("id").where("number", "=", order.number).executeTakeFirstOrThrow();

describe("the manual provider (bank transfer, Zelle, money order)", () => {
  it("takes a recorded payment and a partial refund; billing, the staff's page and My Orders read the same money", async () => {
    const order = await place();
    expect((await mine(order.number)).paymentStatus).toMatchObject({ state: "unpaid", paidCents: 0, refundedCents: 0 });

    await payOrder(shop.app, staff, order);
    const refund = await orderAction(shop.app, staff, order.number, "refund", {
      amountCents: 500,
      method: "Zelle",
      reference: "ZL-BACK-1",
      receivedOn: dayOf(new Date()),
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const money = { state: "partly_refunded", paidCents: order.totalCents, refundedCents: 500, authorizedCents: 0 };
    expect((await mine(order.number)).paymentStatus).toEqual(money);
    const seen = await staffView(order.number);
    expect(seen.paymentStatus).toEqual(money);
    expect(
      seen.payments.map(({ kind, status, provider, amountCents }) => ({ kind, status, provider, amountCents })),
    ).toEqual([
      { kind: "payment", status: "succeeded", provider: "manual", amountCents: order.totalCents },
      { kind: "refund", status: "succeeded", provider: "manual", amountCents: 500 },
    ]);
    expect(await billingRow(order.number)).toMatchObject({ paidCents: order.totalCents, refundedCents: 500 });
  });

  it("answers a repeated call from the record kept, and has nothing to hold or send webhooks for", async () => {
    const order = await place();
    const { id } = await orderOf(order);
    const payments = shop.app.services.payments;
    const call: PaymentCall = {
      provider: manualProvider,
      order: { id, number: order.number, totalCents: order.totalCents },
      amountCents: order.totalCents,
      idempotencyKey: "same-form-twice",
      received: { method: "Zelle", reference: "ZL-1", receivedOn: dayOf(new Date()) },
      method: "Zelle",
      actorId: null,
    };
    const db = shop.app.db.kysely;
    const first = await db.transaction().execute((trx) => payments.capture(trx, call));
    const second = await db.transaction().execute((trx) => payments.capture(trx, { ...call, amountCents: 1 }));
    expect(second).toEqual(first);
    expect(await payments.records(id)).toHaveLength(1);
    const held = await db.transaction().execute((trx) => payments.authorize(trx, { ...call, idempotencyKey: "hold" }));
    expect(held).toMatchObject({ kind: "authorization", status: "failed" });
    expect(held.message).toMatch(/hold no money beforehand/);
    expect((await payments.summary(id)).state).toBe("paid");
    await expect(payments.webhook(manualProvider, { headers: {}, body: "{}" })).rejects.toThrow(/no webhooks/);
  });
});
