import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, postsFrom } from "./pages.ts";

// Issue 15 item 5 (docs/decisions/047): from 2026-11-12 the federal hemp limit counts THCA, so the
// demo's THCA flower (24.86 % total THC on its latest COA, for Mint Frost Cake) cannot be sold
// anywhere. Staff see so on the product and the list; a rule tests a lab figure with a number.

const REASON =
  "Its latest lab result (COA) shows 24.86 % total THC. THCA flower whose total THC (delta-9 + 0.877 × THCA) " +
  "is above 0.3 % is not sold anywhere in the United States.";

test("staff see why the demo's THCA flower cannot be sold anywhere, on its page and on the list", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const shot = fullPageShots(page, testInfo);
  await logInAsAdmin(page, baseURL);
  const found = await (await page.request.get("/api/admin/products?q=Mint%20Frost%20Cake")).json();
  const flower: { id: string; name: string } = found.items[0];
  expect(flower.name).toContain("Mint Frost Cake");

  await page.goto(`/dashboard/products/${flower.id}/edit`);
  const panel = page.getByRole("region", { name: "This product cannot be sold anywhere today" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(REASON)).toBeVisible();
  await expect(panel.getByRole("link", { name: "Rule source" })).toHaveAttribute("href", "https://www.congress.gov/");
  await expectNoViolations(page, "product that cannot be sold");
  await shot("hemp-limit-product");

  await page.goto("/dashboard/products?class=HEMP_THCA_FLOWER");
  const row = page.locator(`[data-product-id="${flower.id}"]`);
  await expect(row.getByText("Not sellable").filter({ visible: true })).toBeVisible();
  await expect(row.getByText("Not sellable").filter({ visible: true })).toHaveAttribute("title", REASON);
  await expectNoViolations(page, "products that cannot be sold");
  await shot("hemp-limit-list");
  expect(consoleErrors).toEqual([]);
});

test("a rule on a lab figure takes a comparison of numbers and refuses a value that is not a percentage @phone", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const shot = fullPageShots(page, testInfo);
  await logInAsAdmin(page, baseURL);
  const posts = postsFrom(page, "/api/admin/compliance/rules");
  await page.goto("/dashboard/settings/compliance/new");
  await page.getByLabel("State", { exact: true }).selectOption("ID");
  await page.getByLabel("Regulatory class").selectOption("HEMP_NONINTOX");
  await page.getByLabel("Source address").fill("https://www.usa.gov/");
  await page.getByLabel("Condition", { exact: true }).selectOption("totalThc");
  const comparison = page.getByLabel("Comparison");
  await expect(comparison).toHaveValue("is_above");
  await expect(comparison.getByRole("option")).toHaveText(["is above", "is at most"]);
  const value = page.getByLabel("Value", { exact: true });
  await value.fill("0,3 %");
  await page.getByRole("button", { name: "Create rule" }).click();
  await expect(
    page.getByText("Please enter a percentage from 0 to 100 as a number, such as 0.3 (at most three decimals)."),
  ).toBeVisible();
  await expect(value).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  await expectNoViolations(page, "rule on a lab figure refused");
  await shot("hemp-limit-rule-refused");

  // Back to words: the comparisons of words return.
  await page.getByLabel("Condition", { exact: true }).selectOption("flavour");
  await expect(comparison).toHaveValue("is_not");
  expect(consoleErrors).toEqual([]);
});
