import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FormValue,
  loginCookie,
  multipart,
  PRODUCT_FORM_PRICES,
  TEST_ADMIN,
  TEST_ADMIN_ENV,
} from "../../test/forms.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let cookie = "";
let categoryId = "";
let picture: Buffer;
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  cookie = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const categories = await shop.app.inject({ url: "/api/MasterCategory" });
  categoryId = categories.json()[0].id;
  picture = await sharp({ create: { width: 800, height: 800, channels: 3, background: "#48a" } })
    .png()
    .toBuffer();
});
afterAll(() => shop.close());

type Part = FormValue;

const form = (overrides: Record<string, Part | Part[]> = {}) => ({
  ProductName: "  Cloud Nine 9K Mango  ",
  ProductType: "Disposable",
  Description: "A mango disposable with 9,000 puffs.",
  MasterCategoryId: categoryId,
  Brand: "Cloud Nine",
  Flavour: "Mango",
  NicotineStrength: "5%",
  Puffs9000PerDevice: "true",
  ...PRODUCT_FORM_PRICES,
  DeliveryAvailable: "on",
  Stock: "40",
  ...overrides,
});

const create = (fields: Record<string, Part | Part[]>) =>
  shop.app.inject({ method: "POST", url: "/api/Product", ...multipart(fields, cookie) });

