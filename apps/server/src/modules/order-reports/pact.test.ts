import type { AdminOrder, Order, PactPeriodList, PactReport } from "@shop/shared";
import type { RegulatoryClass } from "@shop/shared/constants";
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
import { PACT_CSV_HEADER } from "./pact-service.ts";

// The PACT Act report (docs/decisions/048) lists, for a month and a state, the orders shipped there
// that hold vape lines, by the classes recorded when each order was placed. Orders are placed and
// moved through the API, as a buyer and staff do.

let shop: TestApp;
let sessions: Sessions;
let buyer = "";
let vape = "";
let accessory = "";
let kratom = "";

const TEXAS = {
  ...SHIPPING_ADDRESS,
  fullName: 'Hale, "Robin"',
  line2: '=HYPERLINK("http://evil.test")',
  phone: "(512) 555-0199",
};
const COLORADO = { ...SHIPPING_ADDRESS, city: "Denver", state: "CO", zip: "80202" };
const today = dayOf(new Date());

/** A demo product of the class, with stock enough for this file. */
async function productOf(regulatoryClass: RegulatoryClass): Promise<string> {
  const id = await productOfClass(shop.app, regulatoryClass);
  await setOwnVariants(shop.app.db.kysely, { stock: 500 }, [id]);
  return id;
}

/** Gives a product these classes only, as staff do on the product form. */
async function classify(productId: string, classes: RegulatoryClass[]): Promise<void> {
  const db = shop.app.db.kysely;
  await db.deleteFrom("product_regulatory_classes").where("product_id", "=", productId).execute();
  await db
    .insertInto("product_regulatory_classes")
    .values(classes.map((value) => ({ product_id: productId, class: value })))
    .execute();
}

const staffPost = (number: string, path: string, payload: object) =>
  orderAction(shop.app, sessions.owner, number, path, payload);

const place = (lines: { productId: string; quantity: number }[], address: object = TEXAS) =>
  placeOrder(shop.app, buyer, { lines, shippingAddress: address });
const pay = (order: Order) => payOrder(shop.app, sessions.owner, order);

