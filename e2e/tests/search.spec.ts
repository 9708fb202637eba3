import type { ProductList } from "@shop/shared";
import { expect, test } from "./fixtures.ts";

test("search finds products and keeps the words in the URL @phone", async ({ page, request, isMobile }) => {
  const expected = (await (await request.get("/api/Product?q=watermelon&limit=100")).json()) as ProductList;
  expect(expected.totalProducts).toBeGreaterThan(0);
  await page.goto("/products");
  if (isMobile) await page.getByRole("button", { name: "Filters and search" }).click();
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("watermelon");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/products\?q=watermelon$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “watermelon”");
  await expect(page.getByRole("article")).toHaveCount(expected.totalProducts);
});

test("a search with no match says so and offers the whole shop", async ({ page }) => {
  await page.goto("/products?q=zzzqqq");
  await expect(page.getByRole("heading", { name: "No products match" })).toBeVisible();
  await page.getByRole("link", { name: "See all products" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("filters apply through the URL, show as chips and come off one by one", async ({ page, request }) => {
  await page.goto("/products?category=disposable");
  const filters = page.getByRole("complementary", { name: "Filters" });
  const brand = await filters.getByLabel("Brand").locator("option").nth(1).getAttribute("value");
  await filters.getByLabel("Brand").selectOption(brand ?? "");
  await expect(page).toHaveURL(new RegExp(`category=disposable&brand=${brand}`));
  await filters.getByLabel("In stock only").check();
  await expect(page).toHaveURL(/inStock=true/);

  const expected = (await (
    await request.get(`/api/Product?category=disposable&brand=${brand}&inStock=true&limit=100`)
  ).json()) as ProductList;
  await expect(page.getByRole("article")).toHaveCount(expected.totalProducts);
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("link", { name: new RegExp(`Brand: ${brand}`) })).toBeVisible();

  await chips.getByRole("link", { name: /In stock/ }).click();
  await expect(page).not.toHaveURL(/inStock/);
  await page.goBack();
  await expect(page).toHaveURL(/inStock=true/);
  await chips.getByRole("link", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("price range and sort order work together", async ({ page }) => {
  await page.goto("/products?minPrice=10&maxPrice=30");
  await page.getByLabel("Sort by").selectOption("price_asc");
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page).toHaveURL(/minPrice=10/);
  const prices = await page
    .getByRole("article")
    .locator("p > span:first-child")
    .allInnerTexts()
    .then((texts) => texts.map((text) => Number(text.replace(/[$,]/g, ""))));
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  expect(prices.every((price) => price >= 10 && price <= 30)).toBe(true);
});

test("the filter form works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL ?? "" }]);
  const page = await context.newPage();
  await page.goto("/products");
  const filters = page.getByRole("complementary", { name: "Filters" });
  await filters.getByLabel("Category").selectOption("kratom");
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kratom");
  await context.close();
});

test("the header's search button opens a field on every page; it searches and closes @phone", async ({ page }) => {
  await page.goto("/about-us");
  const open = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
  await open.click();
  const panel = page.getByRole("dialog", { name: "Search the shop" });
  const field = panel.getByRole("searchbox", { name: "Search the shop" });
  await expect(field).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  await open.click();
  await field.fill("watermelon");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/products\?q=watermelon$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “watermelon”");
});

test("the home page has a search field @phone", async ({ page }) => {
  await page.goto("/");
  const field = page.getByRole("main").getByRole("searchbox", { name: "Search the shop" });
  await field.fill("mint");
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/products\?q=mint$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “mint”");
});

test("every product search field stops at the API's 200 characters, so a long query never ends on an error page", async ({
  page,
}) => {
  const long = "menthol ".repeat(40); // 320 characters
  await page.goto("/");
  const home = page.getByRole("main").getByRole("searchbox", { name: "Search the shop" });
  await home.pressSequentially(long.slice(0, 210), { delay: 0 });
  await expect(home).toHaveValue(long.slice(0, 200));
  await home.press("Enter");
  await expect(page).toHaveURL(/\/products\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Results for");
  await expect(page.getByRole("main").getByRole("searchbox", { name: "Search" })).toHaveAttribute("maxlength", "200");
  await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("searchbox")).toHaveAttribute("maxlength", "200");
});

test("price chips read as prices, an upside-down range is refused beside the fields, and filters follow the category", async ({
  page,
}) => {
  await page.goto("/products?minPrice=5&maxPrice=20.5");
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("link", { name: /^From \$5\.00/ })).toBeVisible();
  await expect(chips.getByRole("link", { name: /^Up to \$20\.50/ })).toBeVisible();

  const filters = page.getByRole("complementary", { name: "Filters" });
  const low = filters.getByLabel("Lowest price in dollars");
  await low.fill("30");
  await low.press("Enter");
  await expect(filters.getByRole("alert")).toHaveText("The lowest price is above the highest.");
  await expect(low).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/minPrice=5&maxPrice=20\.5$/);

  await page.goto("/products?category=disposable");
  await expect(filters.getByLabel("9,000+ puffs per device")).toBeVisible();
  await page.goto("/products?category=kratom");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kratom");
  await expect(filters.getByLabel("9,000+ puffs per device")).toHaveCount(0);
});
