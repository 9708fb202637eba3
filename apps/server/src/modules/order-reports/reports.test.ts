import type {
  CategorySalesReport,
  LowStock,
  Order,
  ProductSalesReport,
  SalesReport,
  StateReport,
  StatusReport,
} from "@shop/shared";
import { parseCsv } from "@shop/shared/csv";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addAccount,
  loginCookie,
  type Sessions,
  sessionsOfEveryRole,
  TEST_ADMIN,
  TEST_ADMIN_ENV,
} from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder } from "../../test/orders.ts";
import { productOfClass, SHIPPING_ADDRESS, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// The reports (docs/decisions/055) count orders placed and moved through the API,
// as a buyer and staff do. Sales are orders paid for and not cancelled or refunded.

let shop: TestApp;
let sessions: Sessions;
let buyer = "";
let kratom = "";
let vape = "";
const KRATOM_CENTS = 1_250;
const VAPE_CENTS = 2_000;
const COLORADO = { ...SHIPPING_ADDRESS, city: "Denver", state: "CO", zip: "80202" };
const today = dayOf(new Date());
const tenDaysAgo = addDays(today, -10);

const db = () => shop.app.db.kysely;
const get = (url: string, cookie: string = sessions.manager) =>
  shop.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
const staffPost = (number: string, path: string, payload: object) =>
  orderAction(shop.app, sessions.owner, number, path, payload);

const place = (lines: { productId: string; quantity: number }[], address: object = SHIPPING_ADDRESS) =>
  placeOrder(shop.app, buyer, { lines, shippingAddress: address });
const pay = (order: Order) => payOrder(shop.app, sessions.owner, order);

async function report<T>(name: string, from: string, to: string): Promise<T> {
  const response = await get(`/api/admin/reports/${name}?from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

/** The orders this file makes, by what happened to them. */
const made = {} as Record<"paid" | "shipped" | "unpaid" | "cancelled" | "refunded" | "earlier", Order>;

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  sessions = await sessionsOfEveryRole(shop.app, TEST_ADMIN);
  await addAccount(shop.app, TEST_ADMIN, {
    id: "reports-buyer",
    email: "reports@shop.test",
    dateOfBirth: "1990-05-01",
  });
  buyer = await loginCookie(shop.app, "reports@shop.test", TEST_ADMIN.password);
  kratom = await productOfClass(shop.app, "KRATOM");
  vape = await productOfClass(shop.app, "ENDS");
  await setOwnVariants(db(), { stock: 500, selling_price_pcs_cents: KRATOM_CENTS }, [kratom]);
  await setOwnVariants(db(), { stock: 500, selling_price_pcs_cents: VAPE_CENTS }, [vape]);

  made.paid = await place([
    { productId: kratom, quantity: 2 },
    { productId: vape, quantity: 1 },
  ]);
  await pay(made.paid);
  made.shipped = await place([{ productId: vape, quantity: 3 }], COLORADO);
  await pay(made.shipped);
  expect(
    (
      await staffPost(made.shipped.number, "shipment", {
        carrier: "UPS",
        trackingNumber: `1Z${made.shipped.number.replace(/\W/g, "")}`,
      })
    ).statusCode,
  ).toBe(200);
  made.unpaid = await place([{ productId: kratom, quantity: 1 }]);
  made.cancelled = await place([{ productId: vape, quantity: 1 }]);
  await pay(made.cancelled);
  expect((await staffPost(made.cancelled.number, "status", { action: "cancel" })).statusCode).toBe(200);
  made.refunded = await place([{ productId: kratom, quantity: 1 }]);
  await pay(made.refunded);
  const refund = await staffPost(made.refunded.number, "refund", {
    amountCents: made.refunded.totalCents,
    method: "Zelle",
    receivedOn: today,
  });
  expect(refund.statusCode, refund.body).toBe(200);
  // Placed ten days ago (moved back before it is paid for, so the payment counts it on that day).
  made.earlier = await place([{ productId: kratom, quantity: 4 }], COLORADO);
  await db()
    .updateTable("orders")
    .set({ created_at: `${tenDaysAgo}T12:00:00.000Z` })
    .where("number", "=", made.earlier.number)
    .execute();
  await pay(made.earlier);
});
afterAll(() => shop.close());

describe("the sales report", () => {
  it("counts today's orders paid for and not cancelled or refunded: orders, revenue and the average order", async () => {
    const sales = await report<SalesReport>("sales", today, today);
    const revenue = made.paid.totalCents + made.shipped.totalCents;
    expect(sales).toEqual({
      from: today,
      to: today,
      bucket: "day",
      orders: 2,
      revenueCents: revenue,
      averageOrderCents: Math.round(revenue / 2),
      series: [{ start: today, orders: 2, revenueCents: revenue }],
      channel: null,
      channels: { retail: { orders: 2, revenueCents: revenue }, wholesale: { orders: 0, revenueCents: 0 } },
    });
  });

  it("gives every day of a 30-day range, zeros included, with each order on the day it was placed", async () => {
    const sales = await report<SalesReport>("sales", addDays(today, -29), today);
    expect(sales.bucket).toBe("day");
    expect(sales.series).toHaveLength(30);
    expect(sales.orders).toBe(3);
    expect(sales.revenueCents).toBe(made.paid.totalCents + made.shipped.totalCents + made.earlier.totalCents);
    expect(sales.series.find((day) => day.start === tenDaysAgo)).toEqual({
      start: tenDaysAgo,
      orders: 1,
      revenueCents: made.earlier.totalCents,
    });
    expect(sales.series.filter((day) => day.orders > 0).map((day) => day.start)).toEqual([tenDaysAgo, today]);
  });

  it("groups a longer range by week (Mondays) and a year by month", async () => {
    const weeks = await report<SalesReport>("sales", addDays(today, -89), today);
    expect(weeks.bucket).toBe("week");
    expect(weeks.series.every((week) => new Date(`${week.start}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks.series.reduce((sum, week) => sum + week.orders, 0)).toBe(3);
    const months = await report<SalesReport>("sales", addDays(today, -364), today);
    expect(months.bucket).toBe("month");
    expect(months.series.every((month) => month.start.endsWith("-01"))).toBe(true);
    expect(months.revenueCents).toBe(weeks.revenueCents);
  });

  it("has nothing for a range without sales", async () => {
    const sales = await report<SalesReport>("sales", "2020-01-01", "2020-01-07");
    expect(sales).toMatchObject({ orders: 0, revenueCents: 0, averageOrderCents: 0 });
    expect(sales.series.every((day) => day.orders === 0 && day.revenueCents === 0)).toBe(true);
  });
});

