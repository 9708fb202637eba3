import type { BillingHold, BillingList, BillingPayment, Order } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../app-type.ts";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder } from "../../test/orders.ts";
import { sellableProducts } from "../../test/products.ts";
import { anotherInstance, createTestApp, type TestApp } from "../../test/test-app.ts";
import { createJobsRepository } from "../jobs/repository.ts";
import type { PaymentProvider, PaymentRequest } from "../payments/provider.ts";
import { SETTLE_HOLDS_JOB, settleExpiringHolds } from "./hold-expiry-job.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A card gateway as the seam expects one (docs/decisions/090), whose holds last 30 days: it
 * writes down every call it is asked, and declines the operations named in `refusing`.
 */
function gateway(id: string) {
  const calls: string[] = [];
  const refusing = new Set<string>();
  let counter = 0;
  const call = (operation: string) => async (request: PaymentRequest) => {
    calls.push(`${operation} ${request.order.number} ${request.amountCents}`);
    if (refusing.has(operation)) {
      return { status: "declined" as const, reference: null, message: "The hold has lapsed at the bank.", raw: {} };
    }
    return { status: "succeeded" as const, reference: `${id}-${operation}-${++counter}`, message: null, raw: {} };
  };
  const provider: PaymentProvider = {
    id,
    takes: "at_shipping",
    holdDays: 30,
    authorize: call("authorize"),
    capture: call("capture"),
    void: call("void"),
    refund: call("refund"),
    async webhook() {
      return [];
    },
  };
  return { provider, calls, refusing };
}

const card = gateway("test-card");
// Zelle stands for the card method here, as in gateway.test.ts.
const providers = { zelle: card.provider };

let shop: TestApp;
let second: App;
let jobBuyer = "";
let billingBuyer = "";
let staff = "";
let productId = "";

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV, paymentProviders: providers });
  await addAccount(shop.app, TEST_ADMIN, { id: "hold-buyer", email: "hold-job@shop.test", dateOfBirth: "1990-05-01" });
  await addAccount(shop.app, TEST_ADMIN, {
    id: "card-billing-buyer",
    email: "card-billing@shop.test",
    dateOfBirth: "1990-05-01",
  });
  jobBuyer = await loginCookie(shop.app, "hold-job@shop.test", TEST_ADMIN.password);
  billingBuyer = await loginCookie(shop.app, "card-billing@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  productId = (await sellableProducts(shop.app).select("id").where("stock", ">=", 30).executeTakeFirstOrThrow()).id;
  await shop.app.services.background.settled();
  // Another server on the same database, with the same gateway; its start-up run finds nothing due.
  second = await anotherInstance(shop, TEST_ADMIN_ENV, { paymentProviders: providers });
  await second.ready();
  await second.services.background.settled();
});
afterAll(async () => {
  await second?.close();
  await shop.close();
});

const byCard = (cookie: string) =>
  placeOrder(shop.app, cookie, { lines: [{ productId, quantity: 1 }], paymentMethodId: "zelle" });

const orderId = async (number: string) =>
  (await shop.app.db.kysely.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirstOrThrow())
    .id;

/** The order's card hold as if it was taken `days` ago. */
async function heldFor(order: Order, days: number): Promise<void> {
  await shop.app.db.kysely
    .updateTable("order_payments")
    .set({ created_at: new Date(Date.now() - days * DAY_MS).toISOString() })
    .where("order_id", "=", await orderId(order.number))
    .where("kind", "=", "authorization")
    .execute();
}

const records = async (order: Order) =>
  (await shop.app.services.payments.records(await orderId(order.number))).map(
    (record) => `${record.kind} ${record.status} ${record.amountCents}`,
  );

const auditActions = async (order: Order) =>
  (
    await shop.app.db.kysely
      .selectFrom("audit_entries")
      .select(["action", "actor_id"])
      .where("subject_id", "=", await orderId(order.number))
      .orderBy("at")
      .execute()
  ).map((row) => `${row.action} by ${row.actor_id ?? "the shop"}`);

