import { DEFAULT_PAYMENT_METHODS, NO_PAYEE, type Order, type OrderList, type ShopSettings } from "@shop/shared";
import { addDays, dayOf, formatDate } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPaymentMethods } from "../../db/seed/demo-payments.ts";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { postOrder } from "../../test/orders.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let mailbox: Mailbox;
let shop: TestApp;
let staff = "";
let buyer = "";
const BUYER = "payee-buyer@buyer.test";

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await createTestApp({ env: { ...TEST_ADMIN_ENV, SMTP_URL: mailbox.url } });
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  await addAccount(shop.app, TEST_ADMIN, { id: "payee-buyer", email: BUYER, dateOfBirth: "1988-01-01" });
  buyer = await loginCookie(shop.app, BUYER, TEST_ADMIN.password);
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

const settingsNow = async () =>
  (await shop.app.inject({ url: "/api/settings", headers: { cookie: staff } })).json() as ShopSettings;
const patch = (payload: object) =>
  shop.app.inject({ method: "PATCH", url: "/api/settings", headers: { cookie: staff }, payload });
const bank = () =>
  demoPaymentMethods().find((method) => method.kind === "bank_transfer") as ShopSettings["paymentMethods"][number];

async function orderOne(paymentMethodId: string) {
  const product = await sellableProducts(shop.app).select("id").executeTakeFirstOrThrow();
  await setOwnVariants(shop.app.db.kysely, { stock: 50 }, [product.id]);
  return postOrder(shop.app, buyer, { lines: [{ productId: product.id, quantity: 1 }], paymentMethodId });
}

