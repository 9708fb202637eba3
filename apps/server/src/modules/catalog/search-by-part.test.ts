import { matchesSearch, type ProductList, SEARCH_COUNT_LIMIT, searchTerms } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBulkProducts } from "../../db/seed/bulk.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// Every list puts what can be bought before what is sold nowhere, and a search's matches may be
// nearly all in the second part (hemp words at 100,000 products): each part is counted apart in
// the index, and only a part with more matches than counted is walked (decision 085). Here nine
// products in ten are sold nowhere, so a common word has more matches than counted but fewer
// buyable ones than that, and its pages run from the buyable part into the other.
let shop: TestApp;
let products: { id: string; search_text: string; created_at: string; sold_nowhere: number }[];
beforeAll(async () => {
  shop = await createTestApp();
  await seedBulkProducts(shop.app.db, 1_500);
  await shop.app.services.catalog.decideSoldNowhere();
  // Written behind the catalogue's back, after today's verdicts: the index follows (migration 035).
  await shop.app.db.kysely.updateTable("products").set({ sold_nowhere: 1 }).where("sku", "not like", "%0").execute();
  shop.app.services.catalog.forgetLists();
  products = await shop.app.db.kysely
    .selectFrom("products")
    .where("active", "=", 1)
    .select(["id", "search_text", "created_at", "sold_nowhere"])
    .execute();
}, 120_000);
afterAll(() => shop.close());

/** The ids the search must answer, by the rule itself: buyable first, then sold nowhere, each newest first. */
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

async function search(query: string, page: number, sort = "newest"): Promise<ProductList> {
  const response = await shop.app.inject(
    `/api/Product?q=${encodeURIComponent(query)}&limit=20&page=${page}&sort=${sort}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductList;
}

const buyable = (ids: string[]) => ids.filter((id) => products.find((p) => p.id === id)?.sold_nowhere === 0).length;

describe("a search whose matches are nearly all sold nowhere", () => {
  it("counts past the limit with fewer buyable matches than that, and pages from the buyable ones into the others", async () => {
    const expected = expectedIds("with");
    expect(expected.length).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    const firstBarred = buyable(expected);
    expect(firstBarred).toBeGreaterThan(20);
    expect(firstBarred).toBeLessThan(SEARCH_COUNT_LIMIT);
    const across = Math.floor(firstBarred / 20) + 1;
    for (const page of [1, across, across + 1, 12]) {
      const result = await search("with", page);
      expect(result.totalProducts).toBe(SEARCH_COUNT_LIMIT);
      expect(result.totalProductsCapped).toBe(true);
      expect(
        result.items.map((item) => item.id),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 20, page * 20));
    }
  });

  it("counts exactly when both parts together hold no more than the limit", async () => {
    const expected = expectedIds("gummy");
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.length).toBeLessThanOrEqual(SEARCH_COUNT_LIMIT);
    expect(buyable(expected)).toBeLessThan(expected.length);
    const result = await search("gummy", 1);
    expect(result.totalProducts).toBe(expected.length);
    expect(result.totalProductsCapped).toBe(false);
    expect(result.items.map((item) => item.id)).toEqual(expected.slice(0, 20));
  });

  it("leaves every product sold nowhere out of an in-stock search", async () => {
    const response = await shop.app.inject("/api/Product?q=with&inStock=true&limit=20");
    const result = response.json() as ProductList;
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => buyable([item.id]) === 1)).toBe(true);
  });
});
