import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, postsFrom } from "./pages.ts";

// Decisions 047 and 076: from 2026-11-12 the federal hemp limit counts THCA, so
// the demo's THCA flower (24.86 % total THC on its latest COA, for Mint Frost Cake) cannot be sold
// anywhere, nor anything with more than 0.4 mg of THC in a container, such as the delta-9 gummies
// (100 mg in a jar). Staff see so on the product and the list; a rule tests a lab figure with a number.

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
  // Two bans, total THC and the THC per container (decision 076), each with its source.
  const sources = panel.getByRole("link", { name: "Rule source" });
  await expect(sources).toHaveCount(2);
  for (const source of await sources.all()) await expect(source).toHaveAttribute("href", "https://www.congress.gov/");
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

test("a rule on a lab figure takes a comparison of numbers and refuses a value that is not a percentage", async ({
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

  // The THC per container is in milligrams, not a percentage (decision 076).
  await page.getByLabel("Condition", { exact: true }).selectOption("thcPerContainer");
  await expect(comparison).toHaveValue("is_above");
  await expect(page.getByText("Milligrams per container, such as 0.4.")).toBeVisible();
  await value.fill("0.4 mg");
  await page.getByRole("button", { name: "Create rule" }).click();
  await expect(
    page.getByText("Please enter milligrams from 0 to 999.999 as a number, such as 0.4 (at most three decimals)."),
  ).toBeVisible();
  expect(posts).toEqual([]);

  // Back to words: the comparisons of words return.
  await page.getByLabel("Condition", { exact: true }).selectOption("flavour");
  await expect(comparison).toHaveValue("is_not");
  expect(consoleErrors).toEqual([]);
});

test("the delta-9 gummies' COA states 100 mg of THC in the jar, so they are not sold anywhere @phone", async ({
  page,
  consoleErrors,
}, testInfo) => {
  const shot = fullPageShots(page, testInfo);
  await page.goto("/coas/CPL-D9G-2610A");
  const perContainer = page.getByRole("region", { name: "Per container" });
  await expect(perContainer.getByText("Total THC per container")).toBeVisible();
  await expect(perContainer.getByText("100 mg", { exact: true })).toBeVisible();
  await expectNoViolations(page, "a COA that states the THC per container");
  await shot("coa-per-container");

  const batch = await (await page.request.get("/api/coas/CPL-D9G-2610A")).json();
  await page.goto(`/products/${batch.product.id}`);
  await expect(page.getByRole("heading", { name: "Not sold anywhere in the United States" })).toBeVisible();
  await expect(
    page.getByText(
      "Its latest lab result (COA) shows 100 mg total THC per container. Intoxicating hemp whose total THC per " +
        "container is above 0.4 mg is not sold anywhere in the United States.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Not for sale" })).toBeDisabled();
  await shot("product-over-per-container");
  expect(consoleErrors).toEqual([]);
});
