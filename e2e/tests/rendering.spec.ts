import type { APIRequestContext, Page } from "@playwright/test";
import type { CoaList } from "@shop/shared";
import { logInAsAdmin } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { newProduct } from "./products.ts";

// React and React DOM render every page (decision 018): the server streams React's HTML and React
// DOM hydrates the whole document. The fixture in fixtures.ts fails any test whose page logs an
// error, hydration errors included; the second test shows that it does.

/** React DOM marks the container it hydrated; another renderer would not. */
const hydratedByReactDom = (page: Page) =>
  page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));

/** The demo's CBD oil, found by its batch of lab results: a product page with a certificate of analysis. */
async function labTestedProduct(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const { items } = (await (await request.get("/api/coas?lot=HMH-CBO-2609A")).json()) as CoaList;
  const product = items[0]?.product;
  if (!product) throw new Error("the demo's batch HMH-CBO-2609A is missing");
  return product;
}

test("React DOM hydrates the storefront's pages and the dashboard", async ({ page, baseURL }) => {
  const product = await newProduct(baseURL, { name: "Marzipan" });
  for (const path of ["/", "/products", `/products/${product.id}`, "/coas"]) {
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

  test("the cart drawer and phone menu load only when they are used", async ({ page, baseURL }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const product = await newProduct(baseURL, { name: "Nougat" });
    await page.goto(`/products/${product.id}`);
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
  const { name } = await labTestedProduct(page.request);
  // Found by a word of its name: a search for the whole name would put it in the list's heading too.
  await page.goto("/products?category=hemp-product&q=oil");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
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
  const product = await (await request.get(`/products/${(await labTestedProduct(request)).id}`)).text();
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
