import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { seedBulkProducts } from "./bulk.ts";
import { demoPosts } from "./demo-blog.ts";
import { demoProducts } from "./demo-catalog.ts";
import { demoCoas } from "./demo-coas.ts";
import { seedDemo } from "./seed.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

async function counts() {
  const count = shop.rowCount;
  return {
    categories: await count("master_categories"),
    products: await count("products"),
    productImages: await count("product_images"),
    banners: await count("banners"),
    posts: await count("blog_posts"),
    images: await count("images"),
    batches: await count("batches"),
    coas: await count("coas"),
  };
}

describe("demo data", () => {
  it("is loaded into an empty database at start-up", async () => {
    const loaded = await counts();
    expect(loaded.categories).toBe(7);
    expect(loaded.products).toBe(demoProducts.length);
    expect(loaded.products).toBeGreaterThanOrEqual(40);
    expect(loaded.productImages).toBe(loaded.products * 2);
    expect(loaded.banners).toBe(3);
    expect(loaded.posts).toBe(demoPosts.length);
    expect(loaded.posts).toBeGreaterThanOrEqual(7);
    expect(loaded.batches).toBe(demoCoas.length);
    expect(loaded.coas).toBe(demoCoas.length);
  });

  it("changes nothing when loaded a second time", async () => {
    const before = await counts();
    const added = await seedDemo(shop.app.db, shop.app.services);
    expect(added).toEqual({ categories: 0, products: 0, banners: 0, posts: 0, coas: 0 });
    expect(await counts()).toEqual(before);
  });

  it("puts products in every category, with prices, stock and pictures", async () => {
    const rows = await shop.app.db.kysely
      .selectFrom("master_categories as c")
      .leftJoin("products as p", "p.master_category_id", "c.id")
      .select(["c.slug", sql<number | string>`count(p.id)`.as("n")])
      .groupBy("c.slug")
      .execute();
    for (const row of rows) expect(Number(row.n), row.slug).toBeGreaterThan(0);
    for (const product of demoProducts) {
      expect(product.priceCents, product.sku).toBeGreaterThan(0);
      expect(product.brand, product.sku).toBeTruthy();
      if (product.sellingPriceBoxCents !== null && product.sellingPricePcsCents !== null) {
        const pieces = (product.pcsPerPack ?? 1) * (product.packPerBox ?? 1);
        expect(product.sellingPriceBoxCents, product.sku).toBeLessThan(product.sellingPricePcsCents * pieces);
      }
    }
  });

  it("generates a large catalogue in batches for benchmarks", async () => {
    const before = await counts();
    await seedBulkProducts(shop.app.db, 1234);
    shop.app.services.catalog.forgetLists();
    const after = await counts();
    expect(after.products).toBe(before.products + 1234);
    expect(after.productImages).toBe(before.productImages + 1234);
    const page = (await shop.app.inject("/api/Product?limit=1")).json() as { totalProducts: number };
    expect(page.totalProducts).toBe(after.products);
  });
});