const billing = async (query: string) => {
  const response = await shop.app.inject({ url: `/api/admin/billing?${query}`, headers: { cookie: staff } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BillingList;
};

describe("the card-hold job", () => {
  it("captures an open order's hold about to lapse, lets a cancelled order's go, and leaves fresh holds", async () => {
    const open = await byCard(jobBuyer);
    const cancelled = await byCard(jobBuyer);
    const fresh = await byCard(jobBuyer);
    // The gateway refuses to let the cancelled order's hold go when it is cancelled: it stays open.
    card.refusing.add("void");
    const cancelling = await orderAction(shop.app, staff, cancelled.number, "status", { action: "cancel" });
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    card.refusing.delete("void");
    await heldFor(open, 29);
    await heldFor(cancelled, 28.5);
    await heldFor(fresh, 27.9);
    card.calls.length = 0;

    const run = await settleExpiringHolds(shop.app);
    expect(run.ran).toBe(true);
    const settled = run.ran ? run.result : [];
    expect(settled.map(({ number, operation, status }) => `${operation} ${number} ${status}`).sort()).toEqual(
      [`capture ${open.number} succeeded`, `void ${cancelled.number} succeeded`].sort(),
    );
    expect(card.calls.sort()).toEqual(
      [`capture ${open.number} ${open.totalCents}`, `void ${cancelled.number} ${cancelled.totalCents}`].sort(),
    );
    expect(await records(open)).toEqual([
      `authorization succeeded ${open.totalCents}`,
      `payment succeeded ${open.totalCents}`,
    ]);
    expect(await records(cancelled)).toEqual([
      `authorization succeeded ${cancelled.totalCents}`,
      `void declined ${cancelled.totalCents}`,
      `void succeeded ${cancelled.totalCents}`,
    ]);
    expect(await records(fresh)).toEqual([`authorization succeeded ${fresh.totalCents}`]);
    expect(await auditActions(open)).toContain("card hold captured before it lapsed by the shop");
    expect(await auditActions(cancelled)).toContain("card hold let go before it lapsed by the shop");

    // The captured order is still to be shipped, and its shipment takes nothing more.
    expect((await shop.app.services.orders.adminGet(open.number)).status).toBe("paid");
    const shipping = await orderAction(shop.app, staff, open.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(card.calls.filter((call) => call.startsWith(`capture ${open.number}`))).toHaveLength(1);

    // Run again: nothing is due any more, and the fresh hold is still left alone.
    const again = await settleExpiringHolds(shop.app);
    expect(again).toEqual({ ran: true, result: [] });
    expect(await records(fresh)).toEqual([`authorization succeeded ${fresh.totalCents}`]);
  });

  it("keeps a refused capture as its record, logs it for staff, and tries again the next day", async () => {
    const order = await byCard(jobBuyer);
    await heldFor(order, 29);
    card.refusing.add("capture");
    try {
      const run = await settleExpiringHolds(shop.app);
      expect(run.ran && run.result).toEqual([
        {
          number: order.number,
          operation: "capture",
          amountCents: order.totalCents,
          status: "declined",
          message: "The hold has lapsed at the bank.",
        },
      ]);
      // The same day's run answers from the record kept: the gateway is not asked twice.
      const before = card.calls.length;
      await settleExpiringHolds(shop.app);
      expect(card.calls.length).toBe(before);
    } finally {
      card.refusing.delete("capture");
    }
    expect(await records(order)).toEqual([
      `authorization succeeded ${order.totalCents}`,
      `payment declined ${order.totalCents}`,
    ]);
    expect(await auditActions(order)).toContain("card hold capture refused by the shop");
    const holds = await billing(`view=holds&q=${encodeURIComponent(order.number)}`);
    expect(holds.items).toEqual([
      expect.objectContaining({ number: order.number, refusal: "The hold has lapsed at the bank." }),
    ]);
    expect((await shop.app.services.payments.summary(await orderId(order.number))).paidCents).toBe(0);

    const tomorrow = new Date(Date.now() + DAY_MS);
    const nextDay = await shop.app.services.jobs.exclusively(SETTLE_HOLDS_JOB, 60_000, () =>
      shop.app.services.orders.settleExpiringHolds(tomorrow),
    );
    // Tomorrow the first test's fresh hold is due too: it is captured beside this one.
    const settledTomorrow = nextDay.ran ? nextDay.result : [];
    expect(settledTomorrow.filter((settled) => settled.number === order.number)).toEqual([
      expect.objectContaining({ operation: "capture", status: "succeeded" }),
    ]);
    expect((await records(order)).at(-1)).toBe(`payment succeeded ${order.totalCents}`);
  });

  it("runs on one instance at a time: a second instance skips while the first holds the lease, and a race settles each hold once", async () => {
    const order = await byCard(jobBuyer);
    await heldFor(order, 29);

    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const holding = shop.app.services.jobs.exclusively(SETTLE_HOLDS_JOB, 60_000, async () => {
      await gate;
      return shop.app.services.orders.settleExpiringHolds();
    });
    const repository = createJobsRepository(shop.app.db.kysely);
    for (
      let tries = 0;
      (await repository.find(SETTLE_HOLDS_JOB))?.holder !== shop.app.services.jobs.instance;
      tries++
    ) {
      if (tries > 200) throw new Error("the first instance never took the lease");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await settleExpiringHolds(second)).toEqual({ ran: false });
    expect(await records(order)).toEqual([`authorization succeeded ${order.totalCents}`]);
    open();
    const first = await holding;
    expect(first.ran && first.result.map(({ number }) => number)).toEqual([order.number]);

    const racing = await byCard(jobBuyer);
    await heldFor(racing, 29);
    const runs = await Promise.all([shop.app, second, shop.app, second].map((app) => settleExpiringHolds(app)));
    const settled = runs.flatMap((run) => (run.ran ? run.result : []));
    expect(settled.map(({ number }) => number)).toEqual([racing.number]);
    expect(card.calls.filter((call) => call.startsWith(`capture ${racing.number}`))).toHaveLength(1);
    expect(await records(racing)).toEqual([
      `authorization succeeded ${racing.totalCents}`,
      `payment succeeded ${racing.totalCents}`,
    ]);
  });
});

describe("Billing with card payments beside the manual ones", () => {
  it("lists captures, holds, released holds and gateway refunds with their provider, and counts only money that moved", async () => {
    const captured = await byCard(billingBuyer);
    const ship = await orderAction(shop.app, staff, captured.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const refundedByCard = await byCard(billingBuyer);
    await orderAction(shop.app, staff, refundedByCard.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456785",
    });
    const refund = await orderAction(shop.app, staff, refundedByCard.number, "refund", {
      amountCents: 500,
      method: "Card",
      receivedOn: dayOf(new Date()),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const released = await byCard(billingBuyer);
    await orderAction(shop.app, staff, released.number, "status", { action: "cancel" });
    const held = await byCard(billingBuyer);
    await heldFor(held, 3);
    // A capture the gateway declines at shipping: its record is kept, the hold stays, no money moved.
    const declined = await byCard(billingBuyer);
    card.refusing.add("capture");
    await orderAction(shop.app, staff, declined.number, "shipment", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456786",
    });
    card.refusing.delete("capture");
    const manual = await placeOrder(shop.app, billingBuyer, { lines: [{ productId, quantity: 1 }] });
    await payOrder(shop.app, staff, manual);

    const q = "q=card-billing%40shop.test";
    const invoices = await billing(q);
    const paid = captured.totalCents + refundedByCard.totalCents + manual.totalCents;
    expect(invoices.total).toBe(5);
    expect(invoices.totals).toEqual({
      billedCents: paid + held.totalCents + declined.totalCents,
      receivedCents: paid,
      refundedCents: 500,
    });

    const payments = await billing(`view=payments&${q}&sort=amount_asc`);
    const rows = payments.items as BillingPayment[];
    expect(rows.map((row) => `${row.number} ${row.kind} ${row.provider} ${row.amountCents}`).sort()).toEqual(
      [
        `${captured.number} payment test-card ${captured.totalCents}`,
        `${refundedByCard.number} payment test-card ${refundedByCard.totalCents}`,
        `${refundedByCard.number} refund test-card 500`,
        `${released.number} void test-card ${released.totalCents}`,
        `${manual.number} payment manual ${manual.totalCents}`,
      ].sort(),
    );
    expect(rows.find((row) => row.number === captured.number)).toMatchObject({
      reference: expect.stringMatching(/^test-card-capture-/),
      method: "Zelle",
    });
    // A released hold is listed, never added up; a declined capture is neither.
    expect(payments.totals).toEqual({ billedCents: 0, receivedCents: paid, refundedCents: 500 });
    const voids = await billing(`view=payments&${q}&kind=void`);
    expect(voids.items.map((row) => row.number)).toEqual([released.number]);
    expect(voids.totals).toEqual({ billedCents: 0, receivedCents: 0, refundedCents: 0 });

    const holds = await billing(`view=holds&${q}&sort=oldest`);
    const open = holds.items as BillingHold[];
    expect(open.map((hold) => hold.number)).toEqual([held.number, declined.number]);
    expect(holds.totals).toEqual({ heldCents: held.totalCents + declined.totalCents });
    const heldRow = open[0] as BillingHold;
    expect(heldRow).toMatchObject({
      amountCents: held.totalCents,
      provider: "test-card",
      method: "Zelle",
      orderStatus: "paid",
      reference: expect.stringMatching(/^test-card-authorize-/),
      refusal: null,
    });
    expect(Date.parse(heldRow.expiresAt as string) - Date.parse(heldRow.authorizedAt)).toBe(30 * DAY_MS);
    expect(open[1]).toMatchObject({ orderStatus: "shipped", refusal: "The hold has lapsed at the bank." });

    const csv = await shop.app.inject({ url: `/api/admin/billing.csv?view=holds&${q}`, headers: { cookie: staff } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Order,Customer,E-mail,Held,Method,Provider,Reference,Held since,Lapses at");
    expect(csv.body).toContain(`${held.number},`);
    const paymentsCsv = await shop.app.inject({
      url: `/api/admin/billing.csv?view=payments&${q}&kind=void`,
      headers: { cookie: staff },
    });
    expect(paymentsCsv.body).toContain(`${released.number},Hold released,`);
  });

  it("refuses a type or status the view does not filter on", async () => {
    for (const query of [
      "view=holds&status=paid",
      "view=holds&kind=void",
      "view=sideways",
      "view=payments&kind=hold",
    ]) {
      const response = await shop.app.inject({ url: `/api/admin/billing?${query}`, headers: { cookie: staff } });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
