import { type AdminOrder, NO_PAYEE, type Order } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthorizeNetSimulator, startAuthorizeNetSimulator } from "../../test/authorize-net-simulator.ts";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, postOrder } from "../../test/orders.ts";
import { SHIPPING_ADDRESS, sellableProducts } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/**
 * Card payments through the Authorize.net adapter, against the local simulator of its documented
 * API (docs/decisions/101): the hold at placing, the capture at shipping, the void at
 * cancelling, refunds within the gateway's rules, declines and silence, and signed webhooks.
 */
let sim: AuthorizeNetSimulator;
let shop: TestApp;
let buyer = "";
let staff = "";
let productId = "";

const CARD_METHOD = {
  id: "card",
  kind: "card",
  name: "Card",
  instructions: "Pay with a credit or debit card; it is charged when your order ships.",
  payee: NO_PAYEE,
  enabled: true,
};

beforeAll(async () => {
  sim = await startAuthorizeNetSimulator();
  shop = await createTestApp({ env: { ...TEST_ADMIN_ENV, ...sim.env, AUTHORIZE_NET_TIMEOUT_MS: "300" } });
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const methods = (await shop.app.services.settings.get()).paymentMethods;
  const saved = await shop.app.inject({
    method: "PATCH",
    url: "/api/settings",
    headers: { cookie: staff },
    payload: { paymentMethods: [...methods, CARD_METHOD] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await addAccount(shop.app, TEST_ADMIN, { id: "anet-buyer", email: "anet@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "anet@shop.test", TEST_ADMIN.password);
  productId = (await sellableProducts(shop.app).select("id").where("stock", ">=", 20).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await shop?.close();
  await sim?.close();
});

const payByCard = (order: Record<string, unknown> = {}, card = sim.token()) =>
  postOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }], paymentMethodId: "card", card, ...order });

async function placed(order: Record<string, unknown> = {}): Promise<Order> {
  const response = await payByCard(order);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

const staffView = async (number: string) =>
  (await shop.app.inject({ url: `/api/admin/orders/${number}`, headers: { cookie: staff } })).json() as AdminOrder;

/** The gateway's transaction id the order's authorization (or charge) was kept with. */
const transIdOf = async (number: string) => (await staffView(number)).payments[0]?.reference as string;

const counts = async () => ({
  orders: await shop.rowCount("orders"),
  payments: await shop.rowCount("order_payments"),
  movements: await shop.rowCount("stock_movements"),
});

describe("card payments through Authorize.net (simulator)", () => {
  it("holds the total when the order is placed and takes it when staff ship", async () => {
    const order = await placed();
    expect(order.status).toBe("paid");
    expect(order.paymentStatus).toEqual({
      state: "authorized",
      paidCents: 0,
      refundedCents: 0,
      authorizedCents: order.totalCents,
    });
    const transId = await transIdOf(order.number);
    expect(sim.transaction(transId)).toMatchObject({
      status: "authorizedPendingCapture",
      authAmount: order.totalCents / 100,
      invoiceNumber: order.number,
    });

    const shipping = await orderAction(shop.app, staff, order.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect((shipping.json() as AdminOrder).paymentStatus).toMatchObject({ state: "paid", paidCents: order.totalCents });
    expect(sim.transaction(transId)).toMatchObject({ status: "capturedPendingSettlement" });
    expect((await staffView(order.number)).payments.map((p) => `${p.kind} ${p.status} ${p.provider}`)).toEqual([
      "authorization succeeded authorize-net",
      "payment succeeded authorize-net",
    ]);
  });

  it("lets the hold go when the order is cancelled", async () => {
    const order = await placed();
    const transId = await transIdOf(order.number);
    const cancelling = await orderAction(shop.app, staff, order.number, "status", { action: "cancel" });
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    expect(sim.transaction(transId)?.status).toBe("voided");
    expect((await staffView(order.number)).paymentStatus.state).toBe("unpaid");
  });

  it("refunds part of a settled payment through the gateway, and says when it has not settled yet", async () => {
    const order = await placed();
    await orderAction(shop.app, staff, order.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456785",
    });
    const refund = (amountCents: number) =>
      orderAction(shop.app, staff, order.number, "refund", {
        amountCents,
        method: "Card",
        receivedOn: dayOf(new Date()),
      });
    const early = await refund(500);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/has not settled yet/);

    sim.settle();
    const partial = await refund(500);
    expect(partial.statusCode, partial.body).toBe(200);
    expect((partial.json() as AdminOrder).paymentStatus).toMatchObject({
      state: "partly_refunded",
      paidCents: order.totalCents,
      refundedCents: 500,
    });
    expect(sim.transaction(await transIdOf(order.number))?.refunded).toBe(5);
  });

  it("refuses a declined card in words, keeps the attempt and writes nothing else", async () => {
    const before = await counts();
    const attempts = await shop.rowCount("payment_attempts");
    const declined = await payByCard({}, sim.token("4000 0000 0000 0002"));
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toMatchObject({
      code: "payment_refused",
      message: "Your card was declined by its bank. Please check its details, or use another card.",
    });
    // The sandbox's decline by ZIP code holds too.
    const byZip = await payByCard({ shippingAddress: { ...SHIPPING_ADDRESS, zip: "46282", state: "IN" } });
    expect(byZip.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    expect(await shop.rowCount("payment_attempts")).toBe(attempts + 2);
  });

  it("asks for the card when the method is a card and no token came", async () => {
    const response = await postOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }], paymentMethodId: "card" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ card: "Please enter your card in the card form." });
  });

  it("tells the buyer when the gateway does not answer, and leaves no order half paid", async () => {
    const before = await counts();
    sim.delay(1000);
    try {
      const silent = await payByCard();
      expect(silent.statusCode).toBe(409);
      expect(silent.json().message).toMatch(/^The card service did not answer, so nothing was charged/);
    } finally {
      sim.delay(0);
    }
    expect(await counts()).toEqual(before);
  });

  it("answers the same checkout sent twice with one order and one hold", async () => {
    const card = sim.token();
    const key = `anet-twice-${Date.now()}`;
    const body = { lines: [{ productId, quantity: 1 }], paymentMethodId: "card", card };
    const first = await postOrder(shop.app, buyer, body, key);
    const again = await postOrder(shop.app, buyer, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Order).number).toBe((first.json() as Order).number);
    expect((await staffView((first.json() as Order).number)).payments).toHaveLength(1);
  });

  it("lets the hold go when the order cannot be written after the card was approved", async () => {
    const { stock } = await sellableProducts(shop.app)
      .select("stock")
      .where("id", "=", productId)
      .executeTakeFirstOrThrow();
    // While the gateway approves the card, another buyer takes the last pieces.
    const soldOut = () =>
      shop.app.db.kysely.updateTable("products").set({ stock: 0 }).where("id", "=", productId).execute();
    const soldOutVariants = () =>
      shop.app.db.kysely
        .updateTable("product_variants")
        .set({ stock: 0 })
        .where("product_id", "=", productId)
        .execute();
    sim.beforeAnswer(async () => {
      await soldOut();
      await soldOutVariants();
    });
    const before = await counts();
    const tooLate = await payByCard();
    await shop.app.db.kysely.updateTable("products").set({ stock }).where("id", "=", productId).execute();
    await shop.app.db.kysely
      .updateTable("product_variants")
      .set({ stock })
      .where("product_id", "=", productId)
      .execute();
    expect(tooLate.statusCode, tooLate.body).toBe(409);
    expect(await counts()).toEqual(before);
    const attempt = await shop.app.db.kysely
      .selectFrom("payment_attempts")
      .selectAll()
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(attempt.status).toBe("succeeded");
    expect(attempt.released_at).not.toBeNull();
    expect(sim.transaction(attempt.reference as string)?.status).toBe("voided");
  });

  it("keeps a signed webhook once, and refuses a bad signature or an old one", async () => {
    const order = await placed();
    const transId = await transIdOf(order.number);
    sim.voidOutside(transId);
    const send = (notification: { headers: Record<string, string>; body: string }) =>
      shop.app.inject({
        method: "POST",
        url: "/api/payments/webhooks/authorize-net",
        headers: notification.headers,
        payload: notification.body,
      });

    const forged = await send(
      sim.notification("net.authorize.payment.void.created", transId, { signatureKey: "F00D" }),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe("The webhook's X-ANET-Signature does not match its body.");
    const old = await send(
      sim.notification("net.authorize.payment.void.created", transId, { eventDate: "2020-01-01T00:00:00Z" }),
    );
    expect(old.statusCode).toBe(401);
    expect((await staffView(order.number)).paymentStatus.state).toBe("authorized");

    const voided = sim.notification("net.authorize.payment.void.created", transId, { notificationId: "n-void-1" });
    const first = await send(voided);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ kept: 1 });
    expect((await send(voided)).json()).toEqual({ kept: 0 });
    expect((await staffView(order.number)).paymentStatus.state).toBe("unpaid");

    // The gateway also tells of the shop's own hold: that one is kept already.
    const own = await send(sim.notification("net.authorize.payment.authorization.created", transId));
    expect(own.json()).toEqual({ kept: 0 });
  });

  it("never keeps or answers the gateway's secrets", async () => {
    const rows = JSON.stringify([
      await shop.app.db.kysely.selectFrom("order_payments").selectAll().execute(),
      await shop.app.db.kysely.selectFrom("payment_attempts").selectAll().execute(),
    ]);
    expect(rows).not.toContain(sim.credentials.transactionKey);
    expect(rows).not.toContain(sim.credentials.signatureKey);
    const settings = await shop.app.inject({ url: "/api/settings", headers: { cookie: staff } });
    expect(settings.body).not.toContain(sim.credentials.transactionKey);
  });

  it("sends the page's CSP with the hosted form's host for scripts and frames, and no other", async () => {
    const page = await shop.app.inject({ url: "/" });
    const policy = String(page.headers["content-security-policy"] ?? "");
    const origin = new URL(sim.scriptUrl).origin;
    expect(policy).toContain(`script-src 'self' ${origin} 'nonce-`);
    expect(policy).toContain(`; frame-src ${origin}`);
    expect(policy.match(/https?:\/\/[^\s;']+/g)).toEqual([origin, origin]);
  });
});

describe("a shop without a card gateway", () => {
  it("refuses to switch card payments on, in words beside the switch", async () => {
    const plain = await createTestApp({ env: TEST_ADMIN_ENV });
    try {
      const owner = await loginCookie(plain.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const methods = (await plain.app.services.settings.get()).paymentMethods;
      const response = await plain.app.inject({
        method: "PATCH",
        url: "/api/settings",
        headers: { cookie: owner },
        payload: { paymentMethods: [...methods, CARD_METHOD] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        [`paymentMethods.${methods.length}.enabled`]: "needs a card gateway set up on the server (AUTHORIZE_NET_*)",
      });
    } finally {
      await plain.close();
    }
  });
});
