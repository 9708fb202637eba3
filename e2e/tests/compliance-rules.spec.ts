import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { createRule } from "./compliance.ts";
import { expect, test } from "./fixtures.ts";
import { postsFrom, toastAtRest } from "./pages.ts";

const STATES = { desktop: { code: "WY", name: "Wyoming" }, phone: { code: "MT", name: "Montana" } } as const;

test("staff filter the rules by state, open one, change its minimum age and see the version go up", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const origin = baseURL ?? "";
  const project = testInfo.project.name === "phone" ? "phone" : "desktop";
  const state = STATES[project];
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-${project}.png`), fullPage: true });
  await logInAsAdmin(page, baseURL);
  const rule = await createRule(page.request, origin, state.code, `the compliance browser test ${Date.now()}`);

  await page.goto("/dashboard/settings/compliance");
  await expect(page.getByRole("heading", { level: 1, name: "Compliance rules" })).toBeVisible();
  const table = page.getByRole("table", { name: "Jurisdiction rules" });
  // The demo's starter set: example data, some of it stale.
  await expect(table.getByText("Example").first()).toBeVisible();
  await expect(table.getByText("Stale").first()).toBeVisible();
  await expectNoViolations(page, "compliance rules list");
  await shot("compliance-list");

  await page.getByLabel("State", { exact: true }).selectOption(state.code);
  await expect(page).toHaveURL(new RegExp(`[?&]state=${state.code}(&|$)`));
  const row = table.locator(`[data-rule="${rule.id}"]`);
  await expect(row).toBeVisible();
  for (const place of await table.locator("tbody tr td:first-child a").allTextContents()) {
    expect(place).toContain(state.name);
  }

  await row.getByRole("link", { name: state.name }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/settings/compliance/${rule.id}$`));
  await expect(page.getByTestId("rule-version")).toHaveText("Version 1");
  const minAge = page.getByLabel("Minimum age");
  await expect(minAge).toHaveValue("18");
  await expectNoViolations(page, "compliance rule edit");
  await shot("compliance-edit");

  await minAge.fill("21");
  await page.getByRole("button", { name: "Save rule" }).click();
  await toastAtRest(page, "Rule saved as version 2");
  await expect(page.getByTestId("rule-version")).toHaveText("Version 2");
  await expect(page.getByLabel("Minimum age")).toHaveValue("21");
  const versions = page.getByRole("region", { name: "Versions" });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await expect(versions.getByRole("listitem").first()).toContainText("Version 2");
  await expectNoViolations(page, "compliance rule saved");
  expect(consoleErrors).toEqual([]);
});

test("a new rule with a bad ZIP code is refused beside the field, and nothing is saved", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const project = testInfo.project.name === "phone" ? "phone" : "desktop";
  await logInAsAdmin(page, baseURL);
  const posts = postsFrom(page, "/api/admin/compliance/rules");

  await page.goto("/dashboard/settings/compliance");
  await page.getByRole("link", { name: "New rule" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/compliance\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "New compliance rule" })).toBeVisible();
  await expectNoViolations(page, "new compliance rule");

  await page.getByLabel("Applies to").selectOption("zip_set");
  await page.getByLabel("State", { exact: true }).selectOption("FL");
  await page.getByLabel("Name of the ZIP set").fill("Test town");
  const zips = page.getByLabel("ZIP codes");
  await zips.fill("33101 3310");
  await page.getByLabel("Regulatory class").selectOption("KRATOM");
  await page.getByLabel("Effect", { exact: true }).selectOption("ban");
  await page.getByLabel("Source address").fill("https://www.usa.gov/");
  await page.getByRole("button", { name: "Create rule" }).click();

  await expect(page.getByText("“3310” is not a 5-digit ZIP code.")).toBeVisible();
  await expect(zips).toHaveAttribute("aria-invalid", "true");
  await expect(zips).toBeFocused();
  expect(posts).toEqual([]);
  await expectNoViolations(page, "new compliance rule with a refused ZIP code");
  await page.screenshot({ path: testInfo.outputPath(`compliance-new-refused-${project}.png`), fullPage: true });

  // Corrected, it is created and opens at version 1.
  await zips.fill("33101 33102");
  await page.getByRole("button", { name: "Create rule" }).click();
  await expect(page.getByTestId("rule-version")).toHaveText("Version 1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kratom in Test town (2 ZIP codes), Florida");
  expect(consoleErrors).toEqual([]);
});

