import { type Product, type ProductList, productNotFoundMessage } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CATEGORY_NAMES, whileInactive } from "../../test/products.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

describe("GET /api/MasterCategory", () => {
  it("lists the seven demo categories in the header's order with product counts", async () => {
    const { status, body } =
      await shop.getJson<{ name: string; slug: string; productCount: number }[]>("/api/MasterCategory");
    expect(status).toBe(200);
    expect(body.map((category) => category.name)).toEqual(DEMO_CATEGORY_NAMES);
    expect(body.find((category) => category.slug === "hemp-product")?.productCount).toBeGreaterThan(0);
    expect(body.reduce((sum, category) => sum + category.productCount, 0)).toBeGreaterThanOrEqual(40);
  });
});

describe("GET /api/Product", () => {
  it("answers the first page of 10, newest first, with totals", async () => {
    const { status, body } = await shop.getJson<ProductList>("/api/Product");
    expect(status).toBe(200);
    expect(body.items).toHaveLength(10);
    expect(body.currentPage).toBe(1);
    expect(body.productsPerPage).toBe(10);
    expect(body.totalProducts).toBeGreaterThanOrEqual(40);
    expect(body.totalPages).toBe(Math.ceil(body.totalProducts / 10));
    expect(body.items[0]?.image?.srcSet).toMatch(/\/uploads\/[a-f0-9]{32}-320\.webp 320w/);
  });

  it("pages through every product exactly once", async () => {
    const first = await shop.getJson<ProductList>("/api/Product?limit=7");
    const seen = new Set<string>();
    for (let page = 1; page <= first.body.totalPages; page++) {
      const { body } = await shop.getJson<ProductList>(`/api/Product?limit=7&page=${page}`);
      for (const item of body.items) seen.add(item.id);
    }
    expect(seen.size).toBe(first.body.totalProducts);
    const past = await shop.getJson<ProductList>(`/api/Product?limit=7&page=${first.body.totalPages + 1}`);
    expect(past.body.items).toEqual([]);
  });

  it("filters by category slug and by featured", async () => {
    const kratom = await shop.getJson<ProductList>("/api/Product?category=kratom&limit=100");
    expect(kratom.body.items.length).toBeGreaterThan(0);
    expect(kratom.body.items.every((item) => item.category.slug === "kratom")).toBe(true);
    expect(kratom.body.totalProducts).toBe(kratom.body.items.length);

    const featured = await shop.getJson<ProductList>("/api/Product?featured=true&limit=100");
    expect(featured.body.items.length).toBeGreaterThan(0);
    expect(featured.body.items.every((item) => item.featured)).toBe(true);

    const none = await shop.getJson<ProductList>("/api/Product?category=no-such-category");
    expect(none.body).toMatchObject({ items: [], totalProducts: 0, totalPages: 0 });
  });

  it("matches paths whatever their case", async () => {
    for (const url of ["/api/product", "/API/PRODUCT?limit=1", "/api/mastercategory", "/api/Banner"]) {
      expect((await shop.app.inject(url)).statusCode, url).toBe(200);
    }
  });

  it.each([
    ["page=abc", "Query parameter 'page' must be a whole number from 1 to 100000."],
    ["page=0", "Query parameter 'page' must be a whole number from 1 to 100000."],
    ["page=1.5", "Query parameter 'page' must be a whole number from 1 to 100000."],
    ["limit=0", "Query parameter 'limit' must be a whole number from 1 to 100."],
    ["limit=101", "Query parameter 'limit' must be a whole number from 1 to 100."],
    ["featured=yes", "Query parameter 'featured' must be true or false."],
    ["category=Bad%20Slug!", "Query parameter 'category' must be a category slug such as 'disposable'."],
    ["colour=red", "Query parameter 'colour' is not a known field."],
  ])("refuses %s with a readable 400", async (query, message) => {
    const response = await shop.app.inject(`/api/product?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "Bad Request", message });
  });
});

describe("GET /api/Product/{id}", () => {
  it("answers every field of the product with its images, main first", async () => {
    const list = await shop.getJson<ProductList>("/api/Product?category=disposable&limit=1");
    const summary = list.body.items[0];
    expect(summary).toBeDefined();
    const { status, body } = await shop.getJson<Product>(`/api/Product/${summary?.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: summary?.id, name: summary?.name, category: { slug: "disposable" } });
    expect(body.description.length).toBeGreaterThan(20);
    expect(body.brand).toBeTruthy();
    expect(body.flavour).toBeTruthy();
    expect(body.nicotineStrength).toBeTruthy();
    expect(body.images.length).toBeGreaterThanOrEqual(2);
    expect(body.images[0]?.src).toBe(summary?.image?.src);
  });

  it("never shows the wholesale price", async () => {
    const list = await shop.getJson<ProductList>("/api/Product?limit=1");
    const response = await shop.app.inject(`/api/Product/${list.body.items[0]?.id}`);
    expect(response.body).not.toMatch(/distro/i);
    expect((await shop.app.inject("/api/Product?limit=100")).body).not.toMatch(/distro/i);
  });

  it("answers 404 with the spec's message for an unknown id", async () => {
    const response = await shop.app.inject("/api/Product/does-not-exist");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not Found", message: productNotFoundMessage("does-not-exist") });
    expect(productNotFoundMessage("x")).toBe("product with id x not found.");
  });
});

