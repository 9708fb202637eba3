import type { Page } from "@playwright/test";
import type { Product } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { reportPdf } from "./pdf.ts";
import { newProduct } from "./products.ts";

// Every batch made here is numbered E2E-… on a candy product of the test's own (no other COA) and
// is withdrawn before the test ends, so the storefront specs see the demo's batches only.

const LIST = "/dashboard/products/coas";
const PDF = reportPdf("E2E Test Lab report");

let lot = "";
let product: Product;
test.beforeEach(async ({ page, baseURL }) => {
  lot = `E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  product = await newProduct(baseURL, { name: "Gum drops" });
  await logInAsAdmin(page, baseURL);
});

test.afterEach(async ({ page, baseURL }) => {
  // Withdrawn through the API when the test did not get that far itself.
  await page.request.delete(`/api/admin/coas/${lot}`, { headers: { Origin: baseURL ?? "" } });
});

async function fillForm(page: Page) {
  await page.getByLabel("Find product").fill(product.name);
  const label = `${product.name} (${product.sku})`;
  await expect(page.getByRole("option", { name: label })).toBeAttached();
  await page.getByLabel("Product", { exact: true }).selectOption({ label });
  await page.getByLabel("Batch / lot number").fill(lot.toLowerCase());
  await page.getByLabel("Lab name").fill("E2E Test Lab");
  await page.getByLabel("Accreditation certificate number").fill("E2E-17025");
  const day = (daysAgo: number) => addDays(dayOf(new Date()), -daysAgo);
  await page.getByLabel("Sample date").fill(day(6));
  await page.getByLabel("Test date").fill(day(4));
  await page.getByLabel("Report date").fill(day(1));
  await page.getByLabel("Pesticides").selectOption("passed");
  await page.getByLabel("Heavy metals").selectOption("passed");
}

test("staff publish a COA with its PDF; buyers see it at once; staff withdraw it", async ({ page }) => {
  await page.goto(LIST);
  await expect(page.getByRole("heading", { level: 1, name: "Lab Results" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Add COA" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products\/coas\/add$/);
  await fillForm(page);
  await page.getByLabel("CBD (%)").fill("0.5");
  await page.getByLabel("PDF").setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Publish lab results" }).click();
  await expect(page.getByText(`Lab results of batch ${lot} published`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  await page.getByRole("searchbox", { name: "Search by batch number or product" }).fill(lot);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row", { name: new RegExp(lot) });
  await expect(row).toContainText(product.name);

  const publicPage = await page.request.get(`/coas/${lot}`, { headers: { cookie: "ageVerified=true" } });
  expect(publicPage.status()).toBe(200);
  expect(await publicPage.text()).toContain("E2E Test Lab");
  const pdf = await page.request.get(`/api/coas/${lot}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).equals(PDF)).toBe(true);

  await row.getByRole("button", { name: `Withdraw batch ${lot}` }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw this batch's lab results?" });
  await dialog.getByRole("button", { name: "Withdraw batch" }).click();
  await expect(page.getByText(`Batch ${lot} withdrawn`)).toBeVisible();
  expect((await page.request.get(`/api/coas/${lot}`)).status()).toBe(404);
});

test("the form says what is missing and refuses a file that is not a PDF", async ({ page }) => {
  await page.goto(`${LIST}/add`);
  await page.getByRole("button", { name: "Publish lab results" }).click();
  await expect(page.getByText("Please choose the product.")).toBeVisible();
  await expect(page.getByText("Enter the lab's name.")).toBeVisible();
  await expect(page.getByText("Enter the report date.")).toBeVisible();
  await expect(page.getByText("Please choose the lab's report as a PDF.")).toBeVisible();
  await expectNoViolations(page);

  await page.getByLabel("PDF").setInputFiles({
    name: "report.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(page.getByText("“report.pdf” is not a PDF.")).toBeVisible();
});

test("a PDF that would run a script is refused beside the file field, in the server's words", async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${LIST}/add`);
  await fillForm(page);
  const scripted = reportPdf("Report", "/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >> ");
  await page.getByLabel("PDF").setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: scripted });
  await page.getByRole("button", { name: "Publish lab results" }).click();
  const words = "This PDF contains JavaScript, which a lab report must not. Please upload the report without it.";
  await expect(page.getByLabel("PDF")).toHaveAccessibleDescription(new RegExp(words.replace(/[.,]/g, "\\$&")));
  await expect(page).toHaveURL(new RegExp(`${LIST}/add$`));
  expect((await page.request.get(`/api/coas/${lot}`)).status()).toBe(404);
  // The browser logs the API's 400.
  consoleErrors.length = 0;
});

test("a problem beside a field starts with that field's name", async ({ page }) => {
  await page.goto(`${LIST}/add`);
  await fillForm(page);
  await page.getByLabel("Batch / lot number").fill("x");
  await page.getByLabel("THCA (%)").fill("12,5");
  await page.getByLabel("PDF").setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Publish lab results" }).click();
  await expect(page.getByLabel("Batch / lot number")).toHaveAccessibleDescription(
    /^Letters, digits and hyphens, e\.g\. HMH-VCS-2611A\. Batch \/ lot number must be 2 to 40 letters, digits and hyphens, as printed on the package\.$/,
  );
  await expect(page.getByLabel("THCA (%)")).toHaveAccessibleDescription(
    "THCA (%) must be a number from 0 to 100 %, with at most three decimals.",
  );
  await expect(page).toHaveURL(new RegExp(`${LIST}/add$`));
});

test("a lot that already has a COA is refused with the server's words", async ({ page, consoleErrors }) => {
  await page.goto(`${LIST}/add`);
  await fillForm(page);
  await page.getByLabel("Batch / lot number").fill("hmh-vcs-2609b");
  await page.getByLabel("PDF").setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Publish lab results" }).click();
  await expect(page.getByText("Batch HMH-VCS-2609B already has a COA.").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}/add$`));
  await expect(page.getByText("This batch number already has a COA.")).toBeVisible();
  // The browser logs the API's 409.
  consoleErrors.length = 0;
});

test("axe finds no violations on the lab results list", async ({ page }) => {
  await page.goto(LIST);
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoViolations(page);
});
