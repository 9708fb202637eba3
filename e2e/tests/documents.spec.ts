import { addDays, dayOf } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";
import { reportPdf } from "./pdf.ts";

// Every document made here is titled "E2E license …" and deleted before the test ends (through
// the API when the test did not get that far), so the dashboard home's notice counts only the
// licenses of tests running now.

const LIST = "/dashboard/documents";
const day = (days: number) => addDays(dayOf(new Date()), days);

let title = "";
test.beforeEach(async ({ page, baseURL }) => {
  title = `E2E license ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await logInAsAdmin(page, baseURL);
});

test.afterEach(async ({ page, baseURL }) => {
  const found = await page.request.get(`/api/admin/documents?q=${encodeURIComponent(title)}`);
  const list = (await found.json()) as { items: { id: string; title: string }[] };
  for (const item of list.items.filter((document) => document.title.startsWith(title))) {
    await page.request.delete(`/api/admin/documents/${item.id}`, { headers: { Origin: baseURL ?? "" } });
  }
});

test("staff upload a license expiring in 10 days, see it flagged in All Documents and on the dashboard, filter by type, and find the COAs there too", async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow(); // many steps and five full-page scans
  const shot = fullPageShots(page, testInfo);

  // Upload Document: what is missing is said beside each field, and a file that only says it is a PDF is refused.
  await page.goto(`${LIST}/upload`);
  await expect(page.getByRole("heading", { level: 1, name: "Upload Document" })).toBeVisible();
  await page.getByRole("button", { name: "Upload document" }).click();
  await expect(page.getByText("Enter the document's title.")).toBeVisible();
  await expect(page.getByText("Enter the date the document was issued.")).toBeVisible();
  await expect(page.getByText("Choose the document: a PDF, JPEG, PNG or WebP file.")).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Choose the file").setInputFiles({
    name: "license.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(page.getByText("“license.pdf” is not a PDF, JPEG, PNG or WebP file.")).toBeVisible();
  await expectNoViolations(page, "Upload Document with errors");

  await page.getByLabel("Type").selectOption("license");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Issued on").fill(day(-355));
  await page.getByLabel("Expires on (optional)").fill(day(10));
  await page.getByLabel("Notes (optional)").fill("Renew at the county office.");
  await page.getByLabel("Choose the file").setInputFiles({
    name: "license.pdf",
    mimeType: "application/pdf",
    buffer: reportPdf("Retail license"),
  });
  await expect(page.getByText(/license\.pdf · \d+ KB/)).toBeVisible();
  await shot("document-upload");
  await page.getByRole("button", { name: "Upload document" }).click();
  await toastAtRest(page, `“${title}” uploaded`);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  // All Documents: the demo's COAs (newest first), and the license found by its title, flagged.
  await expect(page.getByRole("heading", { level: 1, name: "All Documents" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Certificate of analysis/ }).first()).toBeVisible();
  await page.getByRole("searchbox", { name: "Search documents" }).fill(title);
  await expect(page).toHaveURL(/q=E2E/);
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("License");
  await expect(row).toContainText("Expires soon");
  await expectNoViolations(page, "All Documents");
  await shot("documents-list");

  // Its file is a download, for staff.
  const href = await row.getByRole("link", { name: `Download “${title}”` }).getAttribute("href");
  const file = await page.request.get(href ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toContain(`attachment; filename="${title}.pdf"`);

  // By type: not among the COAs, among the licenses, and among those expiring.
  const type = page.getByRole("combobox", { name: "Type" });
  await type.selectOption("coa");
  await expect(page).toHaveURL(/type=coa/);
  await expect(page.getByRole("heading", { name: "No documents found" })).toBeVisible();
  await type.selectOption("license");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  await page.getByRole("combobox", { name: "Expiry" }).selectOption("true");
  await expect(page).toHaveURL(/expiring=true/);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Expires soon");

  // COAs only: the demo's batches with their public PDFs.
  await page.goto(`${LIST}?type=coa`);
  const coaRows = page.getByRole("row", { name: /Certificate of analysis/ });
  await expect(coaRows.first()).toBeVisible();
  expect(await coaRows.count()).toBeGreaterThan(3);
  await expect(page.getByRole("row", { name: /License/ })).toHaveCount(0);
  await expect(coaRows.first().getByRole("link", { name: /PDF of/ })).toHaveAttribute("href", /^\/api\/coas\/.+\/pdf$/);
  await expectNoViolations(page, "All Documents, COAs only");

  // The dashboard home warns about it, linking to the expiring licenses.
  await page.goto("/dashboard");
  const notice = page.getByText(/\d+ licenses? expires? within 30 days\./);
  await expect(notice).toBeVisible();
  await expectNoViolations(page, "dashboard home with the license notice");
  await shot("dashboard-licenses");
  await page.getByRole("link", { name: "See the licenses" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents\?type=license&expiring=true$/);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search documents" }).fill(title);
  await expect(page).toHaveURL(/q=E2E/);

  // Its details change on its page; it is deleted after a confirmation.
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: `Edit “${title}”` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Edit “${title}”` })).toBeVisible();
  await expect(page.getByLabel("Expires on (optional)")).toHaveValue(day(10));
  await expectNoViolations(page, "a document's page");
  await shot("document-edit");
  await page.getByLabel("Expires on (optional)").fill(day(400));
  await page.getByRole("button", { name: "Save changes" }).click();
  await toastAtRest(page, `“${title}” saved`);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  await page.getByRole("searchbox", { name: "Search documents" }).fill(title);
  await expect(page).toHaveURL(/q=E2E/);
  const renewed = page.getByRole("row", { name: new RegExp(title) });
  await expect(renewed).toBeVisible();
  await expect(renewed).not.toContainText("Expires soon");

  await renewed.getByRole("button", { name: `Delete “${title}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this document?" });
  await dialog.getByRole("button", { name: "Delete document" }).click();
  await toastAtRest(page, `“${title}” deleted`);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  expect((await page.request.get(href ?? "")).status()).toBe(404);
  expect(consoleErrors).toEqual([]);
});
