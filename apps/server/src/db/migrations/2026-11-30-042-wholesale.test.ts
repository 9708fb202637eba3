import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { placeOrder } from "../../test/orders.ts";
import { sellableProducts } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
});
afterAll(() => shop.close());

const THIS = "2026-11-30-042-wholesale";

describe("migration 042 (wholesale accounts)", () => {
  it("keeps every order down and up again, makes old orders retail, and takes only the two channels", async () => {
    await addAccount(shop.app, TEST_ADMIN, { id: "m042-buyer", email: "m042@shop.test", dateOfBirth: "1990-05-01" });
    const buyer = await loginCookie(shop.app, "m042@shop.test", TEST_ADMIN.password);
    const { id: productId } = await sellableProducts(shop.app)
      .select("id")
      .where("stock", ">=", 5)
      .executeTakeFirstOrThrow();
    const order = await placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }] });
    const db = shop.app.db.kysely;
    const orders = () =>
      db.selectFrom("orders").select(["id", "status", "total_cents", "created_at"]).orderBy("id").execute();
    const before = await orders();

    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const previous = names[names.indexOf(THIS) - 1] as string;
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect(await orders()).toEqual(before);
    await expect(sql`select channel from orders`.execute(db)).rejects.toThrow();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await orders()).toEqual(before);
    const row = await db
      .selectFrom("orders")
      .select(["channel", "wholesale_account_id", "buyer_licence", "payment_due_on"])
      .where("number", "=", order.number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ channel: "retail", wholesale_account_id: null, buyer_licence: null, payment_due_on: null });
    await expect(
      sql`update orders set channel = 'resale' where number = ${order.number}`.execute(db),
    ).rejects.toThrow();
    const rules = await db.selectFrom("tax_rules").select("wholesale").execute();
    expect(rules.every((rule) => rule.wholesale === "charged")).toBe(true);
  });
});
