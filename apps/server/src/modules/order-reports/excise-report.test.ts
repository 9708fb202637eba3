import type { AdminOrder, ExcisePeriod, ExciseReport, Order, PactReport } from "@shop/shared";
import { parseCsv } from "@shop/shared/csv";
import { dayOf } from "@shop/shared/rules";
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
import type { TaxRuleInput } from "../taxes/service.ts";
import { EXCISE_CSV_HEADER } from "./excise-service.ts";
import { PACT_CSV_HEADER } from "./pact-service.ts";

// The excise filing report (docs/decisions/098): the excise collected per jurisdiction and month,
// each line with what it was worked out on, and the share refunds gave back in their month. The
// Ohio tax is the demo's example rule ($0.10 a millilitre of nicotine liquid); a city's tax on top
// is made through the taxes service, as Settings > Taxes does. Orders are placed, paid, refunded
// and cancelled through the API, as a buyer and staff do.

let shop: TestApp;
let sessions: Sessions;
let buyer = "";
let vape = "";

const COLUMBUS = {
  ...SHIPPING_ADDRESS,
  fullName: 'Lee, "Sam"',
  line1: '=HYPERLINK("http://evil.test")',
  city: "Columbus",
  state: "OH",
  zip: "43215",
};
const CLEVELAND = { ...SHIPPING_ADDRESS, city: "Cleveland", state: "OH", zip: "44113" };
const today = dayOf(new Date());
const thisMonth = today.slice(0, 7);

/** The UTC month before `month` (YYYY-MM). */
function monthBefore(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 2, 1)).toISOString().slice(0, 7);
}
const lastMonth = monthBefore(thisMonth);

/** A city's tax on vapes per millilitre, counted proportionally, in force since 2020, as staff enter one. */
const perMlTax = (jurisdiction: TaxRuleInput["jurisdiction"], name: string, rate: string): TaxRuleInput => ({
  jurisdiction,
  name,
  regulatoryClass: "ENDS",
  nicotine: "any",
  system: "any",
  liquid: "any",
  basis: "per_ml",
  rate,
  mlRounding: "proportional",
  afterDiscount: false,
  salesTaxOnTop: false,
  wholesale: "charged",
  effectiveFrom: "2020-01-01",
  effectiveTo: null,
  sourceUrl: "https://example.org/vapor-tax",
  sourceDate: null,
  lastCheckedOn: today,
  notes: "",
  isExample: true,
});

const staffPost = (number: string, path: string, payload: object) =>
  orderAction(shop.app, sessions.owner, number, path, payload);

const place = (quantity: number, address: object): Promise<Order> =>
  placeOrder(shop.app, buyer, { lines: [{ productId: vape, quantity }], shippingAddress: address });

