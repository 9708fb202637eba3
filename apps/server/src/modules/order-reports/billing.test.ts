import type { BillingInvoice, BillingList, BillingPayment } from "@shop/shared";
import { CSV_BOM, parseCsv } from "@shop/shared/csv";
import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BATCH } from "../../lib/csv.ts";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let staff = "";
let customer = "";
let adminId = "";
let adminName = "";

interface Seed {
  number: string;
  name: string;
  email: string;
  totalCents: number;
  method: string;
  status: string;
  createdAt: string;
  money?: {
    kind: "payment" | "refund";
    amountCents: number;
    on: string;
    reference?: string;
    method?: string;
    status?: "declined" | "failed";
  }[];
}

let seq = 0;
const id = () => `bill-${String(++seq).padStart(6, "0")}`;

/** Orders as the orders service leaves them, written straight in: Billing reads them, it does not make them. */
async function seed(orders: Seed[]): Promise<void> {
  const db = shop.app.db.kysely;
  const rows = orders.map((order) => ({
    id: id(),
    number: order.number,
    user_id: "billing-buyer",
    status: order.status,
    email: order.email,
    fulfilment: "ship" as const,
    ship_full_name: order.name,
    ship_line1: "12 Elm Street",
    ship_city: "Austin",
    ship_state: "TX",
    ship_zip: "78701",
    payment_method_id: order.method.toLowerCase().replace(/\W+/g, "-"),
    payment_method_name: order.method,
    payment_instructions: "Pay us",
    total_cents: order.totalCents,
    customer_name: order.name,
    created_at: order.createdAt,
    updated_at: order.createdAt,
  }));
  // One line that costs the order's total, so that the total is its lines plus its (no) adjustments.
  const lines = rows.map((row) => ({
    id: `${row.id}-line`,
    order_id: row.id,
    position: 0,
    product_id: "billing-product",
    variant_id: "billing-product",
    name: "Billed goods",
    sku: "BILL-1",
    unit: "piece",
    unit_price_cents: row.total_cents,
    quantity: 1,
    pieces_per_unit: 1,
    line_total_cents: row.total_cents,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("orders")
        .values(rows.slice(start, start + 500))
        .execute();
      await trx
        .insertInto("order_lines")
        .values(lines.slice(start, start + 500))
        .execute();
    });
  }
  const payments = orders.flatMap((order, index) =>
    (order.money ?? []).map((money) => ({
      id: id(),
      order_id: rows[index]?.id as string,
      kind: money.kind,
      amount_cents: money.amountCents,
      method: money.method ?? order.method,
      reference: money.reference ?? null,
      received_on: money.on,
      status: money.status ?? ("succeeded" as const),
      actor_id: adminId,
      created_at: `${money.on}T12:00:00.000Z`,
    })),
  );
  if (payments.length > 0) await db.insertInto("order_payments").values(payments).execute();
}

