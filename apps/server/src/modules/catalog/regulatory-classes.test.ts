import type { AdminProductPage, MasterCategory, Product, ProductList } from "@shop/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "../../db/seed/demo-catalog.ts";
import { type FormValue, loginCookie, multipart, TEST_ADMIN, TEST_ADMIN_ENV } from "../../test/forms.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let cookie = "";
const categories = new Map<string, string>();
beforeAll(async () => {
  shop = await createTestApp({ env: TEST_ADMIN_ENV });
  cookie = await loginCookie(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  const list = (await shop.app.inject({ url: "/api/MasterCategory" })).json() as MasterCategory[];
  for (const category of list) categories.set(category.slug, category.id);
});
afterAll(() => shop.close());

const form = (overrides: Record<string, FormValue | FormValue[]> = {}) => ({
  ProductName: "Classy Cloud 9K – Mango",
  ProductType: "Disposable",
  Description: "A mango disposable.",
  MasterCategoryId: categories.get("disposable") ?? "",
  Flavour: "Mango",
  NicotineStrength: "5%",
  SellingPricePCS: "19.99",
  Stock: "10",
  ...overrides,
});

function send(method: "POST" | "PUT", url: string, fields: Record<string, FormValue | FormValue[]>) {
  return shop.app.inject({ method, url, ...multipart(fields, cookie) });
}
const create = (fields: Record<string, FormValue | FormValue[]>) => send("POST", "/api/Product", fields);
const classesRows = () =>
  shop.app.db.kysely.selectFrom("product_regulatory_classes").select(["product_id", "class"]).execute();
const adminList = async (query = "") =>
  (await shop.app.inject({ url: `/api/admin/products${query}`, headers: { cookie } })).json() as AdminProductPage;

describe("regulatory classes on the product form", () => {
  it("takes RegulatoryClasses repeated, stores them, and carries them on the public product, the lists and the edit form", async () => {
    const response = await create(form({ RegulatoryClasses: ["FLAVORED", "ENDS", "NICOTINE"] }));
    expect(response.statusCode).toBe(201);
    const saved = response.json();
    expect(saved.fields.RegulatoryClasses).toBe("ENDS,NICOTINE,FLAVORED");

    const product = (await shop.app.inject({ url: `/api/Product/${saved.id}` })).json() as Product;
    expect(product.regulatoryClasses).toEqual(["ENDS", "NICOTINE", "FLAVORED"]);
    const list = (await shop.app.inject({ url: "/api/Product?q=classy cloud" })).json() as ProductList;
    expect(list.items.find((item) => item.id === saved.id)?.regulatoryClasses).toEqual([
      "ENDS",
      "NICOTINE",
      "FLAVORED",
    ]);
    const batch = (await shop.app.inject({ url: `/api/Product/batch?ids=${saved.id}` })).json();
    expect(batch.items[0].regulatoryClasses).toEqual(["ENDS", "NICOTINE", "FLAVORED"]);
    const row = (await adminList("?q=classy")).items.find((item) => item.id === saved.id);
    expect(row?.regulatoryClasses).toEqual(["ENDS", "NICOTINE", "FLAVORED"]);
  });

  it("takes a comma list too", async () => {
    const response = await create(form({ ProductName: "Comma Kratom", RegulatoryClasses: "KRATOM, ALK_7OH" }));
    expect(response.statusCode).toBe(201);
    expect(response.json().fields.RegulatoryClasses).toBe("KRATOM,ALK_7OH");
  });

  it("suggests the classes from the category and attributes when a client sends none", async () => {
    const vape = await create(form({ ProductName: "Unclassed vape" }));
    expect(vape.json().fields.RegulatoryClasses).toBe("ENDS,NICOTINE,FLAVORED");
    const candy = await create(
      form({
        ProductName: "Unclassed candy",
        ProductType: "Candy",
        NicotineStrength: "",
        MasterCategoryId: categories.get("candy") ?? "",
      }),
    );
    expect(candy.json().fields.RegulatoryClasses).toBe("GENERAL");
  });

  it("refuses a class that is not one, none, a class twice, or General with another, beside the field, and writes nothing", async () => {
    const before = { total: (await adminList()).total, classes: (await classesRows()).length };
    const cases: [FormValue | FormValue[], RegExp][] = [
      [["ENDS", "VAPE"], /"VAPE" is not one/],
      ["", /choose at least one regulatory class/],
      [["KRATOM", "KRATOM"], /name each class once/],
      [["GENERAL", "KRATOM"], /General goods means none of the other classes/],
      ["ends", /"ends" is not one/],
    ];
    for (const [value, message] of cases) {
      const response = await create(form({ ProductName: "Refused", RegulatoryClasses: value }));
      expect(response.statusCode, String(value)).toBe(400);
      const body = response.json();
      expect(body.fields.RegulatoryClasses).toMatch(message);
      expect(body.message).toMatch(message);
    }
    expect((await adminList()).total).toBe(before.total);
    expect((await classesRows()).length).toBe(before.classes);
  });

  it("changes a product's classes on edit, keeps them when the field is left out, and keeps them on a refusal", async () => {
    const id = (await create(form({ ProductName: "Edited classes", RegulatoryClasses: "ENDS" }))).json().id as string;
    const changed = await send("PUT", `/api/Product/${id}`, form({ RegulatoryClasses: ["ENDS", "HEMP_INTOX"] }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().fields.RegulatoryClasses).toBe("ENDS,HEMP_INTOX");

    const kept = await send("PUT", `/api/Product/${id}`, form({ ProductName: "Edited classes again" }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().fields.RegulatoryClasses).toBe("ENDS,HEMP_INTOX");

    const refused = await send(
      "PUT",
      `/api/Product/${id}`,
      form({ ProductName: "Not saved", RegulatoryClasses: "THC" }),
    );
    expect(refused.statusCode).toBe(400);
    const after = (await shop.app.inject({ url: `/api/admin/products/${id}`, headers: { cookie } })).json();
    expect(after.fields).toMatchObject({ ProductName: "Edited classes again", RegulatoryClasses: "ENDS,HEMP_INTOX" });
  });

  it("drops a product's classes with the product", async () => {
    const id = (await create(form({ ProductName: "Deleted classes", RegulatoryClasses: "ENDS" }))).json().id as string;
    const removed = await shop.app.inject({ method: "DELETE", url: `/api/Product/${id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(204);
    expect((await classesRows()).filter((row) => row.product_id === id)).toEqual([]);
  });
});

describe("the staff product list's class filter", () => {
  it("lists only the products with the class, counted", async () => {
    const kratom = demoProducts.filter((product) => product.regulatoryClasses.includes("KRATOM")).length;
    const created = await create(
      form({
        ProductName: "Filter kratom",
        MasterCategoryId: categories.get("kratom") ?? "",
        RegulatoryClasses: "KRATOM",
      }),
    );
    expect(created.statusCode).toBe(201);
    const page = await adminList("?class=KRATOM&sort=name");
    const rows = await classesRows();
    const withKratom = new Set(rows.filter((row) => row.class === "KRATOM").map((row) => row.product_id));
    expect(page.total).toBe(withKratom.size);
    expect(page.total).toBeGreaterThan(kratom);
    expect(page.items.length).toBe(Math.min(page.total, page.pageSize));
    for (const item of page.items) expect(item.regulatoryClasses, item.name).toContain("KRATOM");
    expect(page.items.map((item) => item.id)).toContain(created.json().id);

    const flower = await adminList("?class=HEMP_THCA_FLOWER&q=copperleaf");
    expect(flower.items.map((item) => item.name).sort()).toEqual(
      demoProducts
        .filter(
          (product) => product.regulatoryClasses.includes("HEMP_THCA_FLOWER") && product.brand === "Copperleaf Farms",
        )
        .map((product) => product.name)
        .sort(),
    );
  });

  it("refuses a class that is not one, in words", async () => {
    const response = await shop.app.inject({ url: "/api/admin/products?class=VAPES", headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.class).toBe("Please choose a class.");
  });
});

describe("the demo catalogue", () => {
  it("has every product classified as demo-catalog.ts says", async () => {
    const rows = await shop.app.db.kysely
      .selectFrom("products as p")
      .leftJoin("product_regulatory_classes as c", "c.product_id", "p.id")
      .select(["p.sku", "c.class"])
      .execute();
    const bySku = new Map<string, string[]>();
    for (const row of rows) bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), ...(row.class ? [row.class] : [])]);
    for (const product of demoProducts) {
      expect(product.regulatoryClasses.length, product.sku).toBeGreaterThan(0);
      expect(bySku.get(product.sku)?.sort(), product.sku).toEqual([...product.regulatoryClasses].sort());
    }
  });
});
