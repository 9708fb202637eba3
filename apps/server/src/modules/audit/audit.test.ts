import type { AuditEntry, AuditPage } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  addAccount,
  KRATOM_ALABAMA,
  loginCookie,
  multipart,
  sessionsOfEveryRole,
  TEST_ADMIN,
  TEST_ADMIN_ENV,
} from "../../test/forms.ts";
import { payOrder, placeOrder } from "../../test/orders.ts";
import { sellableProducts, setOwnVariants } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createAuditRepository } from "./repository.ts";

let shop: TestApp;
let sessions: { customer: string; staff: string; manager: string; owner: string };
let buyer = "";
let productId = "";
let categoryId = "";

const today = dayOf(new Date());

const send = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  cookie = sessions.staff,
) => shop.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });

async function log(query = ""): Promise<AuditPage> {
  const response = await send("GET", `/api/admin/audit?${query}`, undefined, sessions.owner);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The newest entry about a subject. */
async function latest(subjectId: string, kind?: string): Promise<AuditEntry | undefined> {
  return (await log(kind ? `kind=${kind}` : "")).items.find((entry) => entry.subjectId === subjectId);
}

const entryCount = () => shop.rowCount("audit_entries");

const productForm = (overrides: Record<string, string> = {}) => ({
  ProductName: "Audit Test Mango",
  ProductType: "Disposable",
  Description: "A mango disposable.",
  MasterCategoryId: categoryId,
  Price: "24.99",
  SellingPricePCS: "19.99",
  Stock: "10",
  Active: "true",
  ...overrides,
});

beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  sessions = await sessionsOfEveryRole(shop.app, TEST_ADMIN);
  await shop.app.db.kysely
    .updateTable("users")
    .set({ first_name: "Sam", last_name: "Staff" })
    .where("id", "=", "user-staff")
    .execute();
  sessions.staff = await loginCookie(shop.app, "staff@shop.test", TEST_ADMIN.password);
  // Settings and rules are a Manager's to change (docs/decisions/077).
  await shop.app.db.kysely
    .updateTable("users")
    .set({ first_name: "Mia", last_name: "Manager" })
    .where("id", "=", "user-manager")
    .execute();
  await addAccount(shop.app, TEST_ADMIN, {
    id: "audit-buyer",
    email: "audit-buyer@shop.test",
    dateOfBirth: "1990-05-01",
  });
  buyer = await loginCookie(shop.app, "audit-buyer@shop.test", TEST_ADMIN.password);
  productId = (await sellableProducts(shop.app).select("id").executeTakeFirstOrThrow()).id;
  await setOwnVariants(shop.app.db.kysely, { stock: 1000 }, [productId]);
  categoryId = (await shop.app.inject({ url: "/api/MasterCategory" })).json()[0].id;
});
afterAll(() => shop.close());
afterEach(() => vi.restoreAllMocks());

describe("the audit log's access", () => {
  it("is for Owners only: visitors 401, customers, Staff and Managers 403", async () => {
    expect((await send("GET", "/api/admin/audit", undefined, "")).statusCode).toBe(401);
    expect((await send("GET", "/api/admin/audit", undefined, sessions.customer)).statusCode).toBe(403);
    expect((await send("GET", "/api/admin/audit", undefined, sessions.staff)).statusCode).toBe(403);
    expect((await send("GET", "/api/admin/audit", undefined, sessions.manager)).statusCode).toBe(403);
    expect((await send("GET", "/api/admin/audit", undefined, sessions.owner)).statusCode).toBe(200);
    const routes = shop.app.routeAccess.filter((route) => route.url.startsWith("/api/admin/audit"));
    expect(routes).toEqual([{ method: "GET", url: "/api/admin/audit", access: "owner" }]);
  });

  it("has no way to edit or delete an entry: no route, and the repository only adds", async () => {
    for (const method of ["PUT", "PATCH", "DELETE", "POST"] as const) {
      const response = await send(method, "/api/admin/audit", {}, sessions.owner);
      expect(response.statusCode, method).toBe(404);
    }
    const repository = createAuditRepository(shop.app.db.kysely);
    expect(Object.keys(repository).sort()).toEqual(["actors", "insert", "insertMany", "list"]);
    expect(Object.keys(shop.app.services.audit).sort()).toEqual(["list", "record", "recordMany"]);
  });
});

