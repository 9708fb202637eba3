import { logInAsAdmin } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { demoProduct } from "./products.ts";

// Run against the shop in development mode (project "development" in playwright.config.ts): React's
// development build logs every difference between the server's HTML and the browser's first render,
// attributes included, as a console error, which the fixture in fixtures.ts turns into a failure.
// The production build reports only differences of text and structure (rendering.spec.ts).

test("the storefront's pages hydrate without a single mismatch", async ({ page, request }) => {
  const product = await demoProduct(request, "Nimbrix Pro 25K Disposable");
  for (const path of ["/", "/products", "/products?category=kratom", `/products/${product.id}`, "/coas", "/cart"]) {
    await page.goto(path);
    await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));
    await page.waitForLoadState("networkidle");
  }
});

test("the age gate hydrates without a mismatch", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  await expect(page.getByRole("dialog", { name: "Age Verification" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  await context.close();
});

test("the dashboard hydrates without a mismatch", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
});

test("an attribute that differs from what React renders is reported", async ({ page, consoleErrors }) => {
  await page.route("**/about-us", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<h1 class="/, '<h1 class="not-what-react-renders ');
    await route.fulfill({ response, body: html });
  });
  await page.goto("/about-us");
  await expect.poll(() => consoleErrors.join("\n")).toMatch(/didn't match the client properties/);
  consoleErrors.length = 0;
});
