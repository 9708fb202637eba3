import type { APIRequestContext, Page } from "@playwright/test";
import type { ProductList } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { ADMIN } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { test as base, expect } from "./fixtures.ts";
import { fullPageShots } from "./pages.ts";

// Decision 080: a product that a country-wide rule bars today shows "Not
// for sale" wherever it appears, with the reason on its page and no way to add it to a cart, and
// the home page features no such product. The spec makes its own: a featured candy of a brand of
// its own, and a country-wide ban on that brand, ended and taken off afterwards.

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const today = dayOf(new Date());

/** The staff API for each test, closed when the test ends. */
const test = base.extend<{ admin: APIRequestContext }>({
  admin: async ({ playwright, baseURL }, use) => {
    const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? "" } });
    expect((await admin.post("/api/Auth/login", { data: ADMIN })).status()).toBe(200);
    await use(admin);
    await admin.dispose();
  },
});

/** A country-wide ban on candy of `brand`, in force from `from` to `to`. */
const banOn = (brand: string, to: string | null = null) => ({
  jurisdiction: { level: "country", country: "US" },
  regulatoryClass: "GENERAL",
  effect: "ban",
  minAge: null,
  requirements: [],
  statement: null,
  condition: { attribute: "brand", operator: "is", value: brand },
  effectiveFrom: "2026-01-01",
  effectiveTo: to,
  sourceUrl: "https://www.usa.gov/",
  sourceDate: null,
  lastCheckedOn: today,
  notes: "Made by not-for-sale.spec.ts",
  isExample: false,
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "desktop") await page.setViewportSize({ width: 1440, height: 900 });
});

const card = (page: Page, name: string) => page.getByRole("article").filter({ hasText: name });

test("a product a country-wide rule bars shows Not for sale on its card and why on its page, and is never featured @phone", async ({
  page,
  admin,
  consoleErrors,
}, testInfo) => {
  const shot = fullPageShots(page, testInfo);
  const brand = unique("Banned Brand");
  // A word only this test's two candies have: the list is read for them alone, whatever candies
  // other tests add meanwhile (new products come first, and a list page holds 20).
  const word = unique("Straws").replace(" ", "");
  const name = `${brand} Sour ${word}`;
  const categories: { id: string; slug: string }[] = await (await admin.get("/api/MasterCategory")).json();
  const candy = categories.find((category) => category.slug === "candy");
  if (!candy) throw new Error("the demo shop has no Candy category");
  const fields = (active: boolean) => ({
    ProductName: name,
    ProductType: "Candy",
    Description: "Made by the not-for-sale browser test.",
    MasterCategoryId: candy.id,
    Brand: brand,
    SellingPricePCS: "3.25",
    FeatureProduct: "true",
    DeliveryAvailable: "true",
    RegulatoryClasses: "GENERAL",
    Active: String(active),
    Stock: "40",
  });
  const made = await admin.post("/api/Product", { multipart: fields(true) });
  expect(made.status(), await made.text()).toBe(201);
  const buyable = await admin.post("/api/Product", {
    multipart: { ...fields(true), ProductName: `Sweet ${word}`, Brand: unique("Open Brand"), FeatureProduct: "false" },
  });
  expect(buyable.status(), await buyable.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const ruled = await admin.post("/api/admin/compliance/rules", { data: banOn(brand) });
  expect(ruled.status(), await ruled.text()).toBe(201);
  const rule = (await ruled.json()) as { id: string };
  try {
    // The list and the search: its card says Not for sale, not In stock, and it comes after what can be bought.
    await page.goto(`/products?category=candy&q=${encodeURIComponent(word)}`);
    const listed = card(page, name);
    await expect(listed.getByText("Not for sale")).toBeVisible();
    await expect(listed.getByText("In stock")).toHaveCount(0);
    // After the product that can be bought.
    const texts = await page.getByRole("article").allInnerTexts();
    const barred = texts.map((text) => text.includes("Not for sale"));
    const firstBarred = barred.indexOf(true);
    expect(firstBarred).toBeGreaterThan(0);
    expect(barred.slice(firstBarred).every(Boolean)).toBe(true);
    expect(texts.findIndex((text) => text.includes(name))).toBeGreaterThanOrEqual(firstBarred);
    await expectNoViolations(page, "a list with a product not for sale");
    await shot("not-for-sale-list");

    await page.goto(`/products?q=${encodeURIComponent(brand)}`);
    await expect(card(page, name).getByText("Not for sale")).toBeVisible();
    await shot("not-for-sale-search");

    // Its page: Not for sale, the reason with its source, and no Add to cart.
    await card(page, name).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // The product's own column (the related products below have cards of their own).
    const product = page.locator('section[aria-labelledby="product-name"]');
    await expect(product.getByText("Not for sale", { exact: true }).first()).toBeVisible();
    await expect(product.getByRole("button", { name: "Not for sale" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    await expect(product.getByText("In stock", { exact: true })).toHaveCount(0);
    const shipsTo = page.getByRole("region", { name: "Not sold anywhere in the United States" });
    await expect(shipsTo.getByRole("heading", { name: "Not sold anywhere in the United States" })).toBeVisible();
    await expect(
      shipsTo.getByText(`These goods whose brand is “${brand}” are not sold anywhere in the United States.`),
    ).toBeVisible();
    await expect(shipsTo.getByRole("link", { name: "(rule source)" })).toHaveAttribute("href", "https://www.usa.gov/");
    // What search engines read: not in stock.
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock");
    await expectNoViolations(page, "the page of a product not for sale");
    await shot("not-for-sale-product");

    // The home page features it no more, nor anything else that cannot be bought.
    await page.goto("/");
    const featured = page.getByRole("region", { name: /featured/i }).or(page.locator("main"));
    await expect(featured.getByRole("article").first()).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
    await expect(featured.getByRole("article").getByText("Not for sale")).toHaveCount(0);
    const api = (await (await page.request.get("/api/Product?featured=true&limit=100")).json()) as ProductList;
    expect(api.items.filter((item) => item.soldNowhere)).toEqual([]);
    await shot("not-for-sale-home");
  } finally {
    const ended = await admin.put(`/api/admin/compliance/rules/${rule.id}`, {
      data: banOn(brand, addDays(today, -1)),
    });
    expect(ended.status(), await ended.text()).toBe(200);
    await admin.put(`/api/Product/${id}`, { multipart: { ...fields(false), Stock: "0" } });
  }
  expect(consoleErrors).toEqual([]);
});
