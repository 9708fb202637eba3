import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount, loginCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { placeOrder } from "../../test/orders.ts";
import { addLabResult, sellableProducts } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
});
afterAll(() => shop.close());

const THIS = "2026-11-29-038-product-variants";

describe("migration 038 (options and variants)", () => {
  it("keeps every product, stock movement, order line and COA batch, each naming its product's own variant, down and up again", async () => {
    await addAccount(shop.app, TEST_ADMIN, {
      id: "variants-buyer",
      email: "v038@shop.test",
      dateOfBirth: "1990-05-01",
    });
    const buyer = await loginCookie(shop.app, "v038@shop.test", TEST_ADMIN.password);
    const { id: productId } = await sellableProducts(shop.app)
      .select("id")
      .where("stock", ">=", 5)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await placeOrder(shop.app, buyer, { lines: [{ productId, quantity: 2 }] });
    await addLabResult(shop.app, productId, "2026-11-01", { delta9: 100, thca: 0, perContainer: null });

    const db = shop.app.db.kysely;
    const productColumns = [
      "id",
      "sku",
      "price_cents",
      "distro_price_cents",
      "selling_price_pcs_cents",
      "selling_price_box_cents",
      "pcs_per_pack",
      "pack_per_box",
      "stock",
      "unit_price_cents",
    ] as const;
    const products = () => db.selectFrom("products").select(productColumns).orderBy("id").execute();
    const movements = () =>
      db
        .selectFrom("stock_movements")
        .select(["id", "product_id", "change", "stock_after", "kind", "order_id"])
        .orderBy("id")
        .execute();
    const lines = () =>
      db.selectFrom("order_lines").select(["id", "product_id", "sku", "quantity"]).orderBy("id").execute();
    const batches = () => db.selectFrom("batches").select(["id", "product_id", "lot_number"]).orderBy("id").execute();
    const migrator = new Migrator({ db, provider: migrationProvider });
    const names = Object.keys(await migrationProvider.getMigrations()).sort();
    const previous = names[names.indexOf(THIS) - 1] as string;
    const state = async () => ({
      products: await products(),
      movements: await movements(),
      lines: await lines(),
      batches: await batches(),
    });
    // A shop as it was before variants: down keeps each product's own variant in its columns.
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const before = await state();
    expect(before.lines.length).toBeGreaterThan(0);
    expect(before.batches.length).toBeGreaterThan(0);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await state()).toEqual(before);
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect(await state()).toEqual(before);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await state()).toEqual(before);

    // Row by row: each product's own variant has its id and its SKU, prices and stock.
    const variants = await db
      .selectFrom("product_variants")
      .select([...productColumns, "product_id", "position", "active", "option1"])
      .orderBy("id")
      .execute();
    expect(variants).toEqual(
      before.products.map((product) => ({ ...product, product_id: product.id, position: 0, active: 1, option1: null })),
    );
    const listing = await db
      .selectFrom("products")
      .select(["id", "unit_price_cents", "max_unit_price_cents", "variant_count"])
      .orderBy("id")
      .execute();
    expect(listing).toEqual(
      before.products.map((product) => ({
        id: product.id,
        unit_price_cents: product.unit_price_cents,
        max_unit_price_cents: product.unit_price_cents,
        variant_count: 1,
      })),
    );
    // Every movement, order line and batch names the product's own variant.
    for (const table of ["stock_movements", "order_lines", "batches"] as const) {
      const astray = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}
        where variant_id is null or variant_id <> product_id`.execute(db);
      expect(Number(astray.rows[0]?.n), table).toBe(0);
    }
    expect(await db.selectFrom("product_options").selectAll().execute()).toEqual([]);
  });
});