describe("payment methods carry their payee details", () => {
  it("a method cannot be switched on without its details: each missing one is named in words, and nothing is saved", async () => {
    const before = await settingsNow();
    const response = await patch({
      paymentMethods: DEFAULT_PAYMENT_METHODS.map((method) => ({ ...method, enabled: true })),
    });
    expect(response.statusCode).toBe(400);
    const { fields, message } = response.json() as { fields: Record<string, string>; message: string };
    expect(fields).toMatchObject({
      "paymentMethods.0.payee.name": "Please enter the name on the bank account.",
      "paymentMethods.0.payee.bankName": "Please enter the bank's name.",
      "paymentMethods.0.payee.routingNumber": "Please enter the bank's 9-digit routing number.",
      "paymentMethods.0.payee.accountNumber": "Please enter the account number.",
      "paymentMethods.1.payee.zelle":
        "Please enter the e-mail address or U.S. mobile number the shop's Zelle account uses.",
      "paymentMethods.1.payee.name": "Please enter the name buyers see on Zelle.",
      "paymentMethods.2.payee.name": "Please enter whom the money order is made out to.",
      "paymentMethods.2.payee.mailingAddress": "Please enter the address to mail the money order to.",
    });
    expect(message).toContain("Please enter the bank's 9-digit routing number.");
    expect(await settingsNow()).toEqual(before);
  });

  it("keeps the id `terms` for wholesale accounts' payment on terms: a shop method may not take it (docs/decisions/102)", async () => {
    const before = await settingsNow();
    const response = await patch({ paymentMethods: [...before.paymentMethods, { ...bank(), id: "terms" }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("kept for wholesale accounts' payment on terms");
    expect(await settingsNow()).toEqual(before);
  });

  it("refuses a routing number whose check digit does not match, and an account number that is not digits, even on a method that is off", async () => {
    const before = await settingsNow();
    const method = bank();
    const response = await patch({
      paymentMethods: [
        {
          ...method,
          enabled: false,
          payee: { ...method.payee, routingNumber: "555555551", accountNumber: "12 34 56" },
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      "paymentMethods.0.payee.routingNumber":
        "This is not a valid routing number: its check digit does not match. Please check each digit.",
      "paymentMethods.0.payee.accountNumber": "An account number has 4 to 17 digits, without spaces or dashes.",
    });
    expect(await settingsNow()).toEqual(before);
  });

  it("a method switched on without details by an older version is not offered, and cannot be ordered with", async () => {
    const saved = await settingsNow();
    await shop.app.db.kysely
      .updateTable("settings")
      .set({
        value: JSON.stringify([{ id: "bank-transfer", name: "Bank transfer", instructions: "Pay us.", enabled: true }]),
      })
      .where("key", "=", "paymentMethods")
      .execute();
    await shop.app.services.settings.update({});
    try {
      expect((await shop.app.services.settings.get()).paymentMethods).toEqual([
        {
          id: "bank-transfer",
          kind: "bank_transfer",
          name: "Bank transfer",
          instructions: "Pay us.",
          payee: NO_PAYEE,
          enabled: true,
        },
      ]);
      expect((await shop.app.services.settings.getPublic()).paymentMethods).toEqual([]);
      const response = await orderOne("bank-transfer");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Please choose one of the payment methods offered.");
    } finally {
      expect((await patch({ paymentMethods: saved.paymentMethods })).statusCode).toBe(200);
    }
  });

  it("an order by bank transfer shows the account and the pay-by day on its page, in My Orders and in its e-mail", async () => {
    const { unpaidCancelDays } = await shop.app.services.settings.get();
    const method = bank();
    const response = await orderOne("bank-transfer");
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json() as Order;
    const payBy = new Date(Date.parse(placed.createdAt) + unpaidCancelDays * 86_400_000).toISOString().slice(0, 10);
    expect(placed.payment).toEqual({
      methodId: "bank-transfer",
      name: "Bank transfer",
      instructions: method.instructions,
      kind: "bank_transfer",
      payee: method.payee,
      payBy,
      dueOn: null,
    });

    // The confirmation page and the order's page in My Orders read the same order.
    const page = await shop.app.inject({ url: `/api/account/orders/${placed.number}`, headers: { cookie: buyer } });
    expect((page.json() as Order).payment).toEqual(placed.payment);
    const list = (
      await shop.app.inject({ url: "/api/account/orders", headers: { cookie: buyer } })
    ).json() as OrderList;
    expect(list.items.find((item) => item.number === placed.number)?.payBy).toBe(payBy);

    await shop.app.services.background.settled();
    const mail = mailbox.to(BUYER).find((received) => received.subject.includes(placed.number));
    for (const text of [
      "Account name: Leaf & Cloud Demo LLC",
      "Bank: Example Bank (demo details: do not pay)",
      "Routing number: 555555550",
      "Account number: 000123456789",
      `Pay by ${formatDate(payBy)} or the order is cancelled.`,
    ]) {
      expect(mail?.text).toContain(text);
    }
    expect(mail?.html).toContain("555555550");

    // Once cancelled, nothing is due: My Orders gives no pay-by day.
    await shop.app.inject({
      method: "POST",
      url: `/api/account/orders/${placed.number}/cancel`,
      headers: { cookie: buyer },
    });
    const after = (
      await shop.app.inject({ url: "/api/account/orders", headers: { cookie: buyer } })
    ).json() as OrderList;
    expect(after.items.find((item) => item.number === placed.number)?.payBy).toBeNull();
  });

  it("the buyer has the whole pay-by day: the unpaid-order job cancels only once it is over", async () => {
    const { unpaidCancelDays } = await shop.app.services.settings.get();
    const today = dayOf(new Date());
    const onTime = (await orderOne("bank-transfer")).json() as Order;
    const late = (await orderOne("bank-transfer")).json() as Order;
    const placedAt = async (order: Order, at: string) => {
      await shop.app.db.kysely
        .updateTable("orders")
        .set({ created_at: at })
        .where("number", "=", order.number)
        .execute();
    };
    // Placed at the first moment of the day `unpaidCancelDays` ago: its pay-by day is today, though
    // that many times 24 hours have passed.
    await placedAt(onTime, `${addDays(today, -unpaidCancelDays)}T00:00:00.000Z`);
    await placedAt(late, `${addDays(today, -unpaidCancelDays - 1)}T23:59:59.000Z`);
    const status = async (order: Order) =>
      (
        (
          await shop.app.inject({ url: `/api/account/orders/${order.number}`, headers: { cookie: buyer } })
        ).json() as Order
      ).status;
    await shop.app.services.orders.cancelUnpaid();
    expect(await status(onTime)).toBe("awaiting_payment");
    expect(await status(late)).toBe("cancelled");
    const page = await shop.app.inject({ url: `/api/account/orders/${onTime.number}`, headers: { cookie: buyer } });
    expect((page.json() as Order).payment.payBy).toBe(today);
  });

  it("an order keeps the details it was placed with when staff change them later", async () => {
    const placed = (await orderOne("zelle")).json() as Order;
    expect(placed.payment.payee?.zelle).toBe("payments@leafandcloud.example");
    const methods = demoPaymentMethods().map((method) =>
      method.kind === "zelle" ? { ...method, payee: { ...method.payee, zelle: "(512) 555-0147" } } : method,
    );
    expect((await patch({ paymentMethods: methods })).statusCode).toBe(200);
    const page = await shop.app.inject({ url: `/api/account/orders/${placed.number}`, headers: { cookie: buyer } });
    expect((page.json() as Order).payment.payee?.zelle).toBe("payments@leafandcloud.example");
    expect((await patch({ paymentMethods: demoPaymentMethods() })).statusCode).toBe(200);
  });
});
