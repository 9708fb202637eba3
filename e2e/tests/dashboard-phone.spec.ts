import type { Page } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newProduct } from "./products.ts";

// Every dashboard screen on a phone: it loads without a console error, fits the screen's width and
// has no axe violation. The staff flows themselves (record a payment, write a post, upload a
// license…) run on the desktop; this is where their screens are looked at on a phone, once each.

const SCREENS = {
  "home, products and orders": [
    "/dashboard",
    "/dashboard/products",
    "/dashboard/products/add",
    "/dashboard/products/import",
    "/dashboard/products/categories",
    "/dashboard/products/coas",
    "/dashboard/products/coas/add",
    "/dashboard/orders",
    "/dashboard/orders/billing",
  ],
  "content, people and documents": [
    "/dashboard/banner-list",
    "/dashboard/banner-list/add",
    "/dashboard/blog",
    "/dashboard/blog/new",
    "/dashboard/users/customers",
    "/dashboard/users/staff",
    "/dashboard/documents",
    "/dashboard/documents/upload",
    "/dashboard/documents/templates",
    "/dashboard/inbox",
  ],
  "reports, discounts and settings": [
    "/dashboard/reports",
    "/dashboard/reports/pact",
    "/dashboard/reports/excise",
    "/dashboard/discounts",
    "/dashboard/discounts/new",
    "/dashboard/settings",
    "/dashboard/settings/compliance",
    "/dashboard/settings/compliance/new",
    "/dashboard/settings/audit-log",
  ],
};

/** The screen loads with its heading, fits the phone's width and has no axe violation. */
async function lookAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
  await expectNoViolations(page, path);
}

test.describe("on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "the desktop's screens are looked at by the staff flows");
  test.beforeEach(async ({ page, baseURL }) => logInAsAdmin(page, baseURL));

  // One test a screen: each loads its data and runs axe, which on a busy machine takes seconds.
  for (const [group, paths] of Object.entries(SCREENS)) {
    for (const path of paths) {
      test(`${group}: ${path} fits, with no axe violations @phone`, async ({ page }) => lookAt(page, path));
    }
  }

  test("a product's edit form, a rule and a mail template fit, with no axe violations @phone", async ({
    page,
    baseURL,
  }) => {
    const product = await newProduct(baseURL, { name: "Peanut brittle" });
    // One of the demo's starter rules: other tests' rules come and go.
    const rules = await page.request.get("/api/admin/compliance/rules");
    const rule = ((await rules.json()).items as { id: string; isExample: boolean }[]).find((each) => each.isExample);
    for (const path of [
      `/dashboard/products/${product.id}/edit`,
      `/dashboard/settings/compliance/${rule?.id}`,
      "/dashboard/documents/templates/order_placed",
    ]) {
      await lookAt(page, path);
    }
  });
});