/** Placed, paid and handed to UPS with a tracking number; answers the order as staff see it. */
async function shipped(lines: { productId: string; quantity: number }[], address: object = TEXAS): Promise<AdminOrder> {
  const order = await place(lines, address);
  await pay(order);
  const response = await staffPost(order.number, "shipment", {
    carrier: "UPS",
    trackingNumber: `1Z${order.number.replace(/\W/g, "")}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
}

const get = (url: string, cookie: string = sessions.manager) =>
  shop.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

async function report(month: string, state: string): Promise<PactReport> {
  const response = await get(`/api/admin/reports/pact/report?month=${month}&state=${state}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PactReport;
}

async function periods(query = ""): Promise<PactPeriodList> {
  const response = await get(`/api/admin/reports/pact?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PactPeriodList;
}

const numbers = (found: PactReport) => found.shipments.map((shipment) => shipment.number);

/** The UTC month before `month` (YYYY-MM). */
function monthBefore(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 2, 1)).toISOString().slice(0, 7);
}

/** The orders this file makes, by what they are. */
const made = {
  mixed: "",
  refunded: "",
  accessory: "",
  kratomOnly: "",
  unshipped: "",
  cancelled: "",
  colorado: "",
  lastMonth: "",
};
let month = "";

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  sessions = await sessionsOfEveryRole(shop.app, TEST_ADMIN);
  await addAccount(shop.app, TEST_ADMIN, { id: "pact-buyer", email: "pact@shop.test", dateOfBirth: "1990-05-01" });
  buyer = await loginCookie(shop.app, "pact@shop.test", TEST_ADMIN.password);
  vape = await productOf("ENDS");
  // The demo shop sells no vape part alone: staff mark a charger made for one vape as one.
  accessory = await productOf("GENERAL");
  await classify(accessory, ["ENDS_ACCESSORY"]);
  kratom = await productOf("KRATOM");

  const mixed = await shipped([
    { productId: kratom, quantity: 1 },
    { productId: vape, quantity: 3 },
  ]);
  made.mixed = mixed.number;
  month = (mixed.events.find((event) => event.status === "shipped")?.at ?? "").slice(0, 7);

  const refunded = await shipped([{ productId: vape, quantity: 1 }]);
  const refund = await staffPost(refunded.number, "refund", {
    amountCents: refunded.totalCents,
    method: "Zelle",
    receivedOn: today,
  });
  expect(refund.statusCode, refund.body).toBe(200);
  made.refunded = refunded.number;

  made.accessory = (await shipped([{ productId: accessory, quantity: 2 }])).number;
  made.kratomOnly = (await shipped([{ productId: kratom, quantity: 1 }])).number;
  made.colorado = (await shipped([{ productId: vape, quantity: 1 }], COLORADO)).number;

  const unshipped = await place([{ productId: vape, quantity: 1 }]);
  await pay(unshipped);
  made.unshipped = unshipped.number;

  const cancelled = await place([{ productId: vape, quantity: 1 }]);
  const cancel = await staffPost(cancelled.number, "status", { action: "cancel" });
  expect(cancel.statusCode, cancel.body).toBe(200);
  made.cancelled = cancelled.number;

  // Shipped last month: its shipped event is moved back, as if staff had shipped it then.
  const lastMonth = await shipped([{ productId: vape, quantity: 1 }]);
  made.lastMonth = lastMonth.number;
  const row = await shop.app.db.kysely
    .selectFrom("orders")
    .select("id")
    .where("number", "=", lastMonth.number)
    .executeTakeFirstOrThrow();
  await shop.app.db.kysely
    .updateTable("order_events")
    .set({ created_at: `${monthBefore(month)}-28T23:59:59.999Z` })
    .where("order_id", "=", row.id)
    .where("status", "=", "shipped")
    .execute();
});
afterAll(() => shop.close());

describe("the PACT Act report of a month and a state", () => {
  it("lists the vape orders shipped there that month, refunded after shipping too, with their vape lines only", async () => {
    const found = await report(month, "TX");
    expect(numbers(found).sort()).toEqual([made.mixed, made.refunded, made.accessory].sort());
    const mixed = found.shipments.find((shipment) => shipment.number === made.mixed);
    expect(mixed).toMatchObject({
      status: "shipped",
      customerName: expect.any(String),
      address: { fullName: TEXAS.fullName, line1: TEXAS.line1, line2: TEXAS.line2, city: "Austin", state: "TX" },
      phone: "5125550199",
      carrier: "UPS",
      trackingNumber: expect.stringMatching(/^1Z/),
    });
    expect(mixed?.lines).toHaveLength(1);
    expect(mixed?.lines[0]).toMatchObject({ quantity: 3, sku: expect.any(String) });
    expect(found.shipments.find((shipment) => shipment.number === made.refunded)?.status).toBe("refunded");
    expect(found).toMatchObject({ month, state: "TX", stateName: "Texas", from: `${month}-01T00:00:00.000Z` });
    expect(found.totals).toMatchObject({ orders: 3, lines: 3, units: 6 });
  });

  it("leaves out orders without vape lines, not shipped, cancelled, shipped to another state or in another month", async () => {
    const texas = numbers(await report(month, "TX"));
    for (const number of [made.kratomOnly, made.unshipped, made.cancelled, made.colorado, made.lastMonth]) {
      expect(texas).not.toContain(number);
    }
    expect(numbers(await report(month, "CO"))).toEqual([made.colorado]);
    expect(numbers(await report(monthBefore(month), "TX"))).toEqual([made.lastMonth]);
    expect((await report(month, "NV")).shipments).toEqual([]);
  });

  it("counts a line by its classes when it was ordered: reclassifying the products later changes nothing", async () => {
    const before = await report(month, "TX");
    await classify(vape, ["GENERAL"]);
    await classify(accessory, ["GENERAL"]);
    await classify(kratom, ["ENDS"]);
    expect(await report(month, "TX")).toEqual(before);
  });

  it("lists each month and state with vape shipments, newest month first, with their counts", async () => {
    const list = await periods();
    expect(list.items).toEqual([
      { month, state: "CO", orders: 1, lines: 1, units: 1, pieces: expect.any(Number) },
      { month, state: "TX", orders: 3, lines: 3, units: 6, pieces: expect.any(Number) },
      { month: monthBefore(month), state: "TX", orders: 1, lines: 1, units: 1, pieces: expect.any(Number) },
    ]);
    expect(list).toMatchObject({ total: 3, page: 1, states: ["CO", "TX"] });
    expect((await periods("state=co")).items.map((item) => item.state)).toEqual(["CO"]);
  });

  it("gives the report as CSV, one row per vape line, quoted where needed and with formulas defused", async () => {
    const response = await get(`/api/admin/reports/pact/report.csv?month=${month}&state=TX`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="pact-tx-${month}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    // Raw text: the name's comma and quotes are quoted, the formula starts with an apostrophe.
    expect(response.body).toContain('"Hale, ""Robin"""');
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    const [header, ...rows] = parseCsv(response.body).map((row) => row.cells);
    expect(header).toEqual(PACT_CSV_HEADER);
    expect(rows).toHaveLength(3);
    const mixed = rows.find((row) => row[0] === made.mixed);
    const cellOf = (name: string) => mixed?.[PACT_CSV_HEADER.indexOf(name)];
    expect(cellOf("Shipped on (UTC)")).toMatch(new RegExp(`^${month}-\\d{2}$`));
    expect(cellOf("Ship to name")).toBe(TEXAS.fullName);
    expect(cellOf("Address line 2")).toBe(TEXAS.line2);
    expect(cellOf("State")).toBe("TX");
    expect(cellOf("ZIP")).toBe("78701");
    expect(cellOf("Phone")).toBe("5125550199");
    expect(cellOf("Quantity")).toBe("3");
    expect(cellOf("Carrier")).toBe("UPS");
    expect(cellOf("Tracking number")).toMatch(/^1Z/);
    expect(cellOf("Order status")).toBe("Shipped");
    expect(rows.map((row) => row[0])).not.toContain(made.kratomOnly);
  });

  it("names a wholesale shipment's buyer licence, on the page and in the CSV; retail rows carry none (docs/decisions/102)", async () => {
    const licence = {
      businessName: "Mile High Vapes LLC",
      number: "CO-TOB-4471",
      state: "CO",
      expiresOn: "2099-12-31",
    };
    // The Colorado order stands for a wholesale account's order, as checkout records one.
    const mark = (wholesale: boolean) =>
      shop.app.db.kysely
        .updateTable("orders")
        .set({ channel: wholesale ? "wholesale" : "retail", buyer_licence: wholesale ? JSON.stringify(licence) : null })
        .where("number", "=", made.colorado)
        .execute();
    await mark(true);
    try {
      const [shipment] = (await report(month, "CO")).shipments;
      expect(shipment?.buyerLicence).toEqual(licence);
      expect((await report(month, "TX")).shipments.every((each) => each.buyerLicence === null)).toBe(true);

      const csv = async (state: string) =>
        parseCsv((await get(`/api/admin/reports/pact/report.csv?month=${month}&state=${state}`)).body).map(
          (row) => row.cells,
        );
      const cell = (row: string[] | undefined, name: string) => row?.[PACT_CSV_HEADER.indexOf(name)];
      const [, wholesaleRow] = await csv("CO");
      expect(cell(wholesaleRow, "Buyer's business (wholesale)")).toBe("Mile High Vapes LLC");
      expect(cell(wholesaleRow, "Buyer's licence number")).toBe("CO-TOB-4471");
      expect(cell(wholesaleRow, "Licence state")).toBe("CO");
      const [, ...retailRows] = await csv("TX");
      for (const row of retailRows) {
        expect(cell(row, "Buyer's licence number")).toBe("");
        expect(cell(row, "Order status")).not.toBe("");
      }
    } finally {
      await mark(false);
    }
  });

  it("refuses a month or state it cannot read with 400, in words", async () => {
    const cases: [query: string, field: string][] = [
      ["month=2026-13&state=TX", "month"],
      ["month=2026-1&state=TX", "month"],
      ["month=November&state=TX", "month"],
      ["month=2026-11&state=ZZ", "state"],
      ["month=2026-11", "state"],
    ];
    for (const [query, field] of cases) {
      for (const path of ["report", "report.csv"]) {
        const response = await get(`/api/admin/reports/pact/${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(Object.keys(response.json().fields ?? {}), query).toContain(field);
        expect(response.json().message).toMatch(/\w+ \w+/);
      }
    }
    expect((await get("/api/admin/reports/pact?state=XX")).statusCode).toBe(400);
  });
});

describe("access", () => {
  const urls = [
    "/api/admin/reports/pact",
    "/api/admin/reports/pact/report?month=2026-11&state=TX",
    "/api/admin/reports/pact/report.csv?month=2026-11&state=TX",
  ];

  it("declares the PACT routes for Managers and Owners", () => {
    const routes = shop.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/reports/pact"));
    expect(routes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      "GET /api/admin/reports/pact",
      "GET /api/admin/reports/pact/report",
      "GET /api/admin/reports/pact/report.csv",
    ]);
    for (const route of routes) expect(route.access, route.url).toBe("manager");
  });

  it("refuses anonymous callers (401) and customers (403), and lets staff read", async () => {
    for (const url of urls) {
      expect((await get(url, "")).statusCode, url).toBe(401);
      const customer = await get(url, sessions.customer);
      expect(customer.statusCode, url).toBe(403);
      expect(customer.body).not.toContain("Austin");
      expect((await get(url, sessions.manager)).statusCode, url).toBe(200);
    }
  });
});
