import { type ProductList, searchTerms } from "@shop/shared";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogRepository } from "../../modules/catalog/repository.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { migrationProvider } from "./index.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const migrator = () => new Migrator({ db: shop.app.db.kysely, provider: migrationProvider });
const searchText = async (sku: string) =>
  (
    await shop.app.db.kysely
      .selectFrom("products")
      .where("sku", "=", sku)
      .select("search_text")
      .executeTakeFirstOrThrow()
  ).search_text;

describe("migration 009 (stemmed search text)", () => {
  it("goes down to migration 004's words and up again, the index following both ways", async () => {
    const { db } = shop.app;
    const gummies = await db.kysely
      .selectFrom("products")
      .where("name", "like", "%Gummies%")
      .select(["id", "sku"])
      .executeTakeFirstOrThrow();
    expect(await searchText(gummies.sku)).toContain("gummi ");

    expect((await migrator().migrateTo("2026-11-21-008-batches-and-coas")).error).toBeUndefined();
    expect(await searchText(gummies.sku)).toContain("gummies");
    expect(await searchText(gummies.sku)).not.toContain("gummi ");
    const oldIndex =
      db.engine === "postgres"
        ? sql<{ id: string }>`select id from products where search_vector @@ to_tsquery('simple', 'gummies')`
        : sql<{ id: string }>`select p.id from products p join products_fts f on f.rowid = p.rowid
            where products_fts match 'gummies'`;
    expect((await oldIndex.execute(db.kysely)).rows.map((row) => row.id)).toContain(gummies.id);

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    expect(await searchText(gummies.sku)).toContain("gummi ");
    const repository = createCatalogRepository(db.kysely, db.engine);
    const found = await repository.searchProducts({}, searchTerms("gummy"), { offset: 0, limit: 100 }, 100);
    expect(found.rows.map((row) => row.id)).toContain(gummies.id);
  });

  it("keeps the index in step when a product is deactivated, changed or deleted", async () => {
    const { db } = shop.app;
    const repository = createCatalogRepository(db.kysely, db.engine);
    const find = async (query: string) =>
      (await repository.searchProducts({}, searchTerms(query), { offset: 0, limit: 100 }, 100)).rows.map(
        (row) => row.id,
      );
    const product = await db.kysely
      .selectFrom("products")
      .where("name", "like", "%Watermelon%")
      .select(["id", "sku", "search_text"])
      .executeTakeFirstOrThrow();
    expect(await find("watermelon")).toContain(product.id);

    await db.kysely.updateTable("products").set({ active: 0 }).where("id", "=", product.id).execute();
    expect(await find("watermelon")).not.toContain(product.id);
    await db.kysely.updateTable("products").set({ active: 1 }).where("id", "=", product.id).execute();
    expect(await find("watermelon")).toContain(product.id);

    await db.kysely
      .updateTable("products")
      .set({ search_text: `${product.search_text} zanzibar` })
      .where("id", "=", product.id)
      .execute();
    expect(await find("zanzibar")).toEqual([product.id]);

    await db.kysely.deleteFrom("product_images").where("product_id", "=", product.id).execute();
    await db.kysely.deleteFrom("batches").where("product_id", "=", product.id).execute();
    await db.kysely.deleteFrom("products").where("id", "=", product.id).execute();
    expect(await find("zanzibar")).toEqual([]);
    const list = (await shop.app.inject("/api/Product?q=zanzibar")).json() as ProductList;
    expect(list.totalProducts).toBe(0);
  });
});
