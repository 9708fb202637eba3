import type { AdminOrder, AdminOrderList, BulkOrderResult } from "@shop/shared";
import { parseCsv } from "@shop/shared/csv";
import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder } from "../../test/orders.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// Daily order work (docs/decisions/084): the Order List's delivery and payment columns, bulk
// "start processing", the CSV of chosen or filtered orders, who made each step, and a customer's
// orders with what they spent.

const STORE = {
  fullName: "Smoke & Leaf",
  line1: "400 Fremont Street",
  city: "Las Vegas",
  state: "NV",
  zip: "89101",
  phone: "(702) 555-0142",
  hours: "Mon–Sat 10 am – 8 pm",
} as const;

let shop: TestApp;
let buyer = "";
let otherBuyer = "";
let staff = "";
let customerCookie = "";
let productId = "";

const place = (cookie: string, extra: Record<string, unknown> = {}) =>
  placeOrder(shop.app, cookie, { lines: [{ productId, quantity: 1 }], ...extra });
const get = (url: string, cookie: string | null = staff) =>
  shop.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const bulk = (payload: unknown, cookie: string | null = staff) =>
  shop.app.inject({
    method: "POST",
    url: "/api/admin/orders/bulk",
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const staffOrder = async (number: string) => {
  const response = await get(`/api/admin/orders/${number}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
};
const auditOf = (number: string, action: string) =>
  shop.app.db.kysely
    .selectFrom("audit_entries")
    .where("subject_label", "=", `Order ${number}`)
    .where("action", "=", action)
    .select(["actor_name"])
    .execute();

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(shop.app, TEST_ADMIN, {
    id: "work-buyer",
    email: "work-buyer@shop.test",
    dateOfBirth: "1990-05-01",
  });
  await addAccount(shop.app, TEST_ADMIN, {
    id: "work-other",
    email: "work-other@shop.test",
    dateOfBirth: "1988-03-02",
  });
  await addAccount(shop.app, TEST_ADMIN, { id: "work-staff", email: "work-staff@shop.test", role: "staff" });
  const db = shop.app.db.kysely;
  await db
    .updateTable("users")
    .set({ first_name: "Pat", last_name: "Packer" })
    .where("id", "=", "work-staff")
    .execute();
  // A name a spreadsheet would run as a formula: the CSV must show it, never run it.
  await db
    .updateTable("users")
    .set({ first_name: '=HYPERLINK("http://evil.example")', last_name: "Doe" })
    .where("id", "=", "work-other")
    .execute();
  buyer = await loginCookie(shop.app, "work-buyer@shop.test", TEST_ADMIN.password);
  otherBuyer = await loginCookie(shop.app, "work-other@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, "work-staff@shop.test", TEST_ADMIN.password);
  customerCookie = buyer;
  const product = await sellableProducts(shop.app)
    .where("in_store_stock_available", "=", 1)
    .select("id")
    .executeTakeFirstOrThrow();
  productId = product.id;
  await setOwnVariants(db, { stock: 1000 }, [productId]);
  await shop.app.services.settings.update({ storeAddress: STORE });
});
afterAll(() => shop.close());

describe("the Order List", () => {
  it("says whether each order ships or is picked up, and how the buyer pays", async () => {
    const shipped = await place(buyer, { paymentMethodId: "bank-transfer" });
    const pickup = await place(buyer, { fulfilment: "pickup", shippingAddress: undefined, paymentMethodId: "zelle" });
    const response = await get("/api/admin/orders?q=work-buyer@shop.test");
    expect(response.statusCode, response.body).toBe(200);
    const rows = (response.json() as AdminOrderList).items;
    expect(rows.find((row) => row.number === shipped.number)).toMatchObject({
      fulfilment: "ship",
      paymentMethod: shipped.payment.name,
    });
    expect(rows.find((row) => row.number === pickup.number)).toMatchObject({
      fulfilment: "pickup",
      paymentMethod: pickup.payment.name,
    });
    expect(shipped.payment.name).not.toBe(pickup.payment.name);
  });
});

describe("bulk start processing", () => {
  it("moves the paid orders, each with its audit entry, and names the others with why, changing nothing of theirs", async () => {
    const first = await place(buyer);
    const second = await place(buyer);
    const unpaid = await place(buyer);
    await payOrder(shop.app, staff, first);
    await payOrder(shop.app, staff, second);
    const eventsBefore = (await staffOrder(unpaid.number)).events.length;

    const response = await bulk({
      numbers: [first.number, unpaid.number, second.number.toLowerCase(), "ZZZZ-ZZZZ"],
      action: "start_processing",
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as BulkOrderResult;
    expect(result.moved).toEqual([first.number, second.number]);
    expect(result.refused).toEqual([
      { number: unpaid.number, reason: expect.stringContaining(unpaid.number) },
      { number: "ZZZZ-ZZZZ", reason: "Order ZZZZ-ZZZZ was not found." },
    ]);
    expect(result.refused[0]?.reason).toMatch(/awaiting payment/i);
    expect(result.message).toBe("2 orders moved to processing; 2 orders could not be moved.");

    for (const order of [first, second]) {
      expect((await staffOrder(order.number)).status).toBe("processing");
      expect(await auditOf(order.number, "start processing")).toEqual([{ actor_name: "Pat Packer" }]);
    }
    const left = await staffOrder(unpaid.number);
    expect(left.status).toBe("awaiting_payment");
    expect(left.events).toHaveLength(eventsBefore);
    expect(await auditOf(unpaid.number, "start processing")).toEqual([]);
  });

  it("the same as the order page's button: a second run moves nothing and says why", async () => {
    const order = await place(buyer);
    await payOrder(shop.app, staff, order);
    expect((await bulk({ numbers: [order.number], action: "start_processing" })).json()).toMatchObject({
      moved: [order.number],
      message: "1 order moved to processing.",
    });
    const again = (await bulk({ numbers: [order.number], action: "start_processing" })).json() as BulkOrderResult;
    expect(again.moved).toEqual([]);
    expect(again.refused[0]?.reason).toMatch(/processing/i);
  });

  it("refuses an empty choice, another action, and anyone but staff, changing nothing", async () => {
    const empty = await bulk({ numbers: [], action: "start_processing" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ numbers: "Please choose at least one order." });
    expect((await bulk({ numbers: ["AAAA-AAAA"], action: "refund" })).statusCode).toBe(400);
    expect((await bulk({ numbers: ["AAAA-AAAA"], action: "start_processing" }, customerCookie)).statusCode).toBe(403);
    expect((await bulk({ numbers: ["AAAA-AAAA"], action: "start_processing" }, null)).statusCode).toBe(401);
  });
});

describe("the Order List's CSV", () => {
  const csvRows = (body: string) => parseCsv(body).map((row) => row.cells);

  it("holds the chosen orders only, a row each with number, date, status, buyer, ship or pickup, method and totals", async () => {
    const one = await place(buyer, { paymentMethodId: "bank-transfer" });
    const two = await place(buyer, { fulfilment: "pickup", shippingAddress: undefined, paymentMethodId: "zelle" });
    await place(buyer);
    const response = await get(`/api/admin/orders.csv?numbers=${one.number},${two.number.toLowerCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="orders-${dayOf(new Date())}.csv"`);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      "Order",
      "Order date",
      "Status",
      "Customer",
      "E-mail",
      "Ship or pickup",
      "Payment method",
      "Subtotal",
      "Discount",
      "Shipping",
      "Sales tax",
      "Total",
      "Channel",
    ]);
    expect(rows.map((row) => row[0]).sort()).toEqual([one.number, two.number].sort());
    const byNumber = new Map(rows.map((row) => [row[0], row]));
    expect(byNumber.get(one.number)).toEqual([
      one.number,
      one.createdAt,
      "Awaiting payment",
      expect.any(String),
      "work-buyer@shop.test",
      "Ship",
      one.payment.name,
      (one.subtotalCents / 100).toFixed(2),
      (one.discountCents / 100).toFixed(2),
      (one.shippingCents / 100).toFixed(2),
      (one.taxCents / 100).toFixed(2),
      (one.totalCents / 100).toFixed(2),
      "Retail",
    ]);
    expect(byNumber.get(two.number)?.[5]).toBe("Pickup in store");
    expect(byNumber.get(two.number)?.[6]).toBe(two.payment.name);
  });

  it("holds everything the filters match, in the list's order, with formula-like text defended", async () => {
    const first = await place(otherBuyer);
    const second = await place(otherBuyer);
    const response = await get("/api/admin/orders.csv?q=work-other@shop.test&sort=oldest");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const [, ...rows] = csvRows(response.body);
    expect(rows.map((row) => row[0])).toEqual([first.number, second.number]);
    // Written with an apostrophe, so a spreadsheet shows the name instead of running it.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"") Doe"`);
    expect(rows[0]?.[3]).toBe('=HYPERLINK("http://evil.example") Doe');
  });

  it("refuses more than 100 chosen orders, and anyone but staff", async () => {
    const many = Array.from({ length: 101 }, (_, index) => `A${index}`).join(",");
    const refused = await get(`/api/admin/orders.csv?numbers=${many}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ numbers: "may name at most 100 orders" });
    expect((await get("/api/admin/orders.csv", customerCookie)).statusCode).toBe(403);
    expect((await get("/api/admin/orders.csv", null)).statusCode).toBe(401);
  });
});

describe("the staff order page's timeline", () => {
  it("says who made each step: the buyer, a staff member by name, or the shop", async () => {
    const paid = await place(buyer);
    await payOrder(shop.app, staff, paid);
    const started = await orderAction(shop.app, staff, paid.number, "status", { action: "start_processing" });
    expect(started.statusCode, started.body).toBe(200);
    expect((await staffOrder(paid.number)).events.map((event) => [event.status, event.by])).toEqual([
      ["awaiting_payment", "the buyer"],
      ["paid", "Pat Packer"],
      ["processing", "Pat Packer"],
    ]);

    const forgotten = await place(otherBuyer);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    await shop.app.db.kysely
      .updateTable("orders")
      .set({ created_at: eightDaysAgo })
      .where("number", "=", forgotten.number)
      .execute();
    await shop.app.services.orders.cancelUnpaid();
    expect((await staffOrder(forgotten.number)).events.map((event) => [event.status, event.by])).toEqual([
      ["awaiting_payment", "the buyer"],
      ["cancelled", "the shop"],
    ]);

    const cancelled = await place(otherBuyer);
    const own = await shop.app.inject({
      method: "POST",
      url: `/api/account/orders/${cancelled.number}/cancel`,
      headers: { cookie: otherBuyer },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await staffOrder(cancelled.number)).events.at(-1)).toMatchObject({ status: "cancelled", by: "the buyer" });
    // The buyer's own page does not name staff.
    const mine = await shop.app.inject({ url: `/api/account/orders/${paid.number}`, headers: { cookie: buyer } });
    expect(mine.body).not.toContain("Pat Packer");
  });
});

describe("a customer's orders", () => {
  it("are listed with their count and what the customer spent: payments less refunds", async () => {
    await addAccount(shop.app, TEST_ADMIN, {
      id: "work-spender",
      email: "spender@shop.test",
      dateOfBirth: "1980-01-01",
    });
    const spender = await loginCookie(shop.app, "spender@shop.test", TEST_ADMIN.password);
    const kept = await place(spender);
    const partly = await place(spender, { lines: [{ productId, quantity: 2 }] });
    const unpaid = await place(spender);
    await payOrder(shop.app, staff, kept);
    await payOrder(shop.app, staff, partly);
    const owner = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const refund = await orderAction(shop.app, owner, partly.number, "refund", {
      amountCents: 500,
      method: "Zelle",
      receivedOn: dayOf(new Date()),
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const response = await get("/api/admin/orders?customer=work-spender");
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as AdminOrderList;
    expect(list.total).toBe(3);
    expect(list.items.map((row) => row.number).sort()).toEqual([kept.number, partly.number, unpaid.number].sort());
    expect(list.spentCents).toBe(kept.totalCents + partly.totalCents - 500);
    // Without a customer, no sum is read.
    expect(((await get("/api/admin/orders")).json() as AdminOrderList).spentCents).toBeNull();
    // A customer with no orders: none, nothing spent.
    const none = (await get("/api/admin/orders?customer=work-staff")).json() as AdminOrderList;
    expect([none.total, none.spentCents]).toEqual([0, 0]);
  });
});
