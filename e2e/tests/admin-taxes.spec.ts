import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { postsFrom, toastAtRest } from "./pages.ts";

// Each project takes a state of its own, so the two runs side by side never see each other's taxes.
const STATES = { desktop: { code: "WY", name: "Wyoming" }, phone: { code: "MT", name: "Montana" } } as const;

test("Settings > Taxes: a tax made through the API is listed; one made in the form is refused beside a field, then created, edited to version 2 @phone", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const project = testInfo.project.name === "phone" ? "phone" : "desktop";
  const state = STATES[project];
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-${project}.png`), fullPage: true });
  await logInAsAdmin(page, baseURL);

  // A per-unit example tax of this spec's own, through the staff API, last checked long ago.
  const made = await page.request.post("/api/admin/tax-rules", {
    headers: { Origin: baseURL ?? "" },
    data: {
      jurisdiction: { level: "state", country: "US", state: state.code },
      name: `E2E unit tax ${run}`,
      regulatoryClass: "ENDS",
      nicotine: "any",
      system: "prefilled",
      liquid: "any",
      basis: "per_unit",
      rate: "0.5",
      mlRounding: null,
      afterDiscount: false,
      salesTaxOnTop: false,
      effectiveFrom: "2026-01-01",
      effectiveTo: null,
      sourceUrl: "https://www.usa.gov/",
      sourceDate: null,
      lastCheckedOn: "2026-01-01",
      notes: "Made by the taxes browser test",
      isExample: true,
    },
  });
  expect(made.status()).toBe(201);
  const listed = (await made.json()) as { id: string };

  // The dashboard home counts the stale tax rules and leads to them; the state filter goes in the address.
  await page.goto("/dashboard");
  await expect(page.getByText(/^\d+ tax rules? not checked for 90 days$/)).toBeVisible();
  await page.getByRole("link", { name: "See the stale tax rules" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/taxes\?stale=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tax rules" })).toBeVisible();
  await page.getByLabel("State", { exact: true }).selectOption(state.code);
  await expect(page).toHaveURL(new RegExp(`[?&]state=${state.code}(&|$)`));
  const table = page.getByRole("table", { name: "Excise-tax rules" });
  const row = table.locator(`[data-tax-rule="${listed.id}"]`);
  await expect(row).toContainText(`E2E unit tax ${run}`);
  await expect(row).toContainText("$0.50 per unit");
  await expect(row.getByText("Example", { exact: true })).toBeVisible();
  await expect(row.getByText("Stale", { exact: true })).toBeVisible();
  await expectNoViolations(page, "tax rules list");
  await shot("taxes-list");

  // The form: ml rounding shows only for a per-ml tax, "after discounts" only for a retail percentage.
  const posts = postsFrom(page, "/api/admin/tax-rules");
  await page.getByRole("link", { name: "New tax rule" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/taxes\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "New tax rule" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(`E2E vapor tax ${run}`);
  await page.getByLabel("State", { exact: true }).selectOption(state.code);
  await page.getByLabel("Nicotine").selectOption("nicotine");
  await page.getByLabel("Basis", { exact: true }).selectOption("retail_percent");
  await expect(page.getByLabel("Part of a millilitre")).toHaveCount(0);
  await expect(page.getByLabel("Of the price after discounts")).toBeVisible();
  await page.getByLabel("Basis", { exact: true }).selectOption("per_ml");
  await expect(page.getByLabel("Of the price after discounts")).toHaveCount(0);
  const rounding = page.getByLabel("Part of a millilitre");
  await page.getByLabel("Rate", { exact: true }).fill("0.10");
  await page.getByLabel("Source address").fill("https://tax.example.gov/");
  await page.getByRole("button", { name: "Create tax rule" }).click();

  await expect(page.getByText("Please choose how part of a millilitre is counted.")).toBeVisible();
  await expect(rounding).toHaveAttribute("aria-invalid", "true");
  await expect(rounding).toBeFocused();
  expect(posts).toEqual([]);
  await expectNoViolations(page, "new tax rule with a refused field");
  await shot("taxes-new-refused");

  await rounding.selectOption("whole_ml_down");
  await page.getByRole("button", { name: "Create tax rule" }).click();
  await toastAtRest(page, "Tax rule created");
  await expect(page).toHaveURL(/\/dashboard\/settings\/taxes\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("tax-rule-version")).toHaveText("Version 1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`E2E vapor tax ${run}`);

  // Edited: version 2, both versions listed.
  const rate = page.getByLabel("Rate", { exact: true });
  await expect(rate).toHaveValue("0.10");
  await rate.fill("0.125");
  await page.getByRole("button", { name: "Save tax rule" }).click();
  await toastAtRest(page, "Tax rule saved as version 2");
  await expect(page.getByTestId("tax-rule-version")).toHaveText("Version 2");
  await expect(page.getByLabel("Rate", { exact: true })).toHaveValue("0.125");
  const versions = page.getByRole("region", { name: "Versions" });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("listitem").first()).toContainText("Version 2");
  await expectNoViolations(page, "tax rule saved as version 2");
  await shot("taxes-edit");

  await page.goto(`/dashboard/settings/taxes?state=${state.code}&q=${run}`);
  await expect(table.getByRole("link", { name: `E2E vapor tax ${run}` })).toBeVisible();
  await expect(table).toContainText("$0.125 per ml");
  expect(consoleErrors).toEqual([]);
});

test("Settings > Taxes: a CSV import previews each row, a row with a problem in words by column, and applies nothing until fixed @phone", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const project = testInfo.project.name === "phone" ? "phone" : "desktop";
  const state = STATES[project];
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/settings/taxes");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importer = page.getByRole("region", { name: "Import tax rules from CSV" });
  const header =
    "level,state,locality,zip_set_name,zips,name,class,nicotine,system,liquid,basis,rate,ml_rounding,after_discount,sales_tax_on_top,wholesale,effective_from,effective_to,source_url,source_date,last_checked_on,notes,is_example";
  const good = `locality,${state.code},E2E County ${run},,,E2E county tax ${run},ENDS,any,any,any,retail_percent,40,,yes,no,exempt,2026-01-01,,https://www.usa.gov/,,2026-11-01,Imported by the browser test,no`;
  const bad = `state,${state.code},,,,E2E broken ${run},ENDS,any,any,any,per_ml,0.10,,no,no,,2026-01-01,,https://www.usa.gov/,,2026-11-01,,no`;
  await importer.getByLabel("CSV file").setInputFiles({
    name: "taxes.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([header, good, bad].join("\r\n")),
  });
  const preview = importer.getByRole("table", { name: "What the import would change" });
  await expect(preview.locator('[data-import-row="2"]')).toContainText("New tax rule");
  await expect(preview.locator('[data-import-row="3"]')).toContainText("Problem");
  await expect(preview.locator('[data-import-row="3"]')).toContainText(
    "ml_rounding Please choose how part of a millilitre is counted.",
  );
  await expect(importer.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();
  await expectNoViolations(page, "tax rules import preview");
  await page.screenshot({ path: testInfo.outputPath(`taxes-import-${project}.png`), fullPage: true });

  await importer.getByLabel("CSV file").setInputFiles({
    name: "taxes.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([header, good].join("\r\n")),
  });
  await expect(preview.locator('[data-import-row="2"]')).toContainText("New tax rule");
  await importer.getByRole("button", { name: "Apply 1 change" }).click();
  await toastAtRest(page, "Tax rules imported: 1 new, 0 changed, 0 unchanged.");
  await expect(importer).toHaveCount(0);
  await page.getByLabel("Search tax rules").fill(run);
  await expect(page.getByRole("table", { name: "Excise-tax rules" })).toContainText("40% of retail");
  expect(consoleErrors).toEqual([]);
});