describe("creating a product", () => {
  it("takes the spec's multipart form, trims text, stores prices in cents and pictures as WebP", async () => {
    const response = await create(
      form({
        productname: "  Cloud Nine 9K Mango  ",
        ProductName: [],
        MainImage: { file: picture, filename: "main.png" },
        GalleryImages: [
          { file: await sharp(picture).tint("#f00").png().toBuffer(), filename: "a.png" },
          { file: await sharp(picture).tint("#0f0").png().toBuffer(), filename: "b.png" },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const product = response.json();
    // The spec's dashboard reads the create answer for Name.
    expect(product.Name).toBe("Cloud Nine 9K Mango");
    expect(product.fields).toMatchObject({
      ProductName: "Cloud Nine 9K Mango",
      Price: "24.99",
      DistroPrice: "11.50",
      SellingPriceBox: "179.00",
      Puffs9000PerDevice: "true",
      DeliveryAvailable: "true",
      InStoreStockAvailable: "false",
      Stock: "40",
      Active: "true",
    });
    expect(product.fields.Sku).toMatch(/^P-[0-9A-F]{8}$/);
    expect(product.images).toHaveLength(3);
    expect(product.images[0].src).toMatch(/\.webp$/);

    const publicView = await shop.app.inject({ url: `/api/Product/${product.id}` });
    expect(publicView.json()).toMatchObject({ name: "Cloud Nine 9K Mango", sellingPricePcsCents: 1999, stock: 40 });
    expect(publicView.json()).not.toHaveProperty("distroPriceCents");
    const search = await shop.app.inject({ url: "/api/Product?q=mango cloud nine" });
    expect(search.json().items.map((p: { id: string }) => p.id)).toContain(product.id);
  });

  it("explains problems in the spec's order and creates nothing", async () => {
    const before = await shop.app.inject({ url: "/api/admin/products", headers: { cookie } });
    const response = await create(
      form({
        ProductName: "   ",
        ProductType: "",
        Description: " ",
        MasterCategoryId: "",
        Price: "12,99",
        Stock: "-1",
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(
      body.message.startsWith(
        "Product name is required. Product type is required. Description is required. Please select a category.",
      ),
    ).toBe(true);
    expect(body.fields).toMatchObject({
      Price: "must be an amount in dollars, such as 12.99",
      Stock: expect.any(String),
    });
    const after = await shop.app.inject({ url: "/api/admin/products", headers: { cookie } });
    expect(after.json().total).toBe(before.json().total);
  });

  it("never puts a product on sale for nothing: an active one needs a price above $0.00", async () => {
    const before = await shop.app.inject({ url: "/api/admin/products", headers: { cookie } });
    const noPrice = { Price: "", DistroPrice: "", SellingPricePCS: "", SellingPriceBox: "" };
    const unpriced = await create(form(noPrice));
    expect(unpriced.statusCode).toBe(400);
    expect(unpriced.json()).toMatchObject({
      message: "An active product needs a selling price per piece or per box (or a list price) above $0.00.",
      fields: { SellingPricePCS: expect.stringContaining("above $0.00") },
    });
    const zero = await create(form({ SellingPricePCS: "0" }));
    expect(zero.json().fields).toEqual({
      SellingPricePCS: "Selling price per piece must be more than $0.00 to sell the product.",
    });
    const after = await shop.app.inject({ url: "/api/admin/products", headers: { cookie } });
    expect(after.json().total).toBe(before.json().total);

    // A draft may wait for its price, but it cannot be switched on without one.
    const draft = await create(form({ ...noPrice, ProductName: "Unpriced Draft", Active: "false" }));
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id;
    const edited = await shop.app.inject({
      method: "PUT",
      url: `/api/Product/${id}`,
      ...multipart(form({ ...noPrice, ProductName: "Unpriced Draft", Active: "true" }), cookie),
    });
    expect(edited.statusCode).toBe(400);
    const bulk = await shop.app.inject({
      method: "POST",
      url: "/api/admin/products/bulk",
      headers: { cookie },
      payload: { action: "activate", ids: [id] },
    });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().message).toBe("Nothing was activated: Unpriced Draft needs a selling price above $0.00 first.");
    expect((await shop.app.inject({ url: `/api/Product/${id}` })).statusCode).toBe(404);
  });

  it("refuses an unknown category, a taken SKU and a picture that is not one", async () => {
    expect((await create(form({ MasterCategoryId: "no-such-category" }))).json().fields).toEqual({
      MasterCategoryId: "Please select a category",
    });
    const first = await create(form({ Sku: "CN9K-MANGO-TEST" }));
    expect(first.statusCode).toBe(201);
    const again = await create(form({ Sku: "CN9K-MANGO-TEST" }));
    expect(again.statusCode).toBe(409);
    const html = await create(
      form({ MainImage: { file: Buffer.from("<html><script>alert(1)</script>"), filename: "x.png" } }),
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe("This file is not a JPEG, PNG or WebP image.");
  });
});

describe("editing, listing and deleting", () => {
  it("changes fields, reorders and removes pictures, and keeps the stock when it is left out", async () => {
    const created = (
      await create(
        form({
          MainImage: { file: picture, filename: "main.png" },
          GalleryImages: { file: await sharp(picture).negate().png().toBuffer(), filename: "g.png" },
        }),
      )
    ).json();
    const [main, second] = created.images.map((image: { key: string }) => image.key);
    const { Stock: _stock, ...withoutStock } = form({
      ProductName: "Cloud Nine 9K Mango Ice",
      KeepImages: `${second},${main}`,
    });
    const edited = await shop.app.inject({
      method: "PUT",
      url: `/api/Product/${created.id}`,
      ...multipart(withoutStock, cookie),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().fields).toMatchObject({ ProductName: "Cloud Nine 9K Mango Ice", Stock: "40" });
    expect(edited.json().images.map((image: { key: string }) => image.key)).toEqual([second, main]);

    const dropped = await shop.app.inject({
      method: "PUT",
      url: `/api/Product/${created.id}`,
      ...multipart(form({ KeepImages: main }), cookie),
    });
    expect(dropped.json().images.map((image: { key: string }) => image.key)).toEqual([main]);
    const foreign = await shop.app.inject({
      method: "PUT",
      url: `/api/Product/${created.id}`,
      ...multipart(form({ KeepImages: "not-a-key-of-this-product" }), cookie),
    });
    expect(foreign.statusCode).toBe(400);
  });

  it("lists every product with search, filters and sorts; inactive ones leave the storefront", async () => {
    const created = (await create(form({ ProductName: "Zebra Test Product", Active: "false", Stock: "0" }))).json();
    const list = (query: string) => shop.app.inject({ url: `/api/admin/products?${query}`, headers: { cookie } });
    const found = await list("q=zebra test");
    expect(found.json()).toMatchObject({ total: 1, items: [{ id: created.id, active: false, stock: 0 }] });
    expect((await list("active=false&stock=out")).json().items.map((p: { id: string }) => p.id)).toContain(created.id);
    expect((await list("active=true")).json().items.map((p: { id: string }) => p.id)).not.toContain(created.id);
    const byName = (await list("sort=name")).json().items.map((p: { name: string }) => p.name);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await list("sort=cheapest")).statusCode).toBe(400);
    expect((await shop.app.inject({ url: `/api/Product/${created.id}` })).statusCode).toBe(404);
  });

  it("activates, deactivates and deletes in bulk, and deletes one", async () => {
    const a = (await create(form({ ProductName: "Bulk A", Active: "false" }))).json().id;
    const b = (await create(form({ ProductName: "Bulk B", Active: "false" }))).json().id;
    const bulk = (action: string, ids: string[]) =>
      shop.app.inject({
        method: "POST",
        url: "/api/admin/products/bulk",
        headers: { cookie },
        payload: { action, ids },
      });
    expect((await bulk("activate", [a, b])).json()).toEqual({ count: 2, message: "2 products activated." });
    expect((await shop.app.inject({ url: `/api/Product/${a}` })).statusCode).toBe(200);
    expect((await bulk("delete", [a])).json().message).toBe("1 product deleted.");
    expect((await shop.app.inject({ url: `/api/admin/products/${a}`, headers: { cookie } })).statusCode).toBe(404);
    const removed = await shop.app.inject({ method: "DELETE", url: `/api/Product/${b}`, headers: { cookie } });
    expect(removed.statusCode).toBe(204);
    expect(
      (await shop.app.inject({ method: "DELETE", url: `/api/Product/${b}`, headers: { cookie } })).statusCode,
    ).toBe(404);
  });
});

describe("the dashboard overview", () => {
  it("counts products, categories and active banners, and lists the products changed last", async () => {
    const created = (await create(form({ ProductName: "Overview Newest", Active: "false", Stock: "0" }))).json();
    const response = await shop.app.inject({ url: "/api/admin/overview", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    const all = (await shop.app.inject({ url: "/api/admin/products", headers: { cookie } })).json();
    const inactive = (await shop.app.inject({ url: "/api/admin/products?active=false", headers: { cookie } })).json();
    const out = (await shop.app.inject({ url: "/api/admin/products?stock=out", headers: { cookie } })).json();
    expect(overview.products).toEqual({ total: all.total, active: all.total - inactive.total, outOfStock: out.total });
    expect(overview.categories).toBe((await shop.app.inject({ url: "/api/MasterCategory" })).json().length);
    expect(overview.activeBanners).toBe((await shop.app.inject({ url: "/api/banner" })).json().length);
    expect(overview.recentProducts).toHaveLength(5);
    expect(overview.recentProducts[0].id).toBe(created.id);
    expect((await shop.app.inject({ url: "/api/admin/overview" })).statusCode).toBe(401);
  });
});
