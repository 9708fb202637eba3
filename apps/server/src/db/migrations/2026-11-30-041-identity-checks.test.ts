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

const THIS = "2026-11-30-041-identity-checks";

describe("migration 041 (the identity check)", () => {
  it("keeps every order and event down and up again, takes verification_pending only while it is up, and refuses to go down over a waiting order", async () => {
    await addAccount(shop.app, TEST_ADMIN, { id: "m041-buyer", email: "m041@shop.test", dateOfBirth: "1990-05-01" });
    const buyer = await loginCookie(shop.app, "m041@shop.test", TEST_ADMIN.password);
    const { id: productId } = await sellableProducts(shop.app)
      .select("id")
      .where("stock", ">=", 5)
      .executeTakeFirstOrThrow();
    const order = await placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }] });
    const db = shop.app.db.kysely;
    const orders = () => db.selectFrom("orders").select(["id", "status", "created_at"]).orderBy("id").execute();
    const events = () => db.selectFrom("order_events").select(["id", "order_id", "status"]).orderBy("id").execute();
    const [ordersBefore, eventsBefore] = [await orders(), await events()];
    const setStatus = (status: string) =>
      sql`update orders set status = ${status} where number = ${order.number}`.execute(db);

    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const previous = names[names.indexOf(THIS) - 1] as string;

    await setStatus("verification_pending");
    const refused = await migrator.migrateTo(previous);
    expect(String(refused.error)).toContain("Orders are waiting for an identity check");
    await setStatus("awaiting_payment");

    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect(await orders()).toEqual(ordersBefore);
    expect(await events()).toEqual(eventsBefore);
    await expect(setStatus("verification_pending")).rejects.toThrow();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await orders()).toEqual(ordersBefore);
    expect(await events()).toEqual(eventsBefore);
    await setStatus("verification_pending");
    await expect(setStatus("lost")).rejects.toThrow();
    await setStatus("awaiting_payment");
  });
});
