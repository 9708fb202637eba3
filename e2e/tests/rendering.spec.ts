import type { Page } from "@playwright/test";
import type { ProductList } from "@shop/shared";
import { logInAsAdmin } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";

// React and React DOM render every page (decision 018): the server streams React's HTML and React
// DOM hydrates the whole document. The fixture in fixtures.ts fails any test whose page logs an
// error, hydration errors included; the second test shows that it does.

/** React DOM marks the container it hydrated; another renderer would not. */
const hydratedByReactDom = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));

test("React DOM hydrates the storefront's pages and the dashboard", async ({ page, request, baseURL }) => {
  const { items } = (await (await request.get("/api/Product?limit=1")).json()) as ProductList;
  for (const path of ["/", "/products", `/products/${items[0]?.id}`, "/coas"]) {
    await page.goto(path);
    await hydratedByReactDom(page);
  }
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await hydratedByReactDom(page);
});

test("a page whose HTML does not match what React renders fails the console check", async ({ page, consoleErrors }) => {
  // The server's words are changed on the way, as a renderer that disagreed with the browser's would.
  await page.route("**/about-us", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<h1[^>]*>)([^<]+)</, "$1Not what React renders<");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/about-us");
  await expect.poll(() => consoleErrors.join("\n")).toMatch(/Minified React error #418|Hydration/);
  consoleErrors.length = 0;
});

test.describe("on a phone @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the cart drawer and phone menu load only when they are used", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const { items } = (await (await page.request.get("/api/Product?inStock=true&limit=1")).json()) as ProductList;
    await page.goto(`/products/${items[0]?.id}`);
    await hydratedByReactDom(page);
    const loaded = (part: string) => scripts.some((path) => path.startsWith(`/assets/${part}-`));
    expect(scripts.length).toBeGreaterThan(0);
    for (const part of ["cart-drawer", "mobile-menu"]) expect(loaded(part), part).toBe(false);

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(loaded("mobile-menu")).toBe(true);
    await page.getByRole("button", { name: "Close menu" }).click();

    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
    expect(loaded("cart-drawer")).toBe(true);
  });
});

test("a product page reached by a link shows its details and lab results at once, with no placeholder", async ({
  page,
}) => {
  await page.goto("/products?category=hemp-product");
  const card = page.getByRole("article").first();
  const name = await card.getByRole("heading").innerText();
  await card.getByRole("link").click();
  const title = page.getByRole("heading", { level: 1, name });
  await expect(title).toBeVisible();
  // The lazily loaded part arrived with the page's data: it is there in the same frame as the title.
  expect(await page.getByRole("heading", { name: "Certificate of analysis" }).count()).toBe(1);
  expect(await page.getByRole("region", { name: "Product", exact: true }).count()).toBe(1);
});

test("the first HTML holds every part of the page, lazy parts included, for readers without JavaScript", async ({
  request,
}) => {
  const { items } = (await (await request.get("/api/Product?category=hemp-product&limit=1")).json()) as ProductList;
  const product = await (await request.get(`/products/${items[0]?.id}`)).text();
  expect(product).toContain("Certificate of analysis");
  // A visitor who has not passed the gate yet gets it in the same first HTML.
  expect(product).toContain("Please select your birth year to continue.");
  const list = await (await request.get("/products")).text();
  expect(list).toContain('id="product-filters"');
  for (const html of [product, list]) {
    expect(html).toContain("<footer");
    // Nothing finished is held back for a script to reveal later: React's late segments carry only
    // React Router's data scripts.
    const late = [...html.matchAll(/<div hidden id="S:\d+">(.{0,20})/g)].map((match) => match[1]);
    for (const start of late) expect(start).toMatch(/^<script/);
  }
});
