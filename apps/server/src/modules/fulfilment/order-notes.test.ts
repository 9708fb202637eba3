import type { AdminOrder, Order } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { postOrder } from "../../test/orders.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let buyer = "";
let staff = "";
let productId = "";

const place = (extra: Record<string, unknown> = {}) =>
  postOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }], ...extra });
const addNote = (number: string, payload: unknown, cookie: string | null = staff) =>
  shop.app.inject({
    method: "POST",
    url: `/api/admin/orders/${number}/notes`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const staffGet = async (number: string) => {
  const response = await shop.app.inject({
    method: "GET",
    url: `/api/admin/orders/${number}`,
    headers: { cookie: staff },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
};
const noteCount = () => shop.rowCount("order_notes");

async function placed(extra: Record<string, unknown> = {}): Promise<Order> {
  const response = await place(extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  await addAccount(shop.app, TEST_ADMIN, {
    id: "notes-buyer",
    email: "notes-buyer@shop.test",
    dateOfBirth: "1990-05-01",
  });
  await addAccount(shop.app, TEST_ADMIN, { id: "notes-staff", email: "packer@shop.test", role: "staff" });
  await shop.app.db.kysely
    .updateTable("users")
    .set({ first_name: "Pat", last_name: "Packer" })
    .where("id", "=", "notes-staff")
    .execute();
  buyer = await loginCookie(shop.app, "notes-buyer@shop.test", TEST_ADMIN.password);
  staff = await loginCookie(shop.app, "packer@shop.test", TEST_ADMIN.password);
  const product = await sellableProducts(shop.app).select("id").executeTakeFirstOrThrow();
  productId = product.id;
  await setOwnVariants(shop.app.db.kysely, { stock: 1000 }, [productId]);
});
afterAll(() => shop.close());

describe("the buyer's note at checkout", () => {
  it("is kept trimmed on the order, for staff and for the buyer's own order", async () => {
    const order = await placed({ buyerNote: "  Please leave it with the concierge.\n" });
    expect(order.buyerNote).toBe("Please leave it with the concierge.");
    expect((await staffGet(order.number)).buyerNote).toBe("Please leave it with the concierge.");
  });

  it("left out or blank is no note", async () => {
    expect((await placed()).buyerNote).toBeNull();
    expect((await placed({ buyerNote: "   " })).buyerNote).toBeNull();
  });

  it("longer than 500 characters, or not text, is refused beside the field and no order is placed", async () => {
    const before = await shop.rowCount("orders");
    const long = await place({ buyerNote: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ buyerNote: "must be at most 500 characters" });
    const number = await place({ buyerNote: 42 });
    expect(number.statusCode).toBe(400);
    expect(number.json().fields).toEqual({ buyerNote: "must be text" });
    expect(await shop.rowCount("orders")).toBe(before);
  });
});

describe("POST /api/admin/orders/:number/notes", () => {
  it("adds staff's notes, oldest first, each with who wrote it and when", async () => {
    const order = await placed();
    const first = await addNote(order.number, { body: "  Buyer called: gift wrap please.  " });
    expect(first.statusCode, first.body).toBe(200);
    const second = await addNote(order.number.toLowerCase(), { body: "Wrapped.\nReady to pack." });
    expect(second.statusCode, second.body).toBe(200);
    const notes = (second.json() as AdminOrder).notes;
    expect(notes.map((note) => [note.body, note.authorName])).toEqual([
      ["Buyer called: gift wrap please.", "Pat Packer"],
      ["Wrapped.\nReady to pack.", "Pat Packer"],
    ]);
    for (const note of notes) expect(Date.now() - Date.parse(note.createdAt)).toBeLessThan(60_000);
    expect((await staffGet(order.number)).notes).toEqual(notes);
  });

  it("are internal: the buyer's own order never carries them", async () => {
    const order = await placed();
    expect((await addNote(order.number, { body: "Internal: check the address by phone." })).statusCode).toBe(200);
    const own = await shop.app.inject({
      method: "GET",
      url: `/api/account/orders/${order.number}`,
      headers: { cookie: buyer },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain("check the address by phone");
    expect(own.json()).not.toHaveProperty("notes");
    const list = await shop.app.inject({ method: "GET", url: "/api/account/orders", headers: { cookie: buyer } });
    expect(list.body).not.toContain("check the address by phone");
  });

  it("refuses an empty, blank, missing, too long or padded-out note in words, and writes nothing", async () => {
    const order = await placed();
    const before = await noteCount();
    for (const [payload, fields] of [
      [{ body: "" }, { body: "Please write the note." }],
      [{ body: " \n\t " }, { body: "Please write the note." }],
      [{}, { body: "Please write the note." }],
      [{ body: "x".repeat(2001) }, { body: "must be at most 2000 characters" }],
    ] as const) {
      const response = await addNote(order.number, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields, JSON.stringify(payload)).toEqual(fields);
      expect(response.json().message).toEqual(expect.any(String));
    }
    // Strict: who wrote it and when come from the session and the clock, never from the request.
    const forged = await addNote(order.number, { body: "Hello", authorName: "Someone else" });
    expect(forged.statusCode).toBe(400);
    expect(await noteCount()).toBe(before);
    expect((await staffGet(order.number)).notes).toEqual([]);
  });

  it("answers 404 in words for an order that does not exist", async () => {
    const response = await addNote("ZZZZ-ZZZZ", { body: "Lost?" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("Order ZZZZ-ZZZZ was not found.");
  });

  it("takes notes whatever the status, a cancelled order's too", async () => {
    const order = await placed();
    const cancelled = await shop.app.inject({
      method: "POST",
      url: `/api/account/orders/${order.number}/cancel`,
      headers: { cookie: buyer },
    });
    expect(cancelled.statusCode).toBe(200);
    const response = await addNote(order.number, { body: "Buyer changed their mind." });
    expect(response.statusCode).toBe(200);
    expect((response.json() as AdminOrder).notes.map((note) => note.body)).toEqual(["Buyer changed their mind."]);
  });

  it("is refused to anonymous callers (401) and to customers, the order's own buyer too (403)", async () => {
    const order = await placed();
    const before = await noteCount();
    const anonymous = await addNote(order.number, { body: "Sneaky" }, null);
    expect(anonymous.statusCode).toBe(401);
    const customer = await addNote(order.number, { body: "Sneaky" }, buyer);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toEqual(expect.any(String));
    expect(await noteCount()).toBe(before);
    const route = shop.app.routeAccess.find(
      (entry) => entry.method === "POST" && entry.url === "/api/admin/orders/:number/notes",
    );
    expect(route?.access).toBe("staff");
  });
});
