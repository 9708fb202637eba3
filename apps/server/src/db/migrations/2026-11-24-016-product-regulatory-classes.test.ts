import { suggestRegulatoryClasses } from "@shop/shared";
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

describe("migration 016 (product regulatory classes)", () => {
  it("classifies the products a shop already has from their category and attributes, none left without a class", async () => {
    const db = shop.app.db.kysely;
    expect((await migrator().migrateTo("2026-11-24-015-order-notes")).error).toBeUndefined();
    // A shop's own category the suggestion does not know, with a product in it, and a demo vape
    // whose nicotine was taken out before classes existed.
    const category = await db.selectFrom("master_categories").selectAll().executeTakeFirstOrThrow();
    await db
      .insertInto("master_categories")
      .values({ ...category, id: "cat-lighters", name: "Lighters", slug: "lighters", position: 99 })
      .execute();
    const vape = await db
      .selectFrom("products")
      .selectAll()
      .where("sku", "=", "DSP-VPR-40K-CMT")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("products")
      .values({
        // PostgreSQL's search_vector is generated: not copied.
        ...(Object.fromEntries(Object.entries(vape).filter(([column]) => column !== "search_vector")) as typeof vape),
        id: "p-lighter",
        sku: "LGT-1",
        name: "Torch lighter",
        product_type: "Lighter",
        master_category_id: "cat-lighters",
        nicotine_strength: null,
        flavour: null,
        flavour_group: null,
      })
      .execute();
    await db.updateTable("products").set({ nicotine_strength: "0%" }).where("id", "=", vape.id).execute();

    expect((await migrator().migrateToLatest()).error).toBeUndefined();
    const products = await db
      .selectFrom("products as p")
      .innerJoin("master_categories as c", "c.id", "p.master_category_id")
      .select([
        "p.id",
        "p.sku",
        "p.name",
        "p.product_type",
        "p.flavour",
        "p.flavour_group",
        "p.nicotine_strength",
        "c.slug",
      ])
      .execute();
    const rows = await db.selectFrom("product_regulatory_classes").select(["product_id", "class"]).execute();
    const classesOf = (id: string) =>
      rows
        .filter((row) => row.product_id === id)
        .map((row) => row.class)
        .sort();
    for (const product of products) {
      const expected = suggestRegulatoryClasses({
        categorySlug: product.slug,
        productType: product.product_type,
        name: product.name,
        flavour: product.flavour,
        flavourGroup: product.flavour_group,
        nicotineStrength: product.nicotine_strength,
      });
      expect(expected.length, product.sku).toBeGreaterThan(0);
      expect(classesOf(product.id), product.sku).toEqual([...expected].sort());
    }
    expect(classesOf("p-lighter")).toEqual(["GENERAL"]);
    expect(classesOf(vape.id)).toEqual(["ENDS", "FLAVORED"]);
    const kratom = products.find((product) => product.slug === "kratom");
    expect(kratom && classesOf(kratom.id)).toEqual(["KRATOM"]);
  });
});