describe("each change staff make is in the log, with who, when, and the changed fields before and after", () => {
  it("settings: only the fields that changed", async () => {
    await shop.app.services.settings.update({ shippingFlatFeeCents: 500, lowStockThreshold: 5 });
    const response = await send(
      "PATCH",
      "/api/settings",
      { shippingFlatFeeCents: 799, lowStockThreshold: 5 },
      sessions.manager,
    );
    expect(response.statusCode, response.body).toBe(200);
    const entry = await latest("settings", "settings");
    expect(entry).toMatchObject({
      actorName: "Mia Manager",
      actorId: "user-manager",
      kind: "settings",
      subjectLabel: "Shop settings",
      action: "updated",
      before: { shippingFlatFeeCents: 500 },
      after: { shippingFlatFeeCents: 799 },
    });
    expect(Date.now() - Date.parse(entry?.at ?? "")).toBeLessThan(60_000);
    const count = await entryCount();
    expect((await send("PATCH", "/api/settings", { shippingFlatFeeCents: 799 }, sessions.manager)).statusCode).toBe(
      200,
    );
    expect(await entryCount()).toBe(count);
  });

  it("products: created, a price change as a price entry, other fields as a product entry, deleted", async () => {
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/Product",
      ...multipart(productForm(), sessions.staff),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const creation = await latest(id, "product");
    expect(creation).toMatchObject({ action: "created", before: null, actorName: "Sam Staff" });
    expect(creation?.after).toMatchObject({ ProductName: "Audit Test Mango", SellingPricePCS: "19.99" });

    const edited = await shop.app.inject({
      method: "PUT",
      url: `/api/Product/${id}`,
      ...multipart(
        productForm({ SellingPricePCS: "17.49", Description: "Now cheaper.", RegulatoryClasses: "KRATOM" }),
        sessions.staff,
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await latest(id, "price")).toMatchObject({
      action: "updated",
      subjectLabel: expect.stringContaining("Audit Test Mango"),
      before: { SellingPricePCS: "19.99" },
      after: { SellingPricePCS: "17.49" },
    });
    expect(await latest(id, "product")).toMatchObject({
      action: "updated",
      before: { Description: "A mango disposable." },
      after: { Description: "Now cheaper.", RegulatoryClasses: "KRATOM" },
    });

    const removed = await send("DELETE", `/api/Product/${id}`);
    expect(removed.statusCode).toBe(204);
    const deletion = await latest(id, "product");
    expect(deletion).toMatchObject({ action: "deleted", after: null });
    expect(deletion?.before).toMatchObject({ ProductName: "Audit Test Mango" });
  });

  it("stock: an adjustment, with the count before and after and the reason", async () => {
    const response = await send("POST", `/api/admin/products/${productId}/stock-adjustments`, {
      change: -3,
      reason: "Broken in the back room",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await latest(productId, "stock")).toMatchObject({
      action: "adjusted: Broken in the back room",
      before: { Stock: 1000 },
      after: { Stock: 997 },
    });
  });

  it("compliance rules: created, and edited with the changed cells", async () => {
    const created = await send("POST", "/api/admin/compliance/rules", KRATOM_ALABAMA, sessions.manager);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(await latest(id, "rule")).toMatchObject({ action: "created", before: null });
    const edited = await send(
      "PUT",
      `/api/admin/compliance/rules/${id}`,
      { ...KRATOM_ALABAMA, minAge: 21 },
      sessions.manager,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await latest(id, "rule")).toMatchObject({
      action: "updated (version 2)",
      before: { min_age: "" },
      after: { min_age: "21" },
    });
  });

  it("orders: a payment moves the status and keeps the amount; a note is kept", async () => {
    const order = await placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }] });
    await payOrder(shop.app, sessions.staff, order);
    const orderId = (
      await shop.app.db.kysely
        .selectFrom("orders")
        .select("id")
        .where("number", "=", order.number)
        .executeTakeFirstOrThrow()
    ).id;
    expect(await latest(orderId, "order")).toMatchObject({
      subjectLabel: `Order ${order.number}`,
      action: "record payment",
      before: { status: "awaiting_payment" },
      after: { status: "paid", method: "Zelle" },
    });
    expect(
      (await send("POST", `/api/admin/orders/${order.number}/notes`, { body: "Called the buyer." })).statusCode,
    ).toBe(200);
    expect(await latest(orderId, "order")).toMatchObject({
      action: "note added",
      after: { note: "Called the buyer." },
    });
  });

  it("staff accounts: created and disabled by an Owner, no password or token kept", async () => {
    const created = await send(
      "POST",
      "/api/staff",
      { firstName: "Nia", lastName: "New", email: "nia@shop.test", role: "staff" },
      sessions.owner,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const entry = await latest(id, "staff");
    expect(entry).toMatchObject({ action: "created", after: { email: "nia@shop.test", role: "Staff" } });
    expect(JSON.stringify(entry)).not.toMatch(/password|token|hash/i);
    const disabled = await send("POST", `/api/staff/${id}/disable`, {}, sessions.owner);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await latest(id, "staff")).toMatchObject({
      action: "disabled",
      before: { disabled: false },
      after: { disabled: true },
    });
  });
});

