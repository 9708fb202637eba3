import { addDays, dayOf, formatDate } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { reportPdf } from "./pdf.ts";
import { newProduct } from "./products.ts";

// Decision 083: staff correct a COA's figures with a reason, and buyers see
// the corrected figure and the note on the batch's page. Every batch made here is numbered E2E-FIX-…
// on a candy product of the test's own (no other COA, no hemp limit) and is withdrawn before the
// test ends, so the storefront specs see the demo's batches only.

const LIST = "/dashboard/products/coas";
const REASON = "The report states 0.3 mg per container; it was left out when typed in.";

let lot = "";
test.beforeEach(async ({ page, baseURL }) => {
  lot = `E2E-FIX-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const product = await newProduct(baseURL, { name: "Jelly beans" });
  await logInAsAdmin(page, baseURL);
  // Published through the API, as the Add COA form does, without the THC per container.
  const day = (daysAgo: number) => addDays(dayOf(new Date()), -daysAgo);
  const published = await page.request.post("/api/admin/coas", {
    headers: { Origin: baseURL ?? "" },
    multipart: {
      productId: product.id,
      lotNumber: lot,
      labName: "E2E Test Lab",
      labCertificateNumber: "E2E-17025",
      sampleDate: day(6),
      testDate: day(4),
      reportDate: day(1),
      delta9Thc: "0.001",
      cbd: "0.5",
      pesticides: "passed",
      pdf: { name: "report.pdf", mimeType: "application/pdf", buffer: reportPdf("E2E correction report") },
    },
  });
  expect(published.status(), await published.text()).toBe(201);
});

test.afterEach(async ({ page, baseURL }) => {
  await page.request.delete(`/api/admin/coas/${lot}`, { headers: { Origin: baseURL ?? "" } });
});

test("staff correct the THC per container with a reason; the batch page shows the new figure and the note", async ({
  page,
}) => {
  await page.goto(`${LIST}?q=${lot}`);
  await page.getByRole("link", { name: `Correct figures of batch ${lot}` }).click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/${lot}/correct$`));
  await expect(page.getByRole("heading", { level: 1, name: `Correct figures of batch ${lot}` })).toBeVisible();
  // The form holds the figures as the COA has them.
  await expect(page.getByLabel("CBD (%)")).toHaveValue("0.5");
  await expect(page.getByLabel("Pesticides")).toHaveValue("passed");
  const perContainer = page.getByLabel("Total THC per container (mg)");
  await expect(perContainer).toHaveValue("");

  // A bad figure and no reason: said beside each field, nothing saved.
  await perContainer.fill("0,3");
  await page.getByRole("button", { name: "Save corrected figures" }).click();
  await expect(perContainer).toHaveAccessibleDescription(
    "Total THC per container (mg) must be a number from 0 to 1000000 mg, with at most three decimals.",
  );
  await expect(page.getByLabel("Reason for the correction")).toHaveAccessibleDescription(
    /Please say why the figures are corrected\.$/,
  );
  await expectNoViolations(page, "the Correct figures form with its problems");
  const unchanged = (await (await page.request.get(`/api/coas/${lot}`)).json()) as { thcPerContainer: number | null };
  expect(unchanged.thcPerContainer).toBeNull();

  await perContainer.fill("0.3");
  await page.getByLabel("Reason for the correction").fill(REASON);
  await page.getByRole("button", { name: "Save corrected figures" }).click();
  await expect(page.getByText(`Figures of batch ${lot} corrected`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  // The public page: the corrected figure, marked, and when and why; the PDF as the lab issued it.
  await page.goto(`/coas/${lot}`);
  const note = page.getByRole("region", { name: "Figures corrected since the lab's report" });
  await expect(note).toBeVisible();
  await expect(note).toContainText(`Corrected on ${formatDate(new Date().toISOString())}: ${REASON}`);
  await expect(note).toContainText("(Total THC per container)");
  await expect(note).toContainText("The PDF is the report as the lab issued it.");
  const figure = page.getByRole("region", { name: "Per container" });
  await expect(figure).toContainText("Total THC per container");
  await expect(figure).toContainText("0.3 mg");
  await expect(figure).toContainText("Corrected");
  const pdf = await page.request.get(`/api/coas/${lot}/pdf`);
  expect((await pdf.body()).equals(reportPdf("E2E correction report"))).toBe(true);
  await expectNoViolations(page, "the batch page with a correction");
});

test("axe finds no violations on the Correct figures form", async ({ page }) => {
  await page.goto(`${LIST}/${lot}/correct`);
  await expect(page.getByLabel("Reason for the correction")).toBeVisible();
  await expectNoViolations(page);
});
