import { readFile } from "node:fs/promises";
import { dayOf } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newBuyerWithOrder, recordPayment } from "./orders.ts";
import { fullPageShots } from "./pages.ts";

// Decisions 055 and 056: the Reports page and the dashboard's home. Other
// specs place orders on the same shop at the same time, so this one checks its own order's figures
// where they are apart (the CSV has every product) and the page's shape elsewhere; the exact sums
// are the server tests' (reports.test.ts).

const today = () => dayOf(new Date());

test("staff see today's paid order in the reports, switch ranges, and download a table as CSV", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);
  const { product, order } = await newBuyerWithOrder(request, origin, { prefix: "reports", quantity: 2 });

  // A visitor is sent to sign in.
  await page.goto("/dashboard/reports");
  await expect(page).toHaveURL(/\/registration\?next=%2Fdashboard%2Freports$/);

  await logInAsAdmin(page, baseURL);
  await recordPayment(page.request, origin, order, { method: "Zelle", receivedOn: today() });

  // The sidebar's Reports group leads to the reports, on the last 30 days.
  await page.goto("/dashboard");
  if ((page.viewportSize()?.width ?? 1440) < 1024) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Reports", exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Date range" })).toHaveValue("last_30_days");
  const chart = page.getByRole("region", { name: "Revenue and orders over time" });
  // The chart's figures, as screen readers get them: a table of 30 days.
  const figures = chart.getByRole("table", { name: /^Revenue and orders by day/ });
  await expect(figures.locator("tbody tr")).toHaveCount(30);
  await expect(page.getByText("Revenue", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Top products" }).getByRole("table")).toBeVisible();
  await expect(page.getByRole("region", { name: "Orders by status" })).toContainText("Paid");
  await expect(page.getByRole("region", { name: "Sales by state" })).toContainText("Texas");
  await expect(page.getByRole("region", { name: "Low stock" })).toBeVisible();
  await expectNoViolations(page, "the reports");
  await shot("reports");

  // Orders instead of revenue; then today only.
  await chart.getByRole("button", { name: "Orders" }).click();
  await expect(chart.getByRole("button", { name: "Orders" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("combobox", { name: "Date range" }).selectOption("today");
  await expect(page).toHaveURL(/\?range=today$/);
  await expect(figures.locator("tbody tr")).toHaveCount(1);

  // Every table downloads as CSV: the products of today hold this order's product, two units.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Top products as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^products-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) as string, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows = text.slice(1).trim().split("\r\n");
  expect(rows[0]).toBe("Product,SKU,Orders,Units,Sales (USD)");
  expect(rows.some((row) => row.includes(product.sku))).toBe(true);

  // A custom range that ends before it starts says so beside the date, and asks for nothing.
  await page.getByRole("combobox", { name: "Date range" }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2026-02-14");
  await page.getByLabel("To", { exact: true }).fill("2026-02-01");
  await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Choose the start and end dates of the range.")).toBeVisible();
  await expectNoViolations(page, "the reports with a wrong custom range");
  await page.getByLabel("To", { exact: true }).fill("2026-02-28");
  await expect(figures.locator("tbody tr")).toHaveCount(15);
  await shot("reports-custom");
});

test("the dashboard's home shows today's orders, the month's revenue chart, recent orders and low stock", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const { order } = await newBuyerWithOrder(request, origin, { prefix: "home" });

  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Orders today/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Awaiting payment/ })).toBeVisible();
  const trend = page.getByRole("region", { name: "Revenue per day, last 30 days" });
  await expect(trend.getByRole("table").locator("tbody tr")).toHaveCount(30);
  const recent = page.getByRole("region", { name: "Recent orders" });
  await expect(recent.getByRole("link", { name: new RegExp(order.number) })).toBeVisible();
  await expect(page.getByRole("region", { name: /Low on stock/ })).toBeVisible();
  await expectNoViolations(page, "the dashboard's home");
  await fullPageShots(page, testInfo)("home-overview");

  await recent.getByRole("link", { name: new RegExp(order.number) }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.number}$`));
  await page.goBack();
  await trend.getByRole("link", { name: "See the reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
});

// The chart's figures for screen readers (a table hidden from sight) made the
// page 490 px wide, so a phone scrolled sideways.
test.describe("on a 390 px phone @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Reports page and the dashboard's home do not scroll sideways", async ({ page, baseURL }) => {
    await logInAsAdmin(page, baseURL);
    for (const path of ["/dashboard/reports", "/dashboard"]) {
      await page.goto(path);
      await expect(page.getByRole("table", { name: /^Revenue and orders (by|per) / })).toBeAttached();
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.scrollingElement?.scrollWidth ?? 0,
        window.innerWidth,
      ]);
      expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }
  });
});