describe("an entry and its change are saved together or not at all", () => {
  it("a settings change that fails after its entry was written leaves neither", async () => {
    const before = await shop.app.services.settings.get();
    const count = await entryCount();
    const record = shop.app.services.audit.record;
    vi.spyOn(shop.app.services.audit, "record").mockImplementation(async (trx, change) => {
      await record(trx, change);
      throw new Error("the disk is full");
    });
    const response = await send(
      "PATCH",
      "/api/settings",
      { shippingFlatFeeCents: before.shippingFlatFeeCents + 1 },
      sessions.manager,
    );
    expect(response.statusCode).toBe(500);
    vi.restoreAllMocks();
    expect(await entryCount()).toBe(count);
    expect((await send("GET", "/api/settings", undefined, sessions.manager)).json().shippingFlatFeeCents).toBe(
      before.shippingFlatFeeCents,
    );
  });

  it("a price change that fails after its entries were written leaves neither", async () => {
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/Product",
      ...multipart(productForm(), sessions.staff),
    });
    const id = created.json().id as string;
    const count = await entryCount();
    const record = shop.app.services.audit.record;
    vi.spyOn(shop.app.services.audit, "record").mockImplementation(async (trx, change) => {
      await record(trx, change);
      if (change.kind === "price") throw new Error("the disk is full");
      return true;
    });
    const edited = await shop.app.inject({
      method: "PUT",
      url: `/api/Product/${id}`,
      ...multipart(productForm({ SellingPricePCS: "1.00", Description: "Changed" }), sessions.staff),
    });
    expect(edited.statusCode).toBe(500);
    vi.restoreAllMocks();
    expect(await entryCount()).toBe(count);
    expect((await send("GET", `/api/admin/products/${id}`)).json().fields).toMatchObject({
      SellingPricePCS: "19.99",
      Description: "A mango disposable.",
    });
  });
});

describe("the list's filters and pages", () => {
  it("filters by person, kind and days, newest first", async () => {
    const staffOnly = await log("actor=user-staff");
    expect(staffOnly.items.length).toBeGreaterThan(3);
    expect(staffOnly.items.every((entry) => entry.actorId === "user-staff")).toBe(true);
    expect(staffOnly.actors).toContainEqual({ id: "user-staff", name: "Sam Staff" });
    const prices = await log("kind=price");
    expect(prices.items.length).toBeGreaterThan(0);
    expect(prices.items.every((entry) => entry.kind === "price")).toBe(true);
    const times = (await log()).items.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await log(`from=${today}&to=${today}`)).items.length).toBeGreaterThan(0);
    expect((await log("from=2001-01-01&to=2001-01-31")).items).toEqual([]);
    const tomorrow = addDays(dayOf(new Date()), 1);
    expect((await log(`from=${tomorrow}`)).items).toEqual([]);
  });

  it("pages by cursor without gaps or repeats", async () => {
    const repository = createAuditRepository(shop.app.db.kysely);
    await shop.app.db.kysely.transaction().execute(async (trx) => {
      for (let i = 0; i < 60; i++) {
        await repository.insert(trx, {
          id: `0000-paging-${String(i).padStart(3, "0")}`,
          at: "2020-01-01T00:00:00.000Z",
          actor_id: "paging",
          actor_name: "Paging",
          kind: "settings",
          subject_id: "settings",
          subject_label: "Shop settings",
          action: "updated",
          before_json: null,
          after_json: null,
        });
      }
    });
    // Pages of 20, so that a page of entries with their tables stays readable on a phone.
    const first = await log("actor=paging");
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await log(`actor=paging&after=${first.nextCursor}`);
    expect(second.items).toHaveLength(20);
    const third = await log(`actor=paging&after=${second.nextCursor}`);
    expect(third.items).toHaveLength(20);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(60);
  });

  it("refuses bad filters in words, changing nothing", async () => {
    const wrongKind = await send("GET", "/api/admin/audit?kind=coupon", undefined, sessions.owner);
    expect(wrongKind.statusCode).toBe(400);
    const backwards = await send("GET", "/api/admin/audit?from=2026-02-01&to=2026-01-01", undefined, sessions.owner);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/first day/);
    const cursor = await send("GET", "/api/admin/audit?after=nonsense", undefined, sessions.owner);
    expect(cursor.statusCode).toBe(400);
  });
});