describe("GET /api/banner", () => {
  it("answers the active banners with the spec's field names", async () => {
    const { status, body } = await shop.getJson<Record<string, unknown>[]>("/api/banner");
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
    for (const banner of body) {
      expect(banner).toMatchObject({ id: expect.any(String), tittle: expect.any(String), isActive: true });
      expect(banner).toHaveProperty("description");
      expect(banner).toHaveProperty("image.src");
    }
  });
});

describe("product list reuse", () => {
  it("serves a list from memory for a few seconds, and afresh once told the catalogue changed", async () => {
    const before = (await shop.getJson<ProductList>("/api/Product?category=candy&limit=100")).body;
    const first = before.items[0];
    expect(first).toBeDefined();
    await whileInactive(shop.app, first?.id ?? "", async () => {
      expect((await shop.getJson<ProductList>("/api/Product?category=candy&limit=100")).body).toEqual(before);
      shop.app.services.catalog.forgetLists();
      const after = (await shop.getJson<ProductList>("/api/Product?category=candy&limit=100")).body;
      expect(after.totalProducts).toBe(before.totalProducts - 1);
      expect(after.items.map((item) => item.id)).not.toContain(first?.id);
    });
  });
});

describe("product counts", () => {
  it("with lists read afresh, keeps how many products match until told the catalogue changed", async () => {
    const fresh = await createTestApp({ listCacheMs: 0 });
    try {
      const url = "/api/Product?category=candy&limit=100";
      const before = (await fresh.getJson<ProductList>(url)).body;
      const first = before.items[0];
      await whileInactive(fresh.app, first?.id ?? "", async () => {
        const unheard = (await fresh.getJson<ProductList>(url)).body;
        expect(unheard.items.map((item) => item.id)).not.toContain(first?.id);
        expect(unheard.totalProducts).toBe(before.totalProducts);
        fresh.app.services.catalog.forgetLists();
        expect((await fresh.getJson<ProductList>(url)).body.totalProducts).toBe(before.totalProducts - 1);
      });
    } finally {
      await fresh.close();
    }
  });
});

describe("GET /api/Product/batch", () => {
  it("answers the active products among the ids, fresh", async () => {
    const list = (await shop.getJson<ProductList>("/api/Product?limit=3")).body;
    const ids = list.items.map((item) => item.id);
    const { status, body } = await shop.getJson<{ items: { id: string }[] }>(
      `/api/Product/batch?ids=${ids.join(",")},no-such-id,${ids[0]}`,
    );
    expect(status).toBe(200);
    expect(body.items.map((item) => item.id).sort()).toEqual([...ids].sort());
  });

  it.each([
    ["", "Query parameter 'ids' must name at least one product id."],
    [",,,", "Query parameter 'ids' must name at least one product id."],
    [
      Array.from({ length: 101 }, (_, i) => `id${i}`).join(","),
      "Query parameter 'ids' may name at most 100 product ids.",
    ],
  ])("refuses ids=%s", async (ids, message) => {
    const response = await shop.app.inject(`/api/Product/batch?ids=${ids}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it("needs ids at all", async () => {
    const response = await shop.app.inject("/api/Product/batch");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Query parameter 'ids' is required: a comma-separated list of product ids.");
  });
});

describe("related products", () => {
  it("are other active products of the same category", async () => {
    const list = (await shop.getJson<ProductList>("/api/Product?category=kratom&limit=1")).body;
    const product = (await shop.getJson<Product>(`/api/Product/${list.items[0]?.id}`)).body;
    const related = await shop.app.services.catalog.relatedProducts(product);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.every((item) => item.category.slug === "kratom" && item.id !== product.id)).toBe(true);
  });
});
