import type { AdminOrder, AdminOrderList, BillingList, Order } from "@shop/shared";
import { TERMS_PAYMENT_METHOD_ID } from "@shop/shared/constants";
import { parseCsv } from "@shop/shared/csv";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { type Mailbox, startMailbox } from "../../test/mailbox.ts";
import { orderAction, placeOrder, postOrder } from "../../test/orders.ts";
import { SHIPPING_ADDRESS, sellableProducts } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { addWholesaleAccount } from "../../test/wholesale.ts";

// Payment on terms (docs/decisions/102): net 15 or 30 for an approved wholesale account.

let shop: TestApp;
let mailbox: Mailbox;
let staff = "";
let productId = "";
const today = dayOf(new Date());

/** A signed-in buyer; with `terms`, an approved wholesale account with those terms (null: none). */
async function buyer(name: string, account?: { termsDays: 15 | 30 | null; status?: "approved" | "pending" }) {
  const email = `${name}@terms.test`;
  await addAccount(shop.app, TEST_ADMIN, { id: `terms-${name}`, email, dateOfBirth: "1985-03-01" });
  if (account) {
    await addWholesaleAccount(shop.app, `terms-${name}`, {
      termsDays: account.termsDays,
      status: account.status ?? "approved",
      storeState: SHIPPING_ADDRESS.state,
    });
  }
  return { email, cookie: await loginCookie(shop.app, email, TEST_ADMIN.password) };
}

/** A wholesale account buys whole boxes (docs/decisions/102): one box of the product. */
const boxes = () => [{ productId, unit: "box", quantity: 1 }];

const onTerms = (cookie: string) =>
  postOrder(shop.app, cookie, { lines: boxes(), paymentMethodId: TERMS_PAYMENT_METHOD_ID });

/** The order's due day moved back, as if it was placed long enough ago for it to pass. */
const dueOn = (number: string, day: string) =>
  shop.app.db.kysely.updateTable("orders").set({ payment_due_on: day }).where("number", "=", number).execute();

