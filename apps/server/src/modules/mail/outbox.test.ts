import type { Order } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, signUp, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { retryDelayMs } from "./outbox.ts";

let mailbox: Mailbox;
let shop: TestApp;
beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await createTestApp({
    env: { ...TEST_ADMIN_ENV, SMTP_URL: mailbox.url },
  });
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

const unsent = () =>
  shop.app.db.kysely.selectFrom("mail_outbox").where("sent_at", "is", null).selectAll().orderBy("created_at").execute();
const later = (ms: number) => new Date(Date.now() + ms);

describe("the mail outbox", () => {
  it("keeps a sign-up's verification while the mail server refuses, and delivers it once it accepts", async () => {
    mailbox.refuse(true);
    const email = "outage@buyer.test";
    const response = await signUp(shop.app, { firstName: "Sam", lastName: "Outage", email });
    expect(response.statusCode, response.body).toBe(201);
    await shop.app.services.background.settled();
    expect(mailbox.to(email)).toEqual([]);
    const [waiting] = await unsent();
    expect(waiting).toMatchObject({ to_address: email, attempts: 1 });
    expect(waiting?.last_error).toMatch(/451|unavailable/i);

    // Not due yet: nothing is tried before the retry time.
    mailbox.refuse(false);
    expect(await shop.app.services.outbox.deliver()).toEqual({ sent: 0, failed: 0 });
    expect(await shop.app.services.outbox.deliver(later(retryDelayMs(1) + 1000))).toEqual({ sent: 1, failed: 0 });
    expect(mailbox.to(email)).toHaveLength(1);
    expect(mailbox.to(email)[0]?.subject).toMatch(/Verify your e-mail address/);
    expect(await shop.app.services.outbox.deliver(later(24 * 3_600_000))).toEqual({ sent: 0, failed: 0 });
    expect(mailbox.to(email)).toHaveLength(1);
  });

  it("an order placed while the mail server refuses is placed; its confirmation stays in the outbox and goes out later", async () => {
    const db = shop.app.db.kysely;
    await addAccount(shop.app, TEST_ADMIN, {
      id: "outbox-buyer",
      email: "orders@buyer.test",
      dateOfBirth: "1988-01-01",
    });
    const cookie = await loginCookie(shop.app, "orders@buyer.test", TEST_ADMIN.password);
    const product = await sellableProducts(shop.app).select("id").executeTakeFirstOrThrow();
    await setOwnVariants(db, { stock: 10 }, [product.id]);

    mailbox.refuse(true);
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/Order",
      headers: { cookie, "idempotency-key": "outbox-test-order-1" },
      payload: {
        lines: [{ productId: product.id, quantity: 1 }],
        shippingAddress: { fullName: "Orla Buyer", line1: "1 Main St", city: "Boise", state: "ID", zip: "83702" },
        paymentMethodId: "zelle",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json() as Order;
    await shop.app.services.background.settled();
    expect(mailbox.to("orders@buyer.test")).toEqual([]);
    expect((await unsent()).map((row) => row.subject)).toEqual([
      `Order ${order.number} is placed — please pay with Zelle`,
    ]);
    const staffCookie = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const waiting = await shop.app.inject({ url: "/api/admin/outbox", headers: { cookie: staffCookie } });
    expect(waiting.json()).toMatchObject({ count: 1, lastError: expect.stringMatching(/451|unavailable/i) });

    mailbox.refuse(false);
    await shop.app.services.outbox.deliver(later(retryDelayMs(1) + 1000));
    const [mail] = mailbox.to("orders@buyer.test");
    expect(mail?.text).toContain(order.number);
    expect(mail?.text).toContain("Zelle");
    expect(mail?.text).toContain(`/account/orders/${order.number}`);
    expect(await unsent()).toEqual([]);
  });

  it("two workers passing at once send each message once", async () => {
    const { outbox } = shop.app.services;
    for (let i = 0; i < 6; i++) {
      await outbox.enqueue({ to: `twice${i}@buyer.test`, subject: `Hello ${i}`, text: "Hi", html: "<p>Hi</p>" });
    }
    const results = await Promise.all([outbox.deliver(), outbox.deliver(), outbox.deliver()]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(6);
    for (let i = 0; i < 6; i++) expect(mailbox.to(`twice${i}@buyer.test`)).toHaveLength(1);
  });

  it("sends everything due at once, more than a batch, when asked once (as after a crash)", async () => {
    const { outbox } = shop.app.services;
    for (let i = 0; i < 45; i++) {
      await outbox.enqueue({ to: `backlog${i}@buyer.test`, subject: `Backlog ${i}`, text: "Hi", html: "<p>Hi</p>" });
    }
    outbox.deliverSoon();
    await shop.app.services.background.settled();
    expect(await unsent()).toEqual([]);
    for (let i = 0; i < 45; i++) expect(mailbox.to(`backlog${i}@buyer.test`)).toHaveLength(1);
  });

  it("sends a message again after a crash with the Message-ID it was written with", async () => {
    const { outbox } = shop.app.services;
    const db = shop.app.db.kysely;
    await outbox.enqueue({ to: "crash@buyer.test", subject: "Sent twice", text: "Hi", html: "<p>Hi</p>" });
    const row = await db
      .selectFrom("mail_outbox")
      .where("to_address", "=", "crash@buyer.test")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.message_id).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
    expect(await outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    // The instance died after the mail server took the message and before the row was marked sent.
    await db.updateTable("mail_outbox").set({ sent_at: null }).where("id", "=", row.id).execute();
    expect(await outbox.deliver()).toEqual({ sent: 1, failed: 0 });
    const copies = mailbox.to("crash@buyer.test");
    expect(copies).toHaveLength(2);
    expect(copies.map((mail) => mail.messageId)).toEqual([row.message_id, row.message_id]);
    // Another message has its own.
    await outbox.enqueue({ to: "other@buyer.test", subject: "Another", text: "Hi", html: "<p>Hi</p>" });
    await outbox.deliver();
    expect(mailbox.to("other@buyer.test")[0]?.messageId).not.toBe(row.message_id);
  });

  it("answers to the store profile's e-mail (Reply-To), as staff set it when the message was written", async () => {
    const { outbox, settings } = shop.app.services;
    const profile = (await settings.get()).storeProfile;
    await outbox.enqueue({ to: "reply@buyer.test", subject: "Before", text: "Hi", html: "<p>Hi</p>" });
    await settings.update({ storeProfile: { ...profile, email: "answers@harbor-leaf.test" } });
    await outbox.enqueue({ to: "reply@buyer.test", subject: "After", text: "Hi", html: "<p>Hi</p>" });
    await outbox.deliver();
    await settings.update({ storeProfile: profile });
    expect(mailbox.to("reply@buyer.test").map((mail) => [mail.subject, mail.replyTo])).toEqual([
      ["Before", profile.email],
      ["After", "answers@harbor-leaf.test"],
    ]);
  });

  it("waits longer after each failure and never gives up", () => {
    expect([1, 2, 3, 4, 5, 50].map(retryDelayMs)).toEqual([
      30_000, 120_000, 600_000, 3_600_000, 21_600_000, 21_600_000,
    ]);
  });
});