test("the dashboard home counts the stale rules and leads to them; a CSV import shows what it changes first", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const project = testInfo.project.name === "phone" ? "phone" : "desktop";
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  const stale = page.getByText(/^\d+ rules? not checked for 90 days$/);
  await expect(stale).toBeVisible();
  await expectNoViolations(page, "dashboard home with the stale rules");
  await stale.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`compliance-home-${project}.png`) });
  await page.getByRole("link", { name: "See the stale rules" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/compliance\?stale=true$/);
  const table = page.getByRole("table", { name: "Jurisdiction rules" });
  const rows = table.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await expect(table.getByText("Stale", { exact: true })).toHaveCount(count);

  // Import: a file with one good new rule and one bad row is previewed and cannot be applied.
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importer = page.getByRole("region", { name: "Import rules from CSV" });
  const header =
    "level,state,locality,zip_set_name,zips,class,effect,min_age,requirements,statement,condition_attribute,condition_operator,condition_value,effective_from,effective_to,source_url,source_date,last_checked_on,notes,except_licensed,is_example";
  const good = `state,${project === "phone" ? "ND" : "SD"},,,,KRATOM,restrict,21,,,,,,2026-01-01,,https://www.usa.gov/,,2026-11-01,Imported by the browser test,no,no`;
  const bad = "zip_set,FL,,Test,3310,KRATOM,ban,,,,,,,2026-01-01,,https://www.usa.gov/,,2026-11-01,,no,no";
  await importer.getByLabel("CSV file").setInputFiles({
    name: "rules.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([header, good, bad].join("\r\n")),
  });
  const preview = importer.getByRole("table", { name: "What the import would change" });
  await expect(preview.locator('[data-import-row="2"]')).toContainText("New rule");
  await expect(preview.locator('[data-import-row="3"]')).toContainText("Problem");
  await expect(preview.locator('[data-import-row="3"]')).toContainText("KRATOM, ban, FL");
  await expect(preview.locator('[data-import-row="3"]')).toContainText(
    'zips must be 5-digit ZIP codes ("3310" is not)',
  );
  await expect(importer.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();
  await expectNoViolations(page, "compliance import preview");
  await page.screenshot({ path: testInfo.outputPath(`compliance-import-${project}.png`), fullPage: true });

  // Only the good row: applied, and the list has it.
  await importer.getByLabel("CSV file").setInputFiles({
    name: "rules.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([header, good].join("\r\n")),
  });
  await expect(preview.locator('[data-import-row="2"]')).toContainText("New rule");
  await importer.getByRole("button", { name: "Apply 1 change" }).click();
  await toastAtRest(page, "Rules imported: 1 new, 0 changed, 0 unchanged.");
  await expect(importer).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("a rule for the same place, class and effect in force is named before saving a second one", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await logInAsAdmin(page, baseURL);
  const county = `E2E Twin ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)} County`;
  const made = await page.request.post("/api/admin/compliance/rules", {
    headers: { Origin: baseURL ?? "" },
    data: {
      jurisdiction: { level: "locality", country: "US", state: "VT", locality: county },
      regulatoryClass: "KRATOM",
      effect: "ban",
      minAge: null,
      requirements: [],
      statement: null,
      condition: null,
      effectiveFrom: "2026-01-01",
      effectiveTo: null,
      sourceUrl: "https://www.usa.gov/",
      sourceDate: null,
      lastCheckedOn: "2026-11-01",
      notes: "Made by the twin-rule browser test",
      isExample: false,
    },
  });
  expect(made.status()).toBe(201);
  const first = (await made.json()) as { id: string };

  await page.goto("/dashboard/settings/compliance/new");
  await page.getByLabel("Applies to").selectOption("locality");
  await page.getByLabel("State", { exact: true }).selectOption("VT");
  await page.getByLabel("County or city").fill(county.toLowerCase());
  await page.getByLabel("Regulatory class").selectOption("KRATOM");
  await page.getByLabel("Effect", { exact: true }).selectOption("restrict");
  await page.getByLabel("Source address").fill("https://www.usa.gov/");
  const warning = page.getByRole("status").filter({ hasText: "already in force" });
  await expect(warning).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create rule", exact: true })).toBeVisible();

  await page.getByLabel("Effect", { exact: true }).selectOption("ban");
  await expect(warning).toContainText(
    "A rule for the same place, class and effect is already in force: version 1, from Jan 1, 2026. Saving this one adds a second rule beside it.",
  );
  await expect(warning.getByRole("link", { name: "version 1, from Jan 1, 2026" })).toHaveAttribute(
    "href",
    `/dashboard/settings/compliance/${first.id}`,
  );
  await expectNoViolations(page, "new compliance rule beside one in force");
  await page.getByRole("button", { name: "Create rule anyway" }).click();
  await expect(page.getByTestId("rule-version")).toHaveText("Version 1");
  await expect(page).not.toHaveURL(new RegExp(first.id));
  expect(consoleErrors).toEqual([]);
});