const staffGet = async <T>(url: string): Promise<T> => {
  const response = await shop.app.inject({ method: "GET", url, headers: { cookie: staff } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

const pay = (number: string, amountCents: number, reference: string) =>
  orderAction(shop.app, staff, number, "payments", {
    amountCents,
    method: "Bank transfer",
    reference,
    receivedOn: today,
  });

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await createTestApp({ env: { ...TEST_ADMIN_ENV, SMTP_URL: mailbox.url } });
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  productId = (await sellableProducts(shop.app).select("id").where("stock", ">=", 40).executeTakeFirstOrThrow()).id;
  // Sold wholesale: a DistroPrice and a box of two pieces.
  await shop.app.db.kysely
    .updateTable("product_variants")
    .set({ distro_price_cents: 1_500, pcs_per_pack: 1, pack_per_box: 2 })
    .where("id", "=", productId)
    .execute();
  shop.app.services.catalog.forgetLists();
});
afterAll(async () => {
  await shop.close();
  await mailbox.close();
});

describe("payment on terms", () => {
  it("places an order on net 30 as processing with its due day, never cancelled unpaid, and its e-mail says when it is due", async () => {
    const { email, cookie } = await buyer("net30", { termsDays: 30 });
    const response = await onTerms(cookie);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json() as Order;
    expect(order.status).toBe("processing");
    expect(order.channel).toBe("wholesale");
    expect(order.payment).toMatchObject({
      methodId: "terms",
      name: "Pay on terms (net 30)",
      dueOn: addDays(today, 30),
    });
    expect(order.events.map((event) => event.status)).toEqual(["awaiting_payment", "processing"]);
    expect(order.paymentStatus.paidCents).toBe(0);

    // The unpaid-order job cancels only orders awaiting payment: even long after, this one stays.
    const row = () =>
      shop.app.db.kysely.selectFrom("orders").selectAll().where("number", "=", order.number).executeTakeFirstOrThrow();
    await shop.app.db.kysely
      .updateTable("orders")
      .set({ created_at: new Date(Date.now() - 60 * 86_400_000).toISOString() })
      .where("number", "=", order.number)
      .execute();
    await shop.app.services.orders.cancelUnpaid();
    expect((await row()).status).toBe("processing");

    await shop.app.services.background.settled();
    const mail = mailbox.to(email).find((sent) => sent.subject.includes(order.number));
    expect(mail?.text).toContain("Payment is due by");
    expect(mail?.text).not.toContain("or the order is cancelled");

    // The buyer's own order page reads the due day too.
    const own = await shop.app.inject({
      method: "GET",
      url: `/api/account/orders/${order.number}`,
      headers: { cookie },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as Order).payment.dueOn).toBe(addDays(today, 30));
  });

  it("offers terms only to an approved account with terms, and refuses it to anyone else in words", async () => {
    const retail = await buyer("retail");
    const noTerms = await buyer("noterms", { termsDays: null });
    const pending = await buyer("pending", { termsDays: 30, status: "pending" });
    const net15 = await buyer("net15", { termsDays: 15 });
    const before = await shop.app.db.kysely
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    for (const { cookie } of [retail, noTerms, pending]) {
      const refused = await onTerms(cookie);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        message: expect.stringContaining("approved wholesale accounts with terms"),
      });
    }
    const after = await shop.app.db.kysely
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));

    const terms = (user: { id: string }) => shop.app.services.checkout.termsMethod(user as never);
    expect(await terms({ id: "terms-retail" })).toBeNull();
    expect(await terms({ id: "terms-noterms" })).toBeNull();
    expect(await terms({ id: "terms-net15" })).toMatchObject({ id: "terms", name: "Pay on terms (net 15)" });

    const placed = await onTerms(net15.cookie);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as Order).payment.dueOn).toBe(addDays(today, 15));
  });

  it("refuses terms to a past-due account, naming the order, while another method still works", async () => {
    const { cookie } = await buyer("pastdue", { termsDays: 30 });
    const first = (await onTerms(cookie)).json() as Order;
    // Not yet due: another order on terms is fine.
    const second = await onTerms(cookie);
    expect(second.statusCode, second.body).toBe(201);
    await dueOn(first.number, addDays(today, -1));

    const refused = await onTerms(cookie);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: "terms_past_due", message: expect.stringContaining(first.number) });
    expect(refused.json().message).not.toContain((second.json() as Order).number);

    const byTransfer = await placeOrder(shop.app, cookie, { lines: boxes() });
    expect(byTransfer.status).toBe("awaiting_payment");
    expect(byTransfer.payment.dueOn).toBeNull();

    // Paid in full, the account may order on terms again.
    expect((await pay(first.number, first.totalCents, "PD-1")).statusCode).toBe(200);
    expect((await onTerms(cookie)).statusCode).toBe(201);
  });

  it("staff record partial then full payments that move no status, and the order leaves the Overdue list", async () => {
    const { cookie } = await buyer("payer", { termsDays: 30 });
    const order = (await onTerms(cookie)).json() as Order;
    await dueOn(order.number, addDays(today, -3));
    const overdue = () =>
      staffGet<BillingList>(`/api/admin/billing?view=overdue&q=${encodeURIComponent(order.number)}`);

    const listed = await overdue();
    expect(listed.view).toBe("overdue");
    expect(listed.items).toEqual([
      expect.objectContaining({
        number: order.number,
        businessName: "Corner Smoke Shop LLC",
        dueOn: addDays(today, -3),
        daysOverdue: 3,
        paidCents: 0,
        balanceCents: order.totalCents,
      }),
    ]);
    expect(listed.totals).toEqual({ balanceCents: order.totalCents });
    const invoices = await staffGet<BillingList>(`/api/admin/billing?q=${encodeURIComponent(order.number)}`);
    expect(invoices.items).toEqual([expect.objectContaining({ number: order.number, dueOn: addDays(today, -3) })]);

    const part = Math.floor(order.totalCents / 3);
    const tooMuch = await pay(order.number, order.totalCents + 1, "TOO-MUCH");
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain("balance due");

    const first = await pay(order.number, part, "PART-1");
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as AdminOrder).status).toBe("processing");
    expect((first.json() as AdminOrder).paymentStatus.paidCents).toBe(part);
    // The same payment again adds nothing and says so.
    expect((await pay(order.number, part, "PART-1")).statusCode).toBe(409);
    expect((await overdue()).items).toEqual([
      expect.objectContaining({ paidCents: part, balanceCents: order.totalCents - part }),
    ]);

    const csv = await shop.app.inject({
      method: "GET",
      url: `/api/admin/billing.csv?view=overdue&q=${encodeURIComponent(order.number)}`,
      headers: { cookie: staff },
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = parseCsv(csv.body).map((line) => line.cells);
    expect(header).toEqual(expect.arrayContaining(["Business", "Due on", "Days overdue", "Balance due"]));
    expect(row).toEqual(expect.arrayContaining([order.number, "Corner Smoke Shop LLC", addDays(today, -3), "3"]));

    // Shipped, it still takes payments.
    const shipped = await orderAction(shop.app, staff, order.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const rest = await pay(order.number, order.totalCents - part, "PART-2");
    expect(rest.statusCode, rest.body).toBe(200);
    expect((rest.json() as AdminOrder).status).toBe("shipped");
    expect((rest.json() as AdminOrder).paymentStatus.paidCents).toBe(order.totalCents);
    expect((await overdue()).items).toEqual([]);
    const paidUp = await pay(order.number, 1, "PART-3");
    expect(paidUp.statusCode).toBe(409);
  });

  it("two payments of the whole balance at once: one is recorded, the other is refused and adds nothing", async () => {
    const { cookie } = await buyer("racer", { termsDays: 15 });
    const order = (await onTerms(cookie)).json() as Order;
    const answers = await Promise.all([
      pay(order.number, order.totalCents, "RACE-A"),
      pay(order.number, order.totalCents, "RACE-B"),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const row = await shop.app.db.kysely
      .selectFrom("orders")
      .select("id")
      .where("number", "=", order.number)
      .executeTakeFirstOrThrow();
    expect((await shop.app.services.payments.summary(row.id)).paidCents).toBe(order.totalCents);
  });

  it("the Order List filters by channel", async () => {
    const retailBuyer = await buyer("channel-retail");
    const trader = await buyer("channel-trader", { termsDays: 30 });
    const retailOrder = await placeOrder(shop.app, retailBuyer.cookie, { lines: [{ productId, quantity: 1 }] });
    const wholesaleOrder = await placeOrder(shop.app, trader.cookie, { lines: boxes() });
    expect(retailOrder.channel).toBe("retail");
    expect(wholesaleOrder.channel).toBe("wholesale");
    const list = async (number: string, channel?: string) =>
      (
        await staffGet<AdminOrderList>(`/api/admin/orders?q=${number}${channel ? `&channel=${channel}` : ""}`)
      ).items.map((item) => [item.number, item.channel]);
    expect(await list(retailOrder.number)).toEqual([[retailOrder.number, "retail"]]);
    expect(await list(retailOrder.number, "retail")).toEqual([[retailOrder.number, "retail"]]);
    expect(await list(retailOrder.number, "wholesale")).toEqual([]);
    expect(await list(wholesaleOrder.number, "wholesale")).toEqual([[wholesaleOrder.number, "wholesale"]]);
    expect(await list(wholesaleOrder.number, "retail")).toEqual([]);
    const bad = await shop.app.inject({
      method: "GET",
      url: "/api/admin/orders?channel=resale",
      headers: { cookie: staff },
    });
    expect(bad.statusCode).toBe(400);
  });
});
