import { readFile } from "node:fs/promises";
import { CSV_BOM, parseCsv } from "@shop/shared/csv";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots } from "./pages.ts";

// Reports > Excise taxes (decision 098) on a phone and a desktop: found in the sidebar, a month
// range in the address, the printable report and the CSV. The row of an order taxed in Ohio waits
// for a way to make a tax rule through the API (Settings > Taxes' routes are not there yet); the
// server tests (excise-report.test.ts) check the rows, the refunds and the CSV's cells.

const EXCISE_HEADER_START = ["Jurisdiction", "Month", "Kind", "Order", "Date (UTC)", "Buyer"];

test("staff find the excise report under Reports, choose its months, print it and download its CSV @phone", async ({
  page,
  baseURL,
}, testInfo) => {
  const shot = fullPageShots(page, testInfo);

  // The report is for staff: a visitor is sent to sign in.
  await page.goto("/dashboard/reports/excise");
  await expect(page).toHaveURL(/\/registration\?next=%2Fdashboard%2Freports%2Fexcise$/);

  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await page.getByRole("link", { name: "Excise taxes" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/excise$/);
  await expect(page.getByRole("heading", { level: 1, name: "Excise taxes" })).toBeVisible();

  // A month long before the shop opened: nothing to file, said in words.
  await page.getByLabel("First month").fill("2020-01");
  await expect(page).toHaveURL(/[?&]from=2020-01&to=\d{4}-\d{2}$/);
  await page.getByLabel("Last month").fill("2020-01");
  await expect(page).toHaveURL(/[?&]from=2020-01&to=2020-01$/);
  await expect(page.getByText("No excise tax was collected or given back in these months.").first()).toBeVisible();
  await expectNoViolations(page, "the excise report");
  await shot("excise-report-empty");

  // A last month before the first is named beside it, and nothing is asked of the server.
  await page.goto("/dashboard/reports/excise?from=2020-03&to=2020-01");
  await expect(page.getByText("The last month cannot be before the first.")).toBeVisible();
  await expect(page.getByLabel("Last month")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "the excise report with a backwards range");

  // The printable report of two months, laid out as the PACT Act report is.
  await page.goto("/dashboard/reports/excise?from=2020-01&to=2020-02");
  await page.getByRole("link", { name: "Printable report" }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/excise\/2020-01\/2020-02$/);
  const sheet = page.getByRole("article", { name: "Excise tax report" });
  await expect(sheet.getByRole("heading", { level: 1, name: "Excise tax report" })).toBeVisible();
  await expect(sheet).toContainText("January to February 2020");
  await expect(sheet).toContainText("No excise tax was collected or given back in January to February 2020.");
  await expect(page.getByRole("button", { name: "Print this report" })).toBeVisible();
  await expectNoViolations(page, "the printable excise report");
  await shot("excise-report-print");

  // Its CSV: the byte order mark Excel needs, and the columns a filing reads.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^excise-2020-01-to-2020-02-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(csv).map((row) => row.cells);
  expect(header?.slice(0, EXCISE_HEADER_START.length)).toEqual(EXCISE_HEADER_START);
  expect(header).toEqual(
    expect.arrayContaining(["Product", "Variant", "Millilitres", "Pieces", "Basis", "Amount (USD)"]),
  );
  expect(rows).toEqual([]);

  await page.getByRole("link", { name: "Back to excise taxes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/excise\?from=2020-01&to=2020-02$/);
});