async function ship(order: Order): Promise<AdminOrder> {
  const response = await staffPost(order.number, "shipment", { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
}

/** Moves an order's placing back to the 28th of last month, as if it had been placed then. */
async function placedLastMonth(number: string): Promise<void> {
  await shop.app.db.kysely
    .updateTable("orders")
    .set({ created_at: `${lastMonth}-28T12:00:00.000Z` })
    .where("number", "=", number)
    .execute();
}

const get = (url: string, cookie: string = sessions.manager) =>
  shop.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

async function report(query: string): Promise<ExciseReport> {
  const response = await get(`/api/admin/reports/excise?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ExciseReport;
}

const sums = (period: ExcisePeriod | undefined) =>
  period && { collected: period.collectedCents, reversed: period.reversedCents, net: period.netCents };

const periodOf = (found: ExciseReport, where: string, month: string) =>
  found.periods.find((period) => period.where === where && period.month === month);

/** The orders this file makes, by what they are. */
const made = { columbus: "", cleveland: "", unpaid: "", cancelled: "", texas: "" };
let columbusTotal = 0;

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  sessions = await sessionsOfEveryRole(shop.app, TEST_ADMIN);
  await addAccount(shop.app, TEST_ADMIN, { id: "excise-buyer", email: "excise@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "excise@shop.test", TEST_ADMIN.password);
  vape = await productOfClass(shop.app, "ENDS");
  await setOwnVariants(shop.app.db.kysely, { stock: 500 }, [vape]);
  // Each piece holds 10 ml of 5 % nicotine liquid, as staff record it on the variant.
  await shop.app.db.kysely
    .updateTable("product_variants")
    .set({ liquid_ml: 10_000, nicotine_mg_per_ml: 50_000 })
    .where("product_id", "=", vape)
    .execute();
  const columbus = { level: "locality", country: "US", state: "OH", locality: "Columbus" } as const;
  await shop.app.services.taxes.create(perMlTax(columbus, "Columbus vapor tax", "0.05"), null);

  // Placed last month, paid, and half of it refunded this month.
  const columbusOrder = await place(2, COLUMBUS);
  await payOrder(shop.app, sessions.owner, columbusOrder);
  await placedLastMonth(columbusOrder.number);
  columbusTotal = columbusOrder.totalCents;
  const refund = await staffPost(columbusOrder.number, "refund", {
    amountCents: Math.floor(columbusTotal / 2),
    method: "Zelle",
    receivedOn: today,
  });
  expect(refund.statusCode, refund.body).toBe(200);
  made.columbus = columbusOrder.number;

  const cleveland = await place(1, CLEVELAND);
  await payOrder(shop.app, sessions.owner, cleveland);
  await ship(cleveland);
  made.cleveland = cleveland.number;

  made.unpaid = (await place(1, CLEVELAND)).number;

  const cancelled = await place(1, CLEVELAND);
  await payOrder(shop.app, sessions.owner, cancelled);
  const cancel = await staffPost(cancelled.number, "status", { action: "cancel" });
  expect(cancel.statusCode, cancel.body).toBe(200);
  made.cancelled = cancelled.number;

  const texas = await place(1, SHIPPING_ADDRESS);
  await payOrder(shop.app, sessions.owner, texas);
  made.texas = texas.number;
});
afterAll(() => shop.close());

describe("the excise report", () => {
  it("charges the orders as the rules say: 2 × 10 ml in Columbus owes Ohio $2.00 and Columbus $1.00", async () => {
    const order = (await get(`/api/admin/orders/${made.columbus}`, sessions.owner)).json() as AdminOrder;
    const excise = order.adjustments.filter((adjustment) => adjustment.kind === "excise");
    expect(excise.map((adjustment) => adjustment.amountCents).sort()).toEqual([100, 200]);
  });

  it("lists an Ohio order's excise under Ohio for the month it was placed, with its millilitres, pieces and amount", async () => {
    const found = await report(`from=${lastMonth}`);
    expect(found).toMatchObject({ from: lastMonth, to: lastMonth, start: `${lastMonth}-01T00:00:00.000Z` });
    const ohio = periodOf(found, "Ohio", lastMonth);
    expect(sums(ohio)).toEqual({ collected: 200, reversed: 0, net: 200 });
    expect(ohio?.lines).toHaveLength(1);
    expect(ohio?.lines[0]).toMatchObject({
      kind: "collected",
      number: made.columbus,
      at: `${lastMonth}-28T12:00:00.000Z`,
      status: "refunded",
      address: { fullName: COLUMBUS.fullName, line1: COLUMBUS.line1, city: "Columbus", state: "OH", zip: "43215" },
      quantity: 2,
      pieces: 2,
      basis: "per_ml",
      millilitres: 20_000,
      rate: "$0.10 per ml",
      amountCents: 200,
      refundCents: null,
      tax: expect.stringMatching(/^Ohio vapor products tax: 10 ml × \$0\.10 × 2$/),
    });
  });

  it("gives a local tax on top of the state's its own jurisdiction", async () => {
    const found = await report(`from=${lastMonth}`);
    expect(found.periods.map((period) => `${period.where} ${period.month}`)).toEqual([
      `Columbus, Ohio ${lastMonth}`,
      `Ohio ${lastMonth}`,
    ]);
    expect(sums(periodOf(found, "Columbus, Ohio", lastMonth))).toEqual({ collected: 100, reversed: 0, net: 100 });
    expect(found.totals).toEqual({ collectedCents: 300, reversedCents: 0, netCents: 300 });
  });

  it("gives back a partial refund's share of each tax in the refund's month, as negative lines", async () => {
    const found = await report(`from=${thisMonth}`);
    // Half the total back: half of Ohio's $2.00 and of Columbus's $1.00.
    const ohio = periodOf(found, "Ohio", thisMonth);
    expect(sums(ohio)).toEqual({ collected: 100, reversed: 100, net: 0 });
    const reversal = ohio?.lines.find((line) => line.kind === "reversed");
    expect(reversal).toMatchObject({
      number: made.columbus,
      amountCents: -100,
      refundCents: Math.floor(columbusTotal / 2),
      millilitres: 20_000,
    });
    expect(reversal?.at.slice(0, 10)).toBe(today);
    expect(sums(periodOf(found, "Columbus, Ohio", thisMonth))).toEqual({ collected: 0, reversed: 50, net: -50 });
    expect(found.totals).toEqual({ collectedCents: 100, reversedCents: 150, netCents: -50 });

    const both = await report(`from=${lastMonth}&to=${thisMonth}`);
    expect(both.periods.map((period) => `${period.where} ${period.month}`)).toEqual([
      `Columbus, Ohio ${lastMonth}`,
      `Columbus, Ohio ${thisMonth}`,
      `Ohio ${lastMonth}`,
      `Ohio ${thisMonth}`,
    ]);
    expect(both.totals).toEqual({ collectedCents: 400, reversedCents: 150, netCents: 250 });
  });

  it("leaves out orders not paid for, cancelled ones, and places without a tax", async () => {
    const found = await report(`from=${lastMonth}&to=${thisMonth}`);
    const numbers = new Set(found.periods.flatMap((period) => period.lines.map((line) => line.number)));
    expect([...numbers].sort()).toEqual([made.columbus, made.cleveland].sort());
    expect((await report("from=2020-01")).periods).toEqual([]);
  });

  it("gives the report as CSV, one row per line, negative amounts as numbers and formulas defused", async () => {
    const response = await get(`/api/admin/reports/excise.csv?from=${lastMonth}&to=${thisMonth}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="excise-${lastMonth}-to-${thisMonth}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    expect(response.body).toContain('"Lee, ""Sam"""');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    const [header, ...rows] = parseCsv(response.body).map((row) => row.cells);
    expect(header).toEqual(EXCISE_CSV_HEADER);
    // Collected: the Columbus order's two taxes and the Cleveland order's one; reversed: the Columbus order's two.
    expect(rows).toHaveLength(5);
    const cell = (row: string[] | undefined, name: string) => row?.[EXCISE_CSV_HEADER.indexOf(name)];
    const collected = rows.find((row) => cell(row, "Order") === made.columbus && cell(row, "Jurisdiction") === "Ohio");
    expect(cell(collected, "Month")).toBe(lastMonth);
    expect(cell(collected, "Kind")).toBe("Collected");
    expect(cell(collected, "Date (UTC)")).toBe(`${lastMonth}-28`);
    expect(cell(collected, "City")).toBe("Columbus");
    expect(cell(collected, "Millilitres")).toBe("20");
    expect(cell(collected, "Pieces")).toBe("2");
    expect(cell(collected, "Basis")).toBe("Per millilitre of liquid");
    expect(cell(collected, "Rate")).toBe("$0.10 per ml");
    expect(cell(collected, "Amount (USD)")).toBe("2.00");
    const reversed = rows.filter((row) => cell(row, "Kind") === "Reversed by refund");
    expect(reversed.map((row) => [cell(row, "Jurisdiction"), cell(row, "Month"), cell(row, "Amount (USD)")])).toEqual([
      ["Ohio", thisMonth, "-1.00"],
      ["Columbus, Ohio", thisMonth, "-0.50"],
    ]);
    // Written as a number, not defused as a formula.
    expect(response.body).toContain(",-1.00,");
  });

  it("refuses months it cannot read, or a range backwards or over three years, with 400 in words", async () => {
    const cases: [query: string, field: string][] = [
      ["from=2026-13", "from"],
      ["from=November", "from"],
      ["", "from"],
      ["from=2026-11&to=2026-10", "to"],
      ["from=2020-01&to=2026-11", "to"],
    ];
    for (const [query, field] of cases) {
      for (const path of ["excise", "excise.csv"]) {
        const response = await get(`/api/admin/reports/${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(response.json().fields ?? {}), query).toContain(field);
        expect(response.json().message).toMatch(/\w+ \w+/);
      }
    }
  });
});

describe("the PACT Act report's excise", () => {
  it("gives each vape line the excise charged on it, in the report, its totals and its CSV", async () => {
    const response = await get(`/api/admin/reports/pact/report?month=${thisMonth}&state=OH`);
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json() as PactReport;
    const cleveland = found.shipments.find((shipment) => shipment.number === made.cleveland);
    expect(cleveland?.lines.map((line) => line.exciseCents)).toEqual([100]);
    expect(found.totals.exciseCents).toBe(100);

    const csv = await get(`/api/admin/reports/pact/report.csv?month=${thisMonth}&state=OH`);
    const [header, ...rows] = parseCsv(csv.body).map((row) => row.cells);
    expect(header).toEqual(PACT_CSV_HEADER);
    const row = rows.find((cells) => cells[0] === made.cleveland);
    expect(row?.[PACT_CSV_HEADER.indexOf("Excise collected (USD)")]).toBe("1.00");
  });
});

describe("access", () => {
  const urls = [`/api/admin/reports/excise?from=${thisMonth}`, `/api/admin/reports/excise.csv?from=${thisMonth}`];

  it("declares the excise report's routes for Managers and Owners", () => {
    const routes = shop.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/reports/excise"));
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      "GET /api/admin/reports/excise",
      "GET /api/admin/reports/excise.csv",
    ]);
    for (const route of routes) expect(route.access, route.url).toBe("manager");
  });

  it("refuses anonymous callers (401), customers and Staff (403), and lets Managers and Owners read", async () => {
    for (const url of urls) {
      expect((await get(url, "")).statusCode, url).toBe(401);
      for (const cookie of [sessions.customer, sessions.staff]) {
        const refused = await get(url, cookie);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.body).not.toContain("Cleveland");
      }
      expect((await get(url, sessions.manager)).statusCode, url).toBe(200);
      expect((await get(url, sessions.owner)).statusCode, url).toBe(200);
    }
  });
});