describe("products and categories", () => {
  it("list today's products by sales: orders, units and line totals", async () => {
    const products = await report<ProductSalesReport>("products", today, today);
    expect(products.total).toBe(2);
    expect(products.items).toEqual([
      {
        productId: vape,
        name: expect.any(String),
        sku: expect.any(String),
        orders: 2,
        quantity: 4,
        salesCents: 4 * VAPE_CENTS,
      },
      {
        productId: kratom,
        name: expect.any(String),
        sku: expect.any(String),
        orders: 1,
        quantity: 2,
        salesCents: 2 * KRATOM_CENTS,
      },
    ]);
  });

  it("sum the products by their category", async () => {
    const categories = await report<CategorySalesReport>("categories", addDays(today, -29), today);
    const nameOf = async (id: string) =>
      (
        await db()
          .selectFrom("products")
          .innerJoin("master_categories", "master_categories.id", "products.master_category_id")
          .select("master_categories.name")
          .where("products.id", "=", id)
          .executeTakeFirstOrThrow()
      ).name;
    expect(categories.items).toEqual([
      { categoryId: expect.any(String), name: await nameOf(vape), quantity: 4, salesCents: 4 * VAPE_CENTS },
      { categoryId: expect.any(String), name: await nameOf(kratom), quantity: 6, salesCents: 6 * KRATOM_CENTS },
    ]);
  });

  it("kept in the orders' transactions, match the figures read again from the orders", async () => {
    const year = addDays(today, -364);
    const kept = await Promise.all(["products", "sales", "states"].map((name) => report(name, year, today)));
    await shop.app.services.reports.rebuild();
    expect(await Promise.all(["products", "sales", "states"].map((name) => report(name, year, today)))).toEqual(kept);
  });
});

