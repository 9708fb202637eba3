import type { ProductList, ProductSummary } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { featuredState } from "./featured-state.ts";

const product = (id: string) => ({ id, name: `Product ${id}` }) as unknown as ProductSummary;
const page = (currentPage: number, ids: string[]): ProductList => ({
  items: ids.map(product),
  totalProducts: 23,
  totalProductsCapped: false,
  totalPages: 3,
  currentPage,
  productsPerPage: 10,
});

describe("featuredState (the spec's productsState)", () => {
  it("has the spec's shape for the page shown", () => {
    const state = featuredState(page(1, ["a", "b"]), null);
    expect(Object.keys(state)).toEqual([
      "products",
      "loading",
      "error",
      "currentPage",
      "totalPages",
      "totalProducts",
      "productsPerPage",
      "cache",
    ]);
    expect(state).toMatchObject({
      products: [product("a"), product("b")],
      loading: false,
      error: null,
      currentPage: 1,
      totalPages: 3,
      totalProducts: 23,
      productsPerPage: 10,
      cache: { 1: [product("a"), product("b")] },
    });
  });

  it("restores the pages saved before into the cache, the shown page as the server gave it", () => {
    const first = JSON.stringify(featuredState(page(1, ["a"]), null));
    const second = featuredState(page(2, ["c"]), first);
    expect(second.products).toEqual([product("c")]);
    expect(second.cache).toEqual({ 1: [product("a")], 2: [product("c")] });
    const again = featuredState(page(1, ["a2"]), JSON.stringify(second));
    expect(again.cache).toEqual({ 1: [product("a2")], 2: [product("c")] });
  });

  it("keeps the five pages nearest the one shown", () => {
    let saved: string | null = null;
    for (const number of [1, 2, 3, 4, 5, 6, 7])
      saved = JSON.stringify(featuredState(page(number, [`p${number}`]), saved));
    const state = featuredState(page(7, ["p7"]), saved);
    expect(Object.keys(state.cache)).toEqual(["3", "4", "5", "6", "7"]);
  });

  it.each([
    ["nothing saved", null],
    ["broken JSON", "{"],
    ["no cache", JSON.stringify({ products: [] })],
    ["a cache of odd pages", JSON.stringify({ cache: { "-1": [], x: [], 2: "no", 3: [1] } })],
  ])("starts afresh from %s", (_, saved) => {
    expect(featuredState(page(1, ["a"]), saved).cache).toEqual({ 1: [product("a")] });
  });
});
