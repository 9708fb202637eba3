import type { Order, StockHistory } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, multipart, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, postOrder } from "../../test/orders.ts";
import { productStock, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let staff = "";
let buyer = "";
let categoryId = "";

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  await shop.app.db.kysely.updateTable("users").set({ first_name: "Olive", last_name: "Owner" }).execute();
  await addAccount(shop.app, TEST_ADMIN, {
    id: "stock-buyer",
    email: "stock-buyer@shop.test",
    dateOfBirth: "1990-05-01",
  });
  buyer = await loginCookie(shop.app, "stock-buyer@shop.test", TEST_ADMIN.password);
  categoryId = (await shop.app.inject({ url: "/api/MasterCategory" })).json()[0].id;
});
afterAll(() => shop.close());

const db = () => shop.app.db.kysely;

const productForm = (name: string, extra: Record<string, string> = {}) => ({
  ProductName: name,
  ProductType: "Disposable",
  Description: "A product of the stock tests.",
  MasterCategoryId: categoryId,
  SellingPricePCS: "9.99",
  DeliveryAvailable: "true",
  Active: "true",
  ...extra,
});

async function createProduct(name: string, stock: number): Promise<string> {
  const response = await shop.app.inject({
    method: "POST",
    url: "/api/Product",
    ...multipart(productForm(name, { Stock: String(stock) }), staff),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function editProduct(id: string, name: string, extra: Record<string, string> = {}) {
  return shop.app.inject({ method: "PUT", url: `/api/Product/${id}`, ...multipart(productForm(name, extra), staff) });
}

const adjust = (id: string, payload: unknown, cookie = staff) =>
  shop.app.inject({
    method: "POST",
    url: `/api/admin/products/${id}/stock-adjustments`,
    headers: { cookie },
    payload: payload as object,
  });

const history = async (id: string, page = 1) => {
  const response = await shop.app.inject({
    url: `/api/admin/products/${id}/stock-movements?page=${page}`,
    headers: { cookie: staff },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StockHistory;
};

const stockOf = (id: string) => productStock(shop.app, id);

/** The count is explained: the product's movements add up to its stock, and the last one says what it left. */
async function expectExplained(id: string): Promise<void> {
  const stock = await stockOf(id);
  const rows = await db().selectFrom("stock_movements").selectAll().where("product_id", "=", id).execute();
  expect(rows.reduce((sum, row) => sum + row.change, 0)).toBe(stock);
}

const place = (productId: string, quantity: number) => postOrder(shop.app, buyer, { lines: [{ productId, quantity }] });

const staffPost = (number: string, path: string, payload: object) =>
  orderAction(shop.app, staff, number, path, payload);

describe("every stock change is a movement, and a product's movements add up to its stock", () => {
  it("the demo shop's products start with their opening count", async () => {
    const products = await db().selectFrom("products").select(["id", "stock"]).execute();
    expect(products.length).toBeGreaterThan(10);
    for (const product of products) await expectExplained(product.id);
    const kinds = await db().selectFrom("stock_movements").select("kind").distinct().execute();
    expect(kinds.map((row) => row.kind)).toEqual(["initial"]);
  });

  it("a product made by staff starts with its count, by whom; an edit that changes the count is an adjustment of the difference", async () => {
    const id = await createProduct("Stock Ledger Alpha", 12);
    let seen = await history(id);
    expect(seen.stock).toBe(12);
    expect(seen.items).toEqual([
      expect.objectContaining({
        kind: "initial",
        change: 12,
        stockAfter: 12,
        actorName: "Olive Owner",
        orderNumber: null,
      }),
    ]);

    // An edit that leaves out the count, or gives the same count, moves nothing.
    expect((await editProduct(id, "Stock Ledger Alpha")).statusCode).toBe(200);
    expect((await editProduct(id, "Stock Ledger Alpha", { Stock: "12" })).statusCode).toBe(200);
    expect((await history(id)).items).toHaveLength(1);

    const edited = await editProduct(id, "Stock Ledger Alpha", { Stock: "20" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().fields.Stock).toBe("20");
    seen = await history(id);
    expect(seen.items[0]).toMatchObject({
      kind: "adjustment",
      change: 8,
      stockAfter: 20,
      note: "Set to 20 on the product form",
      actorName: "Olive Owner",
    });
    await expectExplained(id);
  });

  it("orders take stock, cancellations and refunds give it back, each naming the order", async () => {
    const id = await createProduct("Stock Ledger Orders", 30);
    const placed = async (quantity: number) => {
      const response = await place(id, quantity);
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Order;
    };
    const byBuyer = await placed(2);
    const byStaff = await placed(3);
    const refunded = await placed(4);
    expect(await stockOf(id)).toBe(21);

    const cancelled = await shop.app.inject({
      method: "POST",
      url: `/api/account/orders/${byBuyer.number}/cancel`,
      headers: { cookie: buyer },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await staffPost(byStaff.number, "status", { action: "cancel" })).statusCode).toBe(200);
    const today = dayOf(new Date());
    const payment = { amountCents: refunded.totalCents, method: "Zelle", receivedOn: today };
    expect((await staffPost(refunded.number, "payments", payment)).statusCode).toBe(200);
    const refund = await staffPost(refunded.number, "refund", payment);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await stockOf(id)).toBe(30);

    const seen = await history(id);
    const line = (kind: string, number: string) =>
      seen.items.filter((item) => item.kind === kind && item.orderNumber === number).map((item) => item.change);
    expect(line("order", byBuyer.number)).toEqual([-2]);
    expect(line("cancellation", byBuyer.number)).toEqual([2]);
    expect(line("order", byStaff.number)).toEqual([-3]);
    expect(line("cancellation", byStaff.number)).toEqual([3]);
    expect(line("order", refunded.number)).toEqual([-4]);
    expect(line("refund", refunded.number)).toEqual([4]);
    // Who: the buyer placed and cancelled their own; staff cancelled and refunded the others.
    const cancelledByStaff = seen.items.find(
      (item) => item.kind === "cancellation" && item.orderNumber === byStaff.number,
    );
    expect(cancelledByStaff?.actorName).toBe("Olive Owner");
    // Newest first: the refund is the last thing that happened.
    expect(seen.items[0]).toMatchObject({ kind: "refund", stockAfter: 30 });
    await expectExplained(id);
  });
});

describe("a count set on the product form while orders come in", () => {
  it("records the difference it made, so the movements still add up", async () => {
    const id = await createProduct("Stock Ledger Race", 100);
    const [edit, ...orders] = await Promise.all([
      editProduct(id, "Stock Ledger Race", { Stock: "50" }),
      ...Array.from({ length: 8 }, () => place(id, 1)),
    ]);
    expect(edit?.statusCode, edit?.body).toBe(200);
    expect(orders.map((order) => order.statusCode)).toEqual(orders.map(() => 201));
    const set = await db()
      .selectFrom("stock_movements")
      .selectAll()
      .where("product_id", "=", id)
      .where("kind", "=", "adjustment")
      .executeTakeFirstOrThrow();
    expect(set.stock_after).toBe(50);
    // The set took the count to 50 from whatever the orders before it had left (100 − k), and the
    // orders after it took the rest: 100 − 8 + (50 − (100 − k)) = 50 − (8 − k).
    const final = await stockOf(id);
    expect(final).toBe(100 - 8 + set.change);
    expect(50 - final).toBeGreaterThanOrEqual(0);
    expect(50 - final).toBeLessThanOrEqual(8);
    await expectExplained(id);
  });
});

describe("staff adjust stock with a reason", () => {
  it("adds and takes pieces, answers the stock and history newest first, and names who and why", async () => {
    const id = await createProduct("Stock Ledger Beta", 5);
    const added = await adjust(id, { change: 7, reason: "  Delivery from the supplier  " });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ stock: 12, total: 2, page: 1 });
    expect(added.json().items[0]).toMatchObject({
      kind: "adjustment",
      change: 7,
      stockAfter: 12,
      note: "Delivery from the supplier",
      actorName: "Olive Owner",
    });
    const taken = await adjust(id, { change: -2, reason: "Two broken in the store" });
    expect(taken.statusCode).toBe(201);
    expect(taken.json().items.map((item: { change: number }) => item.change)).toEqual([-2, 7, 5]);
    await expectExplained(id);
  });

  it("refuses to go below zero in words, beside the field, and changes nothing", async () => {
    const id = await createProduct("Stock Ledger Gamma", 3);
    const response = await adjust(id, { change: -4, reason: "Stock count" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: "Only 3 in stock: taking 4 would leave fewer than zero.",
      fields: { change: "can take at most 3" },
    });
    expect(await stockOf(id)).toBe(3);
    expect((await history(id)).items).toHaveLength(1);
    // Down to exactly zero is fine.
    expect((await adjust(id, { change: -3, reason: "Sold at a fair" })).json().stock).toBe(0);
  });

  it("refuses bad input with a reason per field and changes nothing", async () => {
    const id = await createProduct("Stock Ledger Delta", 4);
    const bad: [unknown, string][] = [
      [{ change: 2 }, "reason"],
      [{ change: 2, reason: "   " }, "reason"],
      [{ change: 0, reason: "Nothing" }, "change"],
      [{ change: 1.5, reason: "Half" }, "change"],
      [{ change: "2", reason: "Text" }, "change"],
      [{ change: 1e9, reason: "Too many" }, "change"],
      [{ change: 2, reason: "x".repeat(301) }, "reason"],
    ];
    for (const [payload, field] of bad) {
      const response = await adjust(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect((await adjust(id, { change: 1, reason: "ok", stockAfter: 99 })).statusCode).toBe(400);
    expect(await stockOf(id)).toBe(4);
    expect((await history(id)).items).toHaveLength(1);
    const missing = await adjust("00000000-0000-7000-8000-000000000000", { change: 1, reason: "Count" });
    expect(missing.statusCode).toBe(404);
  });

  it("are for staff only: anonymous 401, customers 403", async () => {
    const id = await createProduct("Stock Ledger Epsilon", 4);
    for (const [cookie, status] of [
      ["", 401],
      [buyer, 403],
    ] as const) {
      expect((await adjust(id, { change: 1, reason: "Count" }, cookie)).statusCode).toBe(status);
      const read = await shop.app.inject({ url: `/api/admin/products/${id}/stock-movements`, headers: { cookie } });
      expect(read.statusCode).toBe(status);
    }
    expect(await stockOf(id)).toBe(4);
  });

  it("adjustments at once all apply (no lost update); taking at once never goes below zero", async () => {
    const id = await createProduct("Stock Ledger Zeta", 10);
    const changes = Array.from({ length: 20 }, (_, index) => (index % 4 === 0 ? -1 : 2));
    const answers = await Promise.all(changes.map((change) => adjust(id, { change, reason: `Parallel ${change}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(changes.map(() => 201));
    expect(await stockOf(id)).toBe(10 + changes.reduce((sum, change) => sum + change, 0));
    await expectExplained(id);

    const scarce = await createProduct("Stock Ledger Eta", 5);
    const takes = await Promise.all(Array.from({ length: 12 }, () => adjust(scarce, { change: -1, reason: "Rush" })));
    const statuses = takes.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(await stockOf(scarce)).toBe(0);
    await expectExplained(scarce);
  });

  it("the history comes a page at a time, newest first", async () => {
    const id = await createProduct("Stock Ledger Theta", 1);
    for (let n = 1; n <= 24; n++) expect((await adjust(id, { change: 1, reason: `Found ${n}` })).statusCode).toBe(201);
    const first = await history(id, 1);
    const second = await history(id, 2);
    expect(first).toMatchObject({ stock: 25, total: 25, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.note).toBe("Found 24");
    expect(second.items.map((item) => item.note)).toEqual([
      "Found 4",
      "Found 3",
      "Found 2",
      "Found 1",
      "Count when the product was created",
    ]);
    expect(
      (await shop.app.inject({ url: `/api/admin/products/${id}/stock-movements?page=0`, headers: { cookie: staff } }))
        .statusCode,
    ).toBe(400);
  });
});

describe("low stock on the dashboard home", () => {
  it("lists active products at or under the threshold setting, fewest first; the threshold is not public", async () => {
    const overview = async () => {
      const response = await shop.app.inject({ url: "/api/admin/overview", headers: { cookie: staff } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().lowStock as { threshold: number; items: { id: string; stock: number }[] };
    };
    expect((await overview()).threshold).toBe(5);
    // Make the demo's products plentiful, so the list holds only this test's products.
    await setOwnVariants(db(), { stock: 1000 });
    const two = await createProduct("Low Stock Two", 2);
    const none = await createProduct("Low Stock None", 0);
    const six = await createProduct("Low Stock Six", 6);
    const inactive = await createProduct("Low Stock Hidden", 1);
    expect((await editProduct(inactive, "Low Stock Hidden", { Active: "false" })).statusCode).toBe(200);
    expect((await overview()).items.map((item) => [item.id, item.stock])).toEqual([
      [none, 0],
      [two, 2],
    ]);
    const saved = await shop.app.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { cookie: staff },
      payload: { lowStockThreshold: 6 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await overview()).items.map((item) => item.id)).toEqual([none, two, six]);
    expect(await shop.app.services.settings.getPublic()).not.toHaveProperty("lowStockThreshold");
  });
});