describe("statuses and states", () => {
  it("count every order placed today by its status now, with their totals", async () => {
    const statuses = await report<StatusReport>("statuses", today, today);
    const of = (order: Order) => order.totalCents;
    expect(statuses.items.sort((a, b) => (a.status < b.status ? -1 : 1))).toEqual([
      { status: "awaiting_payment", orders: 1, totalCents: of(made.unpaid) },
      { status: "cancelled", orders: 1, totalCents: of(made.cancelled) },
      { status: "paid", orders: 1, totalCents: of(made.paid) },
      { status: "refunded", orders: 1, totalCents: of(made.refunded) },
      { status: "shipped", orders: 1, totalCents: of(made.shipped) },
    ]);
  });

  it("sum the sales by the state they go to, most revenue first", async () => {
    const states = await report<StateReport>("states", addDays(today, -29), today);
    expect(states.items).toEqual(
      [
        { state: "CO", orders: 2, revenueCents: made.shipped.totalCents + made.earlier.totalCents },
        { state: "TX", orders: 1, revenueCents: made.paid.totalCents },
      ].sort((a, b) => b.revenueCents - a.revenueCents),
    );
  });
});

describe("channels (docs/decisions/102)", () => {
  it("filter every report by retail or wholesale and total the two apart", async () => {
    // The shipped order stands for a wholesale account's order (checkout marks those itself).
    const mark = (channel: "retail" | "wholesale") =>
      db().updateTable("orders").set({ channel }).where("number", "=", made.shipped.number).execute();
    await mark("wholesale");
    try {
      const of = async <T>(name: string, channel: string, from = today) => {
        const response = await get(`/api/admin/reports/${name}?from=${from}&to=${today}&channel=${channel}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as T;
      };
      const both = await report<SalesReport>("sales", today, today);
      expect(both.orders).toBe(2);
      expect(both.channels).toEqual({
        retail: { orders: 1, revenueCents: made.paid.totalCents },
        wholesale: { orders: 1, revenueCents: made.shipped.totalCents },
      });
      const wholesale = await of<SalesReport>("sales", "wholesale");
      expect(wholesale).toMatchObject({
        channel: "wholesale",
        orders: 1,
        revenueCents: made.shipped.totalCents,
        series: [{ start: today, orders: 1, revenueCents: made.shipped.totalCents }],
      });
      expect(wholesale.channels).toEqual(both.channels);
      expect(await of<SalesReport>("sales", "retail")).toMatchObject({
        orders: 1,
        revenueCents: made.paid.totalCents,
      });

      const products = await of<ProductSalesReport>("products", "wholesale");
      expect(products.items).toEqual([expect.objectContaining({ productId: vape, orders: 1, quantity: 3 })]);
      const retailProducts = await of<ProductSalesReport>("products", "retail");
      expect(retailProducts.items.map((item) => [item.productId, item.quantity]).sort()).toEqual(
        [
          [kratom, 2],
          [vape, 1],
        ].sort(),
      );

      const states = await of<StateReport>("states", "retail", addDays(today, -29));
      expect(states.items).toEqual(
        [
          { state: "CO", orders: 1, revenueCents: made.earlier.totalCents },
          { state: "TX", orders: 1, revenueCents: made.paid.totalCents },
        ].sort((a, b) => b.revenueCents - a.revenueCents),
      );
      expect((await of<StatusReport>("statuses", "wholesale")).items).toEqual([
        { status: "shipped", orders: 1, totalCents: made.shipped.totalCents },
      ]);

      const csv = await get(`/api/admin/reports/sales.csv?from=${today}&to=${today}&channel=wholesale`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(parseCsv(csv.body).at(-1)?.cells.slice(0, 3)).toEqual([
        "Total",
        "1",
        (made.shipped.totalCents / 100).toFixed(2),
      ]);

      const refused = await get(`/api/admin/reports/sales?from=${today}&to=${today}&channel=resale`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain("must be retail or wholesale");
    } finally {
      await mark("retail");
    }
  });
});

describe("low stock", () => {
  it("lists the active products at or under the lowStockThreshold setting, fewest first", async () => {
    await setOwnVariants(db(), { stock: 1 }, [vape]);
    const response = await get("/api/admin/reports/low-stock");
    expect(response.statusCode).toBe(200);
    const low = response.json() as LowStock;
    expect(low.threshold).toBe(5);
    expect(low.items.every((item) => item.stock <= 5)).toBe(true);
    expect(low.items.find((item) => item.id === vape)).toMatchObject({ stock: 1 });
    await setOwnVariants(db(), { stock: 500 }, [vape]);
  });
});

describe("CSV downloads", () => {
  it("give the sales by day in dollars with a total row", async () => {
    const response = await get(`/api/admin/reports/sales.csv?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="sales-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const revenue = made.paid.totalCents + made.shipped.totalCents;
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(parseCsv(response.body).map((row) => row.cells)).toEqual([
      ["Day", "Orders", "Revenue (USD)", "Average order (USD)"],
      [today, "2", dollars(revenue), dollars(Math.round(revenue / 2))],
      ["Total", "2", dollars(revenue), dollars(Math.round(revenue / 2))],
    ]);
  });

  it("defuse a cell that starts like a formula", async () => {
    const original = await db()
      .selectFrom("products")
      .select("name")
      .where("id", "=", kratom)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("products")
      .set({ name: '=HYPERLINK("http://evil.test")' })
      .where("id", "=", kratom)
      .execute();
    try {
      const response = await get(`/api/admin/reports/products.csv?from=${today}&to=${today}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
      expect(parseCsv(response.body).map((row) => row.cells[0])).toEqual([
        "Product",
        expect.any(String),
        '=HYPERLINK("http://evil.test")',
      ]);
    } finally {
      await db().updateTable("products").set({ name: original.name }).where("id", "=", kratom).execute();
    }
  });

  it("exist for every table: categories, statuses, states and low stock", async () => {
    for (const [name, header] of [
      ["categories", "Category"],
      ["statuses", "Status"],
      ["states", "State"],
      ["low-stock", "Product"],
    ]) {
      const range = name === "low-stock" ? "" : `?from=${today}&to=${today}`;
      const response = await get(`/api/admin/reports/${name}.csv${range}`);
      expect(response.statusCode, name).toBe(200);
      expect(parseCsv(response.body)[0]?.cells[0], name).toBe(header);
    }
  });
});

describe("the range", () => {
  it("is refused in words when it ends before it starts or is not a date", async () => {
    const backwards = await get("/api/admin/reports/sales?from=2026-02-01&to=2026-01-01");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ fields: { to: "must be on or after the start date" } });
    const nonsense = await get("/api/admin/reports/states?from=yesterday&to=2026-01-01");
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json()).toMatchObject({ fields: { from: "must be a date as YYYY-MM-DD" } });
  });

  it("is for staff only", async () => {
    expect((await get(`/api/admin/reports/sales?from=${today}&to=${today}`, "")).statusCode).toBe(401);
    expect((await get(`/api/admin/reports/sales?from=${today}&to=${today}`, sessions.customer)).statusCode).toBe(403);
  });
});
