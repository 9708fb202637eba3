import {
  type ComplianceRuleItem,
  type Product,
  type ProductList,
  type ProductSummary,
  productListQuerySchema,
} from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCategories, demoProducts } from "../../db/seed/demo-catalog.ts";
import { seedDemo } from "../../db/seed/seed.ts";
import { writePdf } from "../../lib/simple-pdf.ts";
import { coaFormFields, daysAgo, multipart, type Sessions } from "../../test/forms.ts";
import { DEMO_SOLD_NOWHERE, productIdBySku } from "../../test/products.ts";
import { createShopWithSessions, createTestApp, type TestApp } from "../../test/test-app.ts";
import { createComplianceRepository } from "../compliance/repository.ts";
import { createComplianceService, type RuleInput } from "../compliance/service.ts";
import { createCatalogRepository } from "./repository.ts";
import { createCatalogService } from "./service.ts";

// A product that a country-wide rule bars today is "Not for sale" wherever it appears, is never
// featured or counted as available, and sorts after what can be bought (docs/decisions/080); the
// demo catalogue is true under the federal hemp definition of 2026-11-12.

let shop: TestApp;
let cookies: Sessions;
beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions());
});
afterAll(() => shop.close());

async function list(query: string): Promise<ProductList> {
  const response = await shop.app.inject(`/api/Product?limit=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProductList;
}
const soldNowhereSkus = (items: ProductSummary[]) =>
  items
    .filter((item) => item.soldNowhere)
    .map((item) => item.sku)
    .sort();
/** Whether every product that can be bought comes before every one that cannot. */
const buyableFirst = (items: ProductSummary[]) =>
  items.findIndex((item) => item.soldNowhere) === -1 ||
  items.slice(items.findIndex((item) => item.soldNowhere)).every((item) => item.soldNowhere);

const today = dayOf(new Date());
/** A country-wide ban, as staff would enter it, on the products of a class whose flavour is `flavour`. */
const ban = (flavour: string, from = "2026-01-01", to: string | null = null): RuleInput => ({
  jurisdiction: { level: "country", country: "US" },
  regulatoryClass: "GENERAL",
  effect: "ban",
  minAge: null,
  requirements: [],
  statement: null,
  condition: { attribute: "flavour", operator: "is", value: flavour },
  effectiveFrom: from,
  effectiveTo: to,
  sourceUrl: "https://www.usa.gov/",
  sourceDate: null,
  lastCheckedOn: today,
  notes: "Test: a country-wide ban on watermelon candy.",
  exceptLicensed: false,
  isExample: false,
});
/** The demo's watermelon candy: a featured product the test bans everywhere. */
const BELTS = "CND-CSW-SRB-WM";

describe("the demo catalogue under the federal hemp definition of 2026-11-12", () => {
  it("sells the CBD products within 0.4 mg of THC per container and marks only the THCA flower and THC gummies Not for sale", async () => {
    const all = await list("");
    expect(soldNowhereSkus(all.items)).toEqual([...DEMO_SOLD_NOWHERE].sort());
    const hemp = all.items.filter((item) => item.category.slug === "hemp-product");
    expect(hemp.length).toBe(10);
    const sold = hemp.filter((item) => !item.soldNowhere);
    expect(sold.length).toBeGreaterThanOrEqual(6);
    for (const item of sold) {
      expect(item.regulatoryClasses).toContain("HEMP_NONINTOX");
      const coas = (await shop.getJson<{ items: { thcPerContainer: number | null }[] }>(`/api/coas?product=${item.id}`))
        .body.items;
      expect(coas.length, item.sku).toBeGreaterThan(0);
      expect(coas[0]?.thcPerContainer, item.sku).not.toBeNull();
      expect(coas[0]?.thcPerContainer, item.sku).toBeLessThanOrEqual(400);
    }
    // Featured on the home page: never one that cannot be bought, and the hemp one a CBD product.
    const featured = await list("featured=true");
    expect(featured.items.length).toBeGreaterThan(0);
    expect(featured.items.filter((item) => item.soldNowhere)).toEqual([]);
    expect(demoProducts.filter((product) => product.featured && DEMO_SOLD_NOWHERE.includes(product.sku))).toEqual([]);
  });

  it("is decided as soon as it is loaded into a shop that is running, not on the next day", async () => {
    const empty = await createTestApp({ demoData: false });
    try {
      // The shop's first read decides every product for today: there are none yet.
      expect((await empty.getJson<ProductList>("/api/Product")).body.totalProducts).toBe(0);
      await seedDemo(empty.app.db, empty.app.services);
      const loaded = (await empty.getJson<ProductList>("/api/Product?limit=100")).body;
      expect(loaded.totalProducts).toBe(demoProducts.length);
      expect(soldNowhereSkus(loaded.items)).toEqual([...DEMO_SOLD_NOWHERE].sort());
    } finally {
      await empty.close();
    }
  }, 120_000);

  it("says what holds today, not the 2018 Farm Bill, in the descriptions and the category's words", async () => {
    for (const product of demoProducts) expect(product.description, product.sku).not.toMatch(/Farm Bill/);
    const hemp = demoCategories.find((category) => category.slug === "hemp-product");
    expect(hemp?.description).not.toMatch(/Farm Bill/);
    expect(hemp?.description).toContain("0.4 mg");
    const flower = (await shop.getJson<Product>(`/api/Product/${await productIdBySku(shop.app, "HMP-CPL-MFC-35")}`))
      .body;
    expect(flower.soldNowhere).toBe(true);
    expect(flower.description).toContain("Not for sale: since November 12, 2026");
  });
});

describe("a product a country-wide rule bars today", () => {
  let rule: ComplianceRuleItem | undefined;
  let belts = "";
  beforeAll(async () => {
    belts = await productIdBySku(shop.app, BELTS);
  });
  afterAll(async () => {
    // Ended yesterday: the candy is sold again.
    if (rule)
      await shop.app.services.compliance.update(rule.id, ban("Watermelon", "2026-01-01", addDays(today, -1)), null);
  });

  it("answers Not for sale in the list, a category, a search, the product and a cart's refresh, sorted after what can be bought", async () => {
    const before = await list("");
    expect(before.items.find((item) => item.id === belts)?.soldNowhere).toBe(false);
    const inStockBefore = await list("inStock=true");
    expect(inStockBefore.items.some((item) => item.id === belts)).toBe(true);

    rule = await shop.app.services.compliance.create(ban("Watermelon"), null);

    const after = await list("");
    expect(after.totalProducts).toBe(before.totalProducts);
    const banned = after.items.filter((item) => item.soldNowhere).map((item) => item.id);
    expect(banned).toContain(belts);
    expect(buyableFirst(after.items)).toBe(true);
    for (const query of ["category=candy", "q=watermelon", "sort=price_asc", "sort=price_desc", "sort=name"]) {
      const { items } = await list(query);
      expect(items.find((item) => item.id === belts)?.soldNowhere, query).toBe(true);
      expect(buyableFirst(items), query).toBe(true);
      expect(items.at(-1)?.soldNowhere, query).toBe(true);
    }
    // A page at a time, the barred products still come last.
    const firstPage = (await shop.getJson<ProductList>("/api/Product?category=candy&limit=1")).body;
    expect(firstPage.items[0]?.soldNowhere).toBe(false);
    const lastPage = (
      await shop.getJson<ProductList>(`/api/Product?category=candy&limit=1&page=${firstPage.totalProducts}`)
    ).body;
    expect(lastPage.items[0]?.soldNowhere).toBe(true);

    const product = await shop.getJson<Product>(`/api/Product/${belts}`);
    expect(product.body.soldNowhere).toBe(true);
    const batch = await shop.getJson<{ items: ProductSummary[] }>(`/api/Product/batch?ids=${belts}`);
    expect(batch.body.items[0]?.soldNowhere).toBe(true);

    // Never featured, never counted as available; "not available" counts it.
    expect((await list("featured=true")).items.some((item) => item.id === belts)).toBe(false);
    const inStock = await list("inStock=true");
    expect(inStock.items.some((item) => item.id === belts)).toBe(false);
    const newlyBannedInStock = before.items.filter(
      (item) => banned.includes(item.id) && !item.soldNowhere && item.stock > 0,
    );
    expect(newlyBannedInStock.map((item) => item.id)).toContain(belts);
    expect(inStock.totalProducts).toBe(inStockBefore.totalProducts - newlyBannedInStock.length);
    expect((await list("inStock=false")).items.some((item) => item.id === belts)).toBe(true);
    // "Ships to my state" leaves out the same products (the same SQL, decision 049).
    const texas = await list("shipsTo=TX");
    for (const id of banned) expect(texas.items.some((item) => item.id === id)).toBe(false);
  });

  it("is for sale again once the rule ends", async () => {
    if (!rule) throw new Error("the rule of the test before");
    rule = await shop.app.services.compliance.update(
      rule.id,
      ban("Watermelon", "2026-01-01", addDays(today, -1)),
      null,
    );
    const after = await list("");
    expect(after.items.find((item) => item.id === belts)?.soldNowhere).toBe(false);
    expect(soldNowhereSkus(after.items)).toEqual([...DEMO_SOLD_NOWHERE].sort());
    expect((await list("featured=true")).items.some((item) => item.id === belts)).toBe(true);
  });

  it("is decided again when the day changes, for a rule that starts tomorrow", async () => {
    const tomorrow = addDays(today, 1);
    const starting = await shop.app.services.compliance.create(ban("Watermelon", tomorrow), null);
    try {
      expect((await list("")).items.find((item) => item.id === belts)?.soldNowhere).toBe(false);
      // The same shop's services with a clock a day on: the first read decides every product for that day.
      const at = new Date(Date.now() + 24 * 3_600_000);
      const db = shop.app.db;
      const compliance = createComplianceService(createComplianceRepository(db.kysely), {
        audit: shop.app.services.audit,
        now: () => at,
      });
      const catalog = createCatalogService(createCatalogRepository(db.kysely, db.engine), {
        listCacheMs: 0,
        changes: shop.app.services.shared,
        countryBans: () => compliance.bansEverywhereToday(),
        now: () => at,
      });
      const page = await catalog.listProducts(productListQuerySchema.parse({ limit: "100" }));
      expect(page.items.find((item) => item.id === belts)?.soldNowhere).toBe(true);
    } finally {
      await shop.app.services.compliance.update(starting.id, ban("Watermelon", tomorrow, tomorrow), null);
      await shop.app.services.catalog.decideSoldNowhere();
    }
    expect((await list("")).items.find((item) => item.id === belts)?.soldNowhere).toBe(false);
  });
});

describe("a COA that brings a product under the limit", () => {
  it("puts the delta-9 gummies on sale when staff publish it, and off again when they withdraw it", async () => {
    const gummies = await productIdBySku(shop.app, "HMP-CPL-D9G-MB-10");
    const soldNowhere = async () => (await shop.getJson<Product>(`/api/Product/${gummies}`)).body.soldNowhere;
    expect(await soldNowhere()).toBe(true);
    const pdf = writePdf([{ rects: [], texts: [{ x: 40, y: 700, size: 12, text: "Test report T-SOLD-1" }] }], {
      title: "Test",
      author: "Test lab",
    });
    const fields = coaFormFields(gummies, pdf, {
      lotNumber: "T-SOLD-1",
      reportDate: daysAgo(0),
      delta9Thc: "0.001",
      thca: "0",
      thcPerContainer: "0.38",
    });
    const published = await shop.app.inject({
      method: "POST",
      url: "/api/admin/coas",
      ...multipart(fields, cookies.staff),
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(await soldNowhere()).toBe(false);
    expect((await list("inStock=true")).items.some((item) => item.id === gummies)).toBe(true);

    const withdrawn = await shop.app.inject({
      method: "DELETE",
      url: "/api/admin/coas/T-SOLD-1",
      headers: { cookie: cookies.staff },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(await soldNowhere()).toBe(true);
  });
});