const get = (url: string, cookie = staff) => shop.app.inject({ url, headers: cookie ? { cookie } : {} });
const list = async (query: string) => {
  const response = await get(`/api/admin/billing?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BillingList;
};
const numbers = (page: BillingList) => page.items.map((item) => item.number);

/** A CSV download read back into rows of cells, after the byte order mark Excel needs. */
function csvRows(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  return parseCsv(text).map((row) => row.cells);
}

beforeAll(async () => {
  shop = await createTestApp({
    demoData: false,
    env: TEST_ADMIN_ENV,
  });
  // The shop cancels long-unpaid orders once it is ready; let that run finish before this file
  // writes March's unpaid order, or it may be cancelled under the test (seen on PostgreSQL).
  await shop.app.ready();
  await shop.app.services.background.settled();
  await addAccount(shop.app, TEST_ADMIN, { id: "billing-buyer", email: "buyer@shop.test", dateOfBirth: "1990-01-01" });
  customer = await loginCookie(shop.app, "buyer@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const admin = await shop.app.db.kysely
    .selectFrom("users")
    .where("email", "=", TEST_ADMIN.email)
    .selectAll()
    .executeTakeFirstOrThrow();
  adminId = admin.id;
  adminName = `${admin.first_name} ${admin.last_name}`.trim() || admin.email;
  await seed([
    {
      number: "UNPD-0001",
      name: "Robin Hale",
      email: "robin@shop.test",
      totalCents: 5000,
      method: "Zelle",
      status: "awaiting_payment",
      createdAt: "2026-03-01T10:00:00.000Z",
      money: [{ kind: "payment", amountCents: 5000, on: "2026-03-02", status: "failed" }],
    },
    {
      number: "PAID-0002",
      name: '=HYPERLINK("http://evil.test","click")',
      email: "eve@shop.test",
      totalCents: 12345,
      method: "Bank transfer",
      status: "shipped",
      createdAt: "2026-03-05T10:00:00.000Z",
      money: [
        { kind: "payment", amountCents: 12345, on: "2026-03-06", reference: "+1 555 0100" },
        // An attempt the provider declined: a record, never money.
        { kind: "refund", amountCents: 12345, on: "2026-03-07", status: "declined" },
      ],
    },
    {
      number: "REFD-0003",
      name: "Hale, Jordan",
      email: "jordan@shop.test",
      totalCents: 2000,
      method: "Zelle",
      status: "refunded",
      createdAt: "2026-03-10T10:00:00.000Z",
      money: [
        { kind: "payment", amountCents: 2000, on: "2026-03-10", reference: 'Memo "March"' },
        { kind: "refund", amountCents: 500, on: "2026-03-12" },
      ],
    },
    {
      number: "CANC-0004",
      name: "Casey Void",
      email: "casey@shop.test",
      totalCents: 7000,
      method: "Zelle",
      status: "cancelled",
      createdAt: "2026-03-11T10:00:00.000Z",
    },
    {
      number: "CNPD-0005",
      name: "Dana Paid",
      email: "dana@shop.test",
      totalCents: 3000,
      method: "Money order",
      status: "cancelled",
      createdAt: "2026-03-15T10:00:00.000Z",
      money: [{ kind: "payment", amountCents: 3000, on: "2026-03-14" }],
    },
  ]);
});
afterAll(() => shop.close());

describe("GET /api/admin/billing: invoices", () => {
  it("lists every order as its invoice, newest first, with the money on it and the filtered set's totals", async () => {
    const page = await list("");
    expect(page.view).toBe("invoices");
    // A cancelled order nothing was paid for owes nothing: it is not an invoice (decision 033).
    expect(numbers(page)).toEqual(["CNPD-0005", "REFD-0003", "PAID-0002", "UNPD-0001"]);
    expect(page.total).toBe(4);
    expect(page.totals).toEqual({ billedCents: 22345, receivedCents: 17345, refundedCents: 500 });
    expect(page.methods).toEqual(["Bank transfer", "Money order", "Zelle"]);
    const refunded = page.items.find((item) => item.number === "REFD-0003") as BillingInvoice;
    expect(refunded).toEqual({
      number: "REFD-0003",
      customerName: "Hale, Jordan",
      email: "jordan@shop.test",
      totalCents: 2000,
      paidCents: 2000,
      refundedCents: 500,
      method: "Zelle",
      status: "refunded",
      orderStatus: "refunded",
      orderedAt: "2026-03-10T10:00:00.000Z",
      paidOn: "2026-03-10",
      dueOn: null,
    });
  });

  it("derives the billing status from the money recorded: unpaid, paid (a paid order cancelled without a refund too), refunded", async () => {
    const byStatus = async (status: string) => {
      const page = await list(`status=${status}`);
      expect(page.items.every((item) => (item as BillingInvoice).status === status)).toBe(true);
      return page;
    };
    const unpaid = await byStatus("unpaid");
    expect(numbers(unpaid)).toEqual(["UNPD-0001"]);
    expect(unpaid.totals).toEqual({ billedCents: 5000, receivedCents: 0, refundedCents: 0 });
    expect((unpaid.items[0] as BillingInvoice).paidOn).toBeNull();
    const paid = await byStatus("paid");
    expect(numbers(paid)).toEqual(["CNPD-0005", "PAID-0002"]);
    expect(paid.totals).toEqual({ billedCents: 15345, receivedCents: 15345, refundedCents: 0 });
    expect(numbers(await byStatus("refunded"))).toEqual(["REFD-0003"]);
  });

  it("filters by method and order date, searches number, e-mail and name, sorts by amount and pages", async () => {
    expect(numbers(await list("method=Zelle"))).toEqual(["REFD-0003", "UNPD-0001"]);
    expect(numbers(await list("from=2026-03-05&to=2026-03-10"))).toEqual(["REFD-0003", "PAID-0002"]);
    expect(numbers(await list("q=paid-0002"))).toEqual(["PAID-0002"]);
    expect(numbers(await list("q=EVE%40SHOP"))).toEqual(["PAID-0002"]);
    expect(numbers(await list("q=hale"))).toEqual(["REFD-0003", "UNPD-0001"]);
    // LIKE's wildcards are searched for as text.
    expect(numbers(await list("q=%25"))).toEqual([]);
    expect(numbers(await list("q=_"))).toEqual([]);
    expect(numbers(await list("sort=amount_desc"))).toEqual(["PAID-0002", "UNPD-0001", "CNPD-0005", "REFD-0003"]);
    expect(numbers(await list("sort=oldest&status=paid"))).toEqual(["PAID-0002", "CNPD-0005"]);
    const past = await list("page=2");
    expect(past.items).toEqual([]);
    expect(past.total).toBe(4);
    expect(past.totals).toMatchObject({ billedCents: 22345 });
  });
});

describe("GET /api/admin/billing?view=payments", () => {
  it("lists each payment and refund with its order, buyer, reference, day received and who recorded it", async () => {
    const page = await list("view=payments");
    expect(page.view).toBe("payments");
    const items = page.items as BillingPayment[];
    expect(items.map((item) => [item.number, item.kind, item.amountCents])).toEqual([
      ["CNPD-0005", "payment", 3000],
      ["REFD-0003", "refund", 500],
      ["REFD-0003", "payment", 2000],
      ["PAID-0002", "payment", 12345],
    ]);
    expect(items[3]).toMatchObject({
      customerName: '=HYPERLINK("http://evil.test","click")',
      email: "eve@shop.test",
      method: "Bank transfer",
      reference: "+1 555 0100",
      receivedOn: "2026-03-06",
      recordedBy: adminName,
      recordedAt: "2026-03-06T12:00:00.000Z",
    });
    expect(page.totals).toEqual({ billedCents: 0, receivedCents: 17345, refundedCents: 500 });
  });

  it("filters by kind, method and the day received, and searches", async () => {
    const refunds = await list("view=payments&kind=refund");
    expect(numbers(refunds)).toEqual(["REFD-0003"]);
    expect(refunds.totals).toEqual({ billedCents: 0, receivedCents: 0, refundedCents: 500 });
    expect(numbers(await list("view=payments&method=Zelle&kind=payment"))).toEqual(["REFD-0003"]);
    expect(numbers(await list("view=payments&from=2026-03-06&to=2026-03-10"))).toEqual(["REFD-0003", "PAID-0002"]);
    expect(numbers(await list("view=payments&q=dana"))).toEqual(["CNPD-0005"]);
    expect(numbers(await list("view=payments&sort=amount_asc"))).toEqual([
      "REFD-0003",
      "REFD-0003",
      "CNPD-0005",
      "PAID-0002",
    ]);
  });
});

describe("the billing query", () => {
  it("refuses what it does not know, in words", async () => {
    const cases: [string, string][] = [
      ["status=owed", "status"],
      ["view=payments&status=paid", "status"],
      ["kind=refund", "kind"],
      ["from=2026-03-10&to=2026-03-01", "to"],
      ["from=yesterday", "from"],
      ["sort=sideways", "sort"],
      ["page=0", "page"],
      ["limit=1000", ""],
      [`q=${"x".repeat(101)}`, "q"],
    ];
    for (const [query, field] of cases) {
      for (const path of ["/api/admin/billing", "/api/admin/billing.csv"]) {
        const response = await get(`${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        const body = response.json();
        expect(body.message, query).toMatch(/\w+ \w+/);
        if (field) expect(Object.keys(body.fields ?? {}), query).toContain(field);
      }
    }
  });

  it("is for staff only: 401 signed out, 403 to a customer", async () => {
    for (const path of ["/api/admin/billing", "/api/admin/billing.csv", "/api/admin/billing?view=payments"]) {
      expect((await get(path, "")).statusCode, path).toBe(401);
      const refused = await get(path, customer);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.body).not.toContain("HALE");
      expect(refused.body).not.toContain("robin@");
    }
  });
});

