import { matchesSearch, type ProductList, SEARCH_COUNT_LIMIT, searchTerms } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBulkProducts } from "../../db/seed/bulk.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// A shop with more products than a search counts (SEARCH_COUNT_LIMIT): common words take the
// walking path, rarer ones the counted path; both must give the page the rule gives.
let shop: TestApp;
let products: { id: string; search_text: string; created_at: string; sold_nowhere: number }[];
beforeAll(async () => {
  shop = await createTestApp();
  await seedBulkProducts(shop.app.db, 1_500);
  await shop.app.db.kysely.updateTable("products").set({ active: 0 }).where("sku", "like", "GEN-%-00000_1").execute();
  // Written behind the catalogue's back: the generated hemp without a COA is sold nowhere (decision 080).
  await shop.app.services.catalog.decideSoldNowhere();
  products = await shop.app.db.kysely
    .selectFrom("products")
    .where("active", "=", 1)
    .select(["id", "search_text", "created_at", "sold_nowhere"])
    .execute();
}, 120_000);
afterAll(() => shop.close());

/**
 * The ids the search must answer, worked out here with the rule itself: what can be bought first,
 * then what is sold nowhere (decision 080), each newest first.
 */
function expectedIds(query: string): string[] {
  const terms = searchTerms(query);
  return products
    .filter((product) => matchesSearch(product.search_text, terms))
    .sort(
      (a, b) =>
        a.sold_nowhere - b.sold_nowhere ||
        (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1),
    )
    .map((product) => product.id);
}

async function search(query: string, page = 1): Promise<ProductList> {
  const response = await shop.app.inject(`/api/Product?q=${encodeURIComponent(query)}&limit=20&page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductList;
}

describe("search in a large shop", () => {
  it.each([
    ["with", 1],
    ["with", 7],
    ["and", 1],
    ["with and", 3],
    // "only" is tried as "onli" and "only": alternatives in the walked test too
    ["only", 2],
  ])("counts %j up to the limit and says there are more, page %i in the list's order", async (query, page) => {
    const expected = expectedIds(query);
    expect(expected.length).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    const result = await search(query, page);
    expect(result.totalProducts).toBe(SEARCH_COUNT_LIMIT);
    expect(result.totalProductsCapped).toBe(true);
    expect(result.totalPages).toBe(SEARCH_COUNT_LIMIT / 20);
    expect(result.items.map((item) => item.id)).toEqual(expected.slice((page - 1) * 20, page * 20));
  });

  it.each([
    ["gummy", 1],
    ["mango", 2],
    ["kratom powder", 1],
    ["gummy with", 1],
  ])("counts %j exactly below the limit, page %i in the list's order", async (query, page) => {
    const expected = expectedIds(query);
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.length).toBeLessThanOrEqual(SEARCH_COUNT_LIMIT);
    const result = await search(query, page);
    expect(result.totalProducts).toBe(expected.length);
    expect(result.totalProductsCapped).toBe(false);
    expect(result.items.map((item) => item.id)).toEqual(expected.slice((page - 1) * 20, page * 20));
  });
});
