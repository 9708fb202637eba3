import { productListFilterSchema, refuseUpsideDownPriceRange } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { parseSearch, refusedParameters } from "./query.ts";

const listQuery = productListFilterSchema.superRefine(refuseUpsideDownPriceRange);

/** What parseSearch throws: React Router's redirect, a Response. */
function thrown(run: () => unknown): Response {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("parseSearch (bad list parameters are ignored, not an error page)", () => {
  it("sends the list on to its address without the values it refuses, keeping the rest", () => {
    const answer = thrown(() =>
      parseSearch(
        listQuery,
        new URL("http://shop.test/products?minPrice=abc&page=-1&sort=bogus&category=kratom&utm_source=mail"),
      ),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/products?category=kratom&utm_source=mail");
  });

  it("drops to the bare path when nothing is left", () => {
    const answer = thrown(() => parseSearch(listQuery, new URL("http://shop.test/products?page=abc")));
    expect(answer.headers.get("Location")).toBe("/products");
  });

  it("parses good values as the API does", () => {
    const query = parseSearch(listQuery, new URL("http://shop.test/products?minPrice=5&sort=name&page=2"));
    expect(query).toMatchObject({ minPrice: 500, sort: "name", page: 2 });
  });

  it("finds a check across fields once the fields parse: a lowest price above the highest drops the lowest", () => {
    expect(refusedParameters(listQuery, { minPrice: "50", maxPrice: "10", page: "0" }).sort()).toEqual([
      "minPrice",
      "page",
    ]);
    expect(refusedParameters(listQuery, { minPrice: "5" })).toEqual([]);
  });
});