describe("GET /api/admin/billing.csv", () => {
  it("exports the filtered invoices with quoting, money in dollars, ISO dates and a dated file name", async () => {
    const response = await get("/api/admin/billing.csv?status=paid&sort=oldest");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const today = dayOf(new Date());
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="billing-invoices-${today}.csv"`);
    expect(response.body).toContain("\r\n");
    expect(csvRows(response.body)).toEqual([
      [
        "Invoice",
        "Order date",
        "Customer",
        "E-mail",
        "Total",
        "Paid",
        "Refunded",
        "Payment method",
        "Billing status",
        "Order status",
        "Paid on",
      ],
      [
        "PAID-0002",
        "2026-03-05T10:00:00.000Z",
        // Read back as the buyer typed it; the raw text below carries the apostrophe that makes a
        // spreadsheet show the formula, never run it.
        `=HYPERLINK("http://evil.test","click")`,
        "eve@shop.test",
        "123.45",
        "123.45",
        "0.00",
        "Bank transfer",
        "Paid",
        "Shipped",
        "2026-03-06",
      ],
      [
        "CNPD-0005",
        "2026-03-15T10:00:00.000Z",
        "Dana Paid",
        "dana@shop.test",
        "30.00",
        "30.00",
        "0.00",
        "Money order",
        "Paid",
        "Cancelled",
        "2026-03-14",
      ],
    ]);
    // The raw text: a comma and quotes are quoted, the formula's cell too.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    const names = await get("/api/admin/billing.csv?q=hale");
    expect(names.body).toContain(`REFD-0003,2026-03-10T10:00:00.000Z,"Hale, Jordan",`);
  });

  it("exports payments with who recorded them, references defused and quoted", async () => {
    const response = await get("/api/admin/billing.csv?view=payments&sort=oldest");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="billing-payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual([
      "Order",
      "Type",
      "Customer",
      "E-mail",
      "Amount",
      "Method",
      "Provider",
      "Reference",
      "Received on",
      "Recorded by",
      "Recorded at",
    ]);
    // A reference that starts like a formula is defused in the file and read back as it was typed.
    expect(response.body).toContain(",'+1 555 0100,");
    expect(rows.slice(1).map((row) => [row[0], row[1], row[4], row[5], row[6], row[7], row[8], row[9]])).toEqual([
      ["PAID-0002", "Payment", "123.45", "Bank transfer", "manual", "+1 555 0100", "2026-03-06", adminName],
      ["REFD-0003", "Payment", "20.00", "Zelle", "manual", 'Memo "March"', "2026-03-10", adminName],
      ["REFD-0003", "Refund", "5.00", "Zelle", "manual", "", "2026-03-12", adminName],
      ["CNPD-0005", "Payment", "30.00", "Money order", "manual", "", "2026-03-14", adminName],
    ]);
  });

  it("exports every page of a large filtered set, in batches, each row once and in order", async () => {
    const many = CSV_BATCH + 150;
    await seed(
      Array.from({ length: many }, (_, index) => ({
        number: `BULK-${String(index).padStart(5, "0")}`,
        name: "Bulk Buyer",
        email: "bulk@shop.test",
        totalCents: 100 + (index % 7),
        method: "Zelle",
        status: "awaiting_payment",
        // Many share a moment, so the batches must continue past ties by id.
        createdAt: `2026-04-0${1 + (index % 3)}T09:00:00.000Z`,
      })),
    );
    for (const sort of ["newest", "amount_asc"]) {
      const response = await get(`/api/admin/billing.csv?q=bulk%40shop&sort=${sort}&page=3`);
      expect(response.statusCode).toBe(200);
      const rows = csvRows(response.body).slice(1);
      expect(rows).toHaveLength(many);
      expect(new Set(rows.map((row) => row[0])).size).toBe(many);
      const keys = rows.map((row) => (sort === "newest" ? (row[1] as string) : Number(row[4])));
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(keys).toEqual(sort === "newest" ? sorted.reverse() : sorted);
    }
    const page = await list("q=bulk%40shop");
    expect(page.total).toBe(many);
    expect(page.items).toHaveLength(25);
  });
});
