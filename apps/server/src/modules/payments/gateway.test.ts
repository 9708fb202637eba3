import type { AdminOrder, Order } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, placeOrder, postOrder } from "../../test/orders.ts";
import { sellableProducts } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import type { PaymentProvider, PaymentRequest, ProviderAnswer } from "./provider.ts";

/**
 * A card gateway as the seam expects one (docs/decisions/090): it authorizes when the order is
 * placed and captures when it ships, and writes down every call it is asked.
 */
function gateway(id: string, answer: (operation: string) => Omit<ProviderAnswer, "raw">) {
  const calls: string[] = [];
  const call = (operation: string) => async (request: PaymentRequest) => {
    calls.push(`${operation} ${request.amountCents} ${request.earlier?.reference ?? "-"}`);
    return { ...answer(operation), raw: { operation } };
  };
  const provider: PaymentProvider = {
    id,
    takes: "at_shipping",
    holdDays: 30,
    authorize: call("authorize"),
    capture: call("capture"),
    void: call("void"),
    refund: call("refund"),
    async webhook(request) {
      return JSON.parse(request.body);
    },
  };
  return { provider, calls };
}

let counter = 0;
const card = gateway("test-gateway", (operation) => ({
  status: "succeeded",
  reference: `gw-${operation}-${++counter}`,
  message: null,
}));
const declining = gateway("test-declines", () => ({
  status: "declined",
  reference: null,
  message: "The card was declined. Please try another card.",
}));

let shop: TestApp;
let buyer = "";
let staff = "";
let productId = "";

beforeAll(async () => {
  // Zelle stands for a card method here; money orders for a gateway that declines every card.
  shop = await createTestApp({
    env: TEST_ADMIN_ENV,
    paymentProviders: { zelle: card.provider, money_order: declining.provider },
  });
  await addAccount(shop.app, TEST_ADMIN, { id: "card-buyer", email: "card@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "card@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  productId = (await sellableProducts(shop.app).select("id").where("stock", ">=", 20).executeTakeFirstOrThrow()).id;
});
afterAll(() => shop.close());

const place = () => placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }], paymentMethodId: "zelle" });
const staffView = async (number: string) =>
  (await shop.app.inject({ url: `/api/admin/orders/${number}`, headers: { cookie: staff } })).json() as AdminOrder;
const mine = async (number: string) =>
  (await shop.app.inject({ url: `/api/account/orders/${number}`, headers: { cookie: buyer } })).json() as Order;

describe("a gateway behind the same seam, through checkout and fulfilment", () => {
  it("holds the money when the order is placed, takes it when staff ship, and lets a cancelled order's hold go", async () => {
    const shipped = await place();
    expect(shipped.status).toBe("paid");
    expect(shipped.paymentStatus).toEqual({
      state: "authorized",
      paidCents: 0,
      refundedCents: 0,
      authorizedCents: shipped.totalCents,
    });
    expect(await mine(shipped.number)).toMatchObject({ status: "paid", paymentStatus: shipped.paymentStatus });

    const shipping = await orderAction(shop.app, staff, shipped.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect((shipping.json() as AdminOrder).paymentStatus).toEqual({
      state: "paid",
      paidCents: shipped.totalCents,
      refundedCents: 0,
      authorizedCents: 0,
    });

    const cancelled = await place();
    const cancelling = await orderAction(shop.app, staff, cancelled.number, "status", { action: "cancel" });
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    expect((await staffView(cancelled.number)).paymentStatus.state).toBe("unpaid");
    expect(card.calls).toEqual([
      `authorize ${shipped.totalCents} -`,
      `capture ${shipped.totalCents} gw-authorize-1`,
      `authorize ${cancelled.totalCents} -`,
      `void ${cancelled.totalCents} gw-authorize-3`,
    ]);
    expect((await staffView(cancelled.number)).payments.map(({ kind, provider }) => `${kind} ${provider}`)).toEqual([
      "authorization test-gateway",
      "void test-gateway",
    ]);
  });

  it("refuses the order in the gateway's words when it declines, and places nothing", async () => {
    const orders = await shop.rowCount("orders");
    const refused = await postOrder(shop.app, buyer, {
      lines: [{ productId, quantity: 1 }],
      paymentMethodId: "money-order",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: "The card was declined. Please try another card." });
    expect(await shop.rowCount("orders")).toBe(orders);
    expect(declining.calls).toHaveLength(1);
  });

  it("keeps a change made at the gateway's site, sent as a webhook, once however often it comes", async () => {
    const order = await place();
    const event = {
      orderNumber: order.number,
      kind: "payment",
      status: "succeeded",
      amountCents: order.totalCents,
      method: "Card",
      reference: "gw-settled-9",
      eventId: "evt-1",
      raw: {},
    };
    const body = JSON.stringify([event]);
    const payments = shop.app.services.payments;
    expect(await payments.webhook(card.provider, { headers: {}, body })).toBe(1);
    expect(await payments.webhook(card.provider, { headers: {}, body })).toBe(0);
    expect((await mine(order.number)).paymentStatus).toMatchObject({ state: "paid", paidCents: order.totalCents });
  });
});
