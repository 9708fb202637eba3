import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { placeOrder } from "../../test/orders.ts";
import { productOfClass } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
});
afterAll(() => shop.close());

const THIS = "2026-11-29-039-excise-taxes";

describe("migration 039 (excise taxes)", () => {
  it("keeps every order's adjustments and every variant, down and up again, and takes tax rules and facts only", async () => {
    await addAccount(shop.app, TEST_ADMIN, { id: "m039-buyer", email: "m039@shop.test", dateOfBirth: "1990-05-01" });
    const buyer = await loginCookie(shop.app, "m039@shop.test", TEST_ADMIN.password);
    await placeOrder(shop.app, buyer, { lines: [{ productId: await productOfClass(shop.app, "ENDS"), quantity: 1 }] });

    const db = shop.app.db.kysely;
    const adjustments = () =>
      db
        .selectFrom("order_adjustments")
        .select(["id", "order_id", "order_line_id", "position", "kind", "label", "amount_cents", "source"])
        .orderBy("id")
        .execute();
    const variants = () =>
      db
        .selectFrom("product_variants")
        .select(["id", "sku", "stock", "price_cents", "distro_price_cents"])
        .orderBy("id")
        .execute();
    const before = { adjustments: await adjustments(), variants: await variants() };
    expect(before.adjustments.length).toBeGreaterThan(0);

    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    expect((await migrator.migrateTo(names[names.indexOf(THIS) - 1] as string)).error).toBeUndefined();
    expect({ adjustments: await adjustments(), variants: await variants() }).toEqual(before);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect({ adjustments: await adjustments(), variants: await variants() }).toEqual(before);
    // The new columns start empty: the product's own fields tell until staff set them.
    const facts = await db
      .selectFrom("product_variants")
      .select(["liquid_ml", "nicotine_mg_per_ml", "vape_system", "wholesale_cost_cents"])
      .where((eb) =>
        eb.or([
          eb("liquid_ml", "is not", null),
          eb("nicotine_mg_per_ml", "is not", null),
          eb("vape_system", "is not", null),
          eb("wholesale_cost_cents", "is not", null),
        ]),
      )
      .execute();
    expect(facts).toEqual([]);
  });
});
