import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const migrator = () => new Migrator({ db: shop.app.db.kysely, provider: migrationProvider });

describe("migration 014 (stock movements and job leases)", () => {
  it("gives the products a shop already has their opening count, so their movements add up to their stock", async () => {
    const db = shop.app.db.kysely;
    expect((await migrator().migrateTo("2026-11-24-013-mail-outbox")).error).toBeUndefined();
    // A shop in use before movements existed: counts changed without any record.
    const products = await db.selectFrom("products").select(["id", "stock"]).orderBy("id").execute();
    const [first, second] = products;
    if (!first || !second) throw new Error("the demo shop has products");
    await db.updateTable("products").set({ stock: 17 }).where("id", "=", first.id).execute();
    await db.updateTable("products").set({ stock: 0 }).where("id", "=", second.id).execute();

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const movements = await db.selectFrom("stock_movements").selectAll().execute();
    const byProduct = new Map(movements.map((row) => [row.product_id, row]));
    expect(byProduct.get(first.id)).toMatchObject({ kind: "initial", change: 17, stock_after: 17, actor_id: null });
    expect(byProduct.has(second.id)).toBe(false);
    const now = await db.selectFrom("products").select(["id", "stock"]).execute();
    expect(movements).toHaveLength(now.filter((product) => product.stock > 0).length);
    for (const product of now) expect(byProduct.get(product.id)?.change ?? 0).toBe(product.stock);
    expect(await db.selectFrom("job_leases").selectAll().execute()).toEqual([]);
  });
});
