import { dayOf } from "@shop/shared/rules";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { orderAction, payOrder, placeOrder } from "../../test/orders.ts";
import { sellableProducts } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
});
afterAll(() => shop.close());

const THIS = "2026-11-29-037-payment-records";

describe("migration 037 (payment records behind providers)", () => {
  it("keeps every payment and refund staff recorded, down and up again, as the manual provider's and succeeded", async () => {
    await addAccount(shop.app, TEST_ADMIN, {
      id: "records-buyer",
      email: "records@shop.test",
      dateOfBirth: "1990-05-01",
    });
    const buyer = await loginCookie(shop.app, "records@shop.test", TEST_ADMIN.password);
    const staff = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const { id: productId } = await sellableProducts(shop.app)
      .select("id")
      .where("stock", ">=", 5)
      .executeTakeFirstOrThrow();
    const order = await placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 1 }] });
    await payOrder(shop.app, staff, order);
    const refund = await orderAction(shop.app, staff, order.number, "refund", {
      amountCents: 100,
      method: "Zelle",
      receivedOn: dayOf(new Date()),
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const db = shop.app.db.kysely;
    const kept = [
      "id",
      "order_id",
      "kind",
      "amount_cents",
      "method",
      "reference",
      "received_on",
      "actor_id",
      "created_at",
    ] as const;
    const rows = () => db.selectFrom("order_payments").select(kept).orderBy("created_at").orderBy("id").execute();
    const before = await rows();
    expect(before.map((row) => row.kind)).toEqual(["payment", "refund"]);

    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    expect((await migrator.migrateTo(names[names.indexOf(THIS) - 1] as string)).error).toBeUndefined();
    expect(await rows()).toEqual(before);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await rows()).toEqual(before);
    expect(
      await db
        .selectFrom("order_payments")
        .select(["provider", "status", "idempotency_key"])
        .orderBy("created_at")
        .execute(),
    ).toEqual([
      { provider: "manual", status: "succeeded", idempotency_key: null },
      { provider: "manual", status: "succeeded", idempotency_key: null },
    ]);
  });
});
