import {
  matchesSearch,
  type ProductFacets,
  type ProductList,
  productSearchText,
  searchTerms,
  unitPriceCents,
} from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "../../db/seed/demo-catalog.ts";
import { DEMO_SOLD_NOWHERE } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

async function list(query: string): Promise<ProductList> {
  const response = await shop.app.inject(`/api/Product?limit=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductList;
}
const skus = (result: ProductList) => result.items.map((item) => item.sku).sort();

/** What the search must find, worked out here from the demo data with the rule itself. */
function expectedSkus(query: string): string[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  return (
    demoProducts
      // A product is found by its variants' option values too (docs/decisions/093).
      .filter((product) => {
        const optionValues = product.variants
          ? [...product.variants.own, ...product.variants.others.flatMap((other) => other.options)]
          : [];
        return matchesSearch(productSearchText({ ...product, optionValues }), terms);
      })
      .map((product) => product.sku)
      .sort()
  );
}

describe("search", () => {
  it.each([
    "watermelon",
    "Watermelon ICE",
    "water",
    "gelato",
    "crème brûlée",
    "red bali",
    "7-oh",
    "nimbrix 25k",
    "mint",
    "coa",
    "gummy",
    "gummies",
    // A word with two stems beside another word (FTS5 needs the AND written out).
    "gummy sharks",
    "watermelon gummies",
    "flavors",
    "disposables",
    "5%",
    "15 mg",
    "usb-c",
  ])("finds exactly the products whose words match every term of %j", async (query) => {
    const expected = expectedSkus(query);
    const result = await list(`q=${encodeURIComponent(query)}`);
    expect(skus(result)).toEqual(expected);
    expect(result.totalProducts).toBe(expected.length);
  });

  it("finds something for common words, so the cases above are not all empty", () => {
    expect(expectedSkus("watermelon").length).toBeGreaterThan(0);
    expect(expectedSkus("red bali").length).toBeGreaterThan(0);
  });

  it.each(["zzzqqq", '"; drop table products; --', "***", "' or 1=1 --"])(
    "treats %j as words, finding nothing and breaking nothing",
    async (query) => {
      const result = await list(`q=${encodeURIComponent(query)}`);
      expect(result.items).toEqual(expectedSkus(query).length === 0 ? [] : result.items);
      expect((await list("")).totalProducts).toBe(demoProducts.length);
    },
  );

  it("finds the gummies products for 'gummy', and 'disposable' products for 'disposables'", async () => {
    const gummies = demoProducts.filter((product) => /gummies/i.test(product.name)).map((product) => product.sku);
    expect(gummies.length).toBeGreaterThan(0);
    const found = skus(await list("q=gummy"));
    for (const sku of gummies) expect(found).toContain(sku);
    const disposables = skus(await list("q=disposables"));
    expect(disposables).toEqual(skus(await list("q=disposable")));
    expect(disposables.length).toBeGreaterThan(0);
  });

  it.each(["a", "x", "c", "a x"])("does not answer every product for the one-letter query %j", async (query) => {
    const result = await list(`q=${encodeURIComponent(query)}`);
    expect(result.totalProducts).toBe(0);
    expect(result.items).toEqual([]);
  });

  it("matches a number whole: '5' finds 5% nicotine, not 50 or 500", async () => {
    const found = (await list("q=5")).items;
    expect(found.length).toBeGreaterThan(0);
    expect(skus(await list("q=5"))).toEqual(expectedSkus("5"));
    expect(expectedSkus("5")).not.toEqual(expectedSkus("50"));
  });

  it("combines search with a category", async () => {
    const result = await list("q=ice&category=disposable");
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.category.slug === "disposable")).toBe(true);
  });
});

describe("filters", () => {
  it("filter by brand, flavour family, strain type, nicotine, 9,000+ puffs and stock", async () => {
    const brand = demoProducts[0]?.brand ?? "";
    const cases: [string, (product: (typeof demoProducts)[number]) => boolean][] = [
      [`brand=${encodeURIComponent(brand)}`, (product) => product.brand === brand],
      ["flavour=Fruit", (product) => product.flavourGroup === "Fruit"],
      ["strain=Indica", (product) => product.strainType === "Indica"],
      ["nicotine=5%25", (product) => product.nicotineStrength === "5%"],
      ["puffs9000=true", (product) => product.puffs9000PerDevice],
      // Available: in stock and sold somewhere; the rest is not (decision 080).
      ["inStock=true", (product) => product.stock > 0 && !DEMO_SOLD_NOWHERE.includes(product.sku)],
      ["inStock=false", (product) => product.stock === 0 || DEMO_SOLD_NOWHERE.includes(product.sku)],
    ];
    for (const [query, keep] of cases) {
      const expected = demoProducts
        .filter(keep)
        .map((product) => product.sku)
        .sort();
      expect(expected.length, query).toBeGreaterThan(0);
      expect(skus(await list(query)), query).toEqual(expected);
    }
  });

  it("filter by unit price in dollars, both ends included", async () => {
    const result = await list("minPrice=10&maxPrice=19.99");
    const expected = demoProducts
      .filter((product) => {
        const price = unitPriceCents(product);
        return price >= 1000 && price <= 1999;
      })
      .map((product) => product.sku)
      .sort();
    expect(skus(result)).toEqual(expected);
  });

  it.each([
    ["sort=cheapest", "Query parameter 'sort' must be newest, price_asc, price_desc or name."],
    ["minPrice=ten", "Query parameter 'minPrice' must be an amount in dollars such as 25 or 19.99."],
    ["maxPrice=-5", "Query parameter 'maxPrice' must be an amount in dollars such as 25 or 19.99."],
    ["inStock=yes", "Query parameter 'inStock' must be true or false."],
    [`q=${"a".repeat(201)}`, "Query parameter 'q' must be a search of at most 200 characters."],
  ])("refuses %s with a readable 400", async (query, message) => {
    const response = await shop.app.inject(`/api/Product?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe("sorts", () => {
  // What can be bought comes first in every sort, then what is sold nowhere (decision 080).
  const buyableFirst = (items: ProductList["items"]) => [
    ...items.filter((item) => !item.soldNowhere),
    ...items.filter((item) => item.soldNowhere),
  ];

  it("sort by price both ways and by name, each after what can be bought", async () => {
    for (const sort of ["price_asc", "price_desc", "name", "newest"]) {
      const { items } = await list(`sort=${sort}`);
      expect(
        items.map((item) => item.id),
        sort,
      ).toEqual(buyableFirst(items).map((item) => item.id));
      expect(
        items
          .filter((item) => item.soldNowhere)
          .map((item) => item.sku)
          .sort(),
        sort,
      ).toEqual([...DEMO_SOLD_NOWHERE].sort());
    }
    const inEachPart = <T>(items: ProductList["items"], key: (item: ProductList["items"][number]) => T) =>
      [false, true].map((sold) => items.filter((item) => item.soldNowhere === sold).map(key));
    for (const part of inEachPart((await list("sort=price_asc")).items, unitPriceCents)) {
      expect(part).toEqual([...part].sort((a, b) => a - b));
    }
    for (const part of inEachPart((await list("sort=price_desc")).items, unitPriceCents)) {
      expect(part).toEqual([...part].sort((a, b) => b - a));
    }
    for (const part of inEachPart((await list("sort=name")).items, (item) => item.name)) {
      expect(part).toEqual([...part].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });
});

describe("pages", () => {
  // A page's ids are read first and its rows after (decision 068): walked page by page, every
  // sort gives each active product once, in the same order as one long page.
  it.each(["newest", "price_asc", "price_desc", "name"])(
    "sort=%s, 7 a page, gives every product once",
    async (sort) => {
      const whole = await list(`sort=${sort}`);
      const walked: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.totalProducts / 7) + 1; page++) {
        const response = await shop.app.inject(`/api/Product?sort=${sort}&limit=7&page=${page}`);
        const part = response.json() as ProductList;
        if (part.items.length === 0) break;
        expect(part.totalProducts).toBe(whole.totalProducts);
        walked.push(...part.items.map((item) => item.id));
      }
      expect(walked).toEqual(whole.items.map((item) => item.id));
      expect(new Set(walked).size).toBe(whole.totalProducts);
    },
  );
});

describe("GET /api/Product/facets", () => {
  it("lists a category's values with counts that match the filters", async () => {
    const response = await shop.app.inject("/api/Product/facets?category=disposable");
    expect(response.statusCode).toBe(200);
    const facets = response.json() as ProductFacets;
    expect(facets.brands.length).toBeGreaterThan(1);
    for (const { value, count } of facets.brands) {
      const filtered = await list(`category=disposable&brand=${encodeURIComponent(value)}`);
      expect(filtered.totalProducts, value).toBe(count);
    }
    expect(facets.price.minCents).toBeLessThanOrEqual(facets.price.maxCents);
    expect(facets.strains).toEqual([]);
  });

  it("counts the devices with 9,000 puffs or more, so that kratom is not offered that filter", async () => {
    const facets = async (category: string) =>
      (await shop.app.inject(`/api/Product/facets?category=${category}`)).json() as ProductFacets;
    const puffs = await list("category=disposable&puffs9000=true");
    expect((await facets("disposable")).puffs9000).toBe(puffs.totalProducts);
    expect(puffs.totalProducts).toBeGreaterThan(0);
    expect((await facets("kratom")).puffs9000).toBe(0);
  });

  it("refuses a lowest price above the highest, in words, instead of finding nothing", async () => {
    const response = await shop.app.inject("/api/Product?minPrice=20&maxPrice=10");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Query parameter 'minPrice' must not be above maxPrice.");
    expect((await shop.app.inject("/api/Product?minPrice=10&maxPrice=10")).statusCode).toBe(200);
  });

  it("answers empty facets for an unknown category", async () => {
    const facets = (await shop.app.inject("/api/Product/facets?category=nope")).json() as ProductFacets;
    expect(facets.brands).toEqual([]);
  });
});
