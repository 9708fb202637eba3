import { readFile } from "node:fs/promises";
import type { AdminProductVariants, Order } from "@shop/shared";
import { CSV_BOM, parseCsv } from "@shop/shared/csv";
import { dayOf } from "@shop/shared/rules";
import { asOwner, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { recordPayment } from "./orders.ts";
import { fullPageShots } from "./pages.ts";
import { newProduct } from "./products.ts";

// Reports > Excise taxes (decision 098) on a phone and a desktop: a buyer's order of two 10 ml
// nicotine vapes shipped to Ohio owes the demo's example Ohio tax ($0.10 a millilitre), $2.00;
// once paid, staff find it under Ohio for its month, print the report and download its CSV.

test("a paid Ohio order's excise is in the excise report, on the page, printed and in its CSV @phone", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow(); // an order, a payment and three staff pages
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);
  const vape = await newProduct(origin, { name: "Excise report pod", classes: ["ENDS", "NICOTINE"], piece: "20.00" });
  // Its liquid, as staff record it on the variant: 10 ml.
  await asOwner(origin, async (owner) => {
    const url = `/api/admin/products/${vape.id}/variants`;
    const grid = (await (await owner.get(url)).json()) as AdminProductVariants;
    const saved = await owner.put(url, {
      data: {
        options: grid.options,
        variants: grid.variants.map(({ own: _own, image: _image, stock: _stock, ...variant }) => ({
          ...variant,
          liquidMl: 10_000,
        })),
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });

  // A buyer orders two, shipped to Columbus, Ohio.
  await verifiedBuyer(request, origin, { prefix: "excise-report", signIn: true });
  const placed = await request.post("/api/Order", {
    headers: { Origin: origin, "Idempotency-Key": `e2e-excise-report-${Date.now()}` },
    data: {
      lines: [{ productId: vape.id, quantity: 2 }],
      shippingAddress: {
        fullName: "Sam Lee",
        line1: "30 East Broad Street",
        city: "Columbus",
        state: "OH",
        zip: "43215",
      },
      paymentMethodId: "zelle",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as Order;
  expect(order.exciseCents).toBe(200);
  const month = order.createdAt.slice(0, 7);

  // The report is for staff: a visitor is sent to sign in.
  await page.goto("/dashboard/reports/excise");
  await expect(page).toHaveURL(/\/registration\?next=%2Fdashboard%2Freports%2Fexcise$/);

  // Staff record the payment, then find the report in the sidebar, under Reports.
  await logInAsAdmin(page, baseURL);
  await recordPayment(page.request, origin, order, { method: "Zelle", receivedOn: dayOf(new Date()) });
  await page.goto("/dashboard");
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await page.getByRole("link", { name: "Excise taxes" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/excise$/);
  await expect(page.getByRole("heading", { level: 1, name: "Excise taxes" })).toBeVisible();

  // The order's month (UTC): Ohio's row, and the order's line with its millilitres and amount.
  await page.goto(`/dashboard/reports/excise?from=${month}&to=${month}`);
  await expect(page.locator(`tr[data-excise="Ohio ${month}"]`)).toHaveCount(1);
  const line = page.locator(`tr[data-excise-line="${order.number}"]`);
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(vape.name);
  await expect(line).toContainText("20 ml · 2 pieces · $0.10 per ml");
  await expect(line).toContainText("$2.00");
  await expectNoViolations(page, "the excise report");
  await shot("excise-report");

  // A last month before the first is named beside it.
  await page.getByLabel("Last month").fill("2020-01");
  await expect(page.getByText("The last month cannot be before the first.")).toBeVisible();
  await expect(page.getByLabel("Last month")).toHaveAttribute("aria-invalid", "true");

  // The printable report, laid out as the PACT Act report is.
  await page.goto(`/dashboard/reports/excise?from=${month}&to=${month}`);
  await page.getByRole("link", { name: "Printable report" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reports/excise/${month}/${month}$`));
  const sheet = page.getByRole("article", { name: "Excise tax report" });
  await expect(sheet.getByRole("heading", { level: 1, name: "Excise tax report" })).toBeVisible();
  const printed = sheet.locator(`tr[data-order="${order.number}"]`);
  await expect(printed).toContainText("Sam Lee");
  await expect(printed).toContainText("30 East Broad Street");
  await expect(printed).toContainText("20 ml · 2 pieces · $0.10 per ml");
  await expect(printed).toContainText("$2.00");
  await expect(page.getByRole("button", { name: "Print this report" })).toBeVisible();
  await expectNoViolations(page, "the printable excise report");
  await shot("excise-report-print");

  // Its CSV: the byte order mark Excel needs, and the order's Ohio line with what a filing reads.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^excise-${month}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(csv).map((row) => row.cells);
  const cellOf = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
  const ohio = rows.find((row) => cellOf(row, "Order") === order.number && cellOf(row, "Jurisdiction") === "Ohio");
  expect(cellOf(ohio, "Kind")).toBe("Collected");
  expect(cellOf(ohio, "Month")).toBe(month);
  expect(cellOf(ohio, "Ship to name")).toBe("Sam Lee");
  expect(cellOf(ohio, "City")).toBe("Columbus");
  expect(cellOf(ohio, "ZIP")).toBe("43215");
  expect(cellOf(ohio, "Product")).toBe(vape.name);
  expect(cellOf(ohio, "Millilitres")).toBe("20");
  expect(cellOf(ohio, "Pieces")).toBe("2");
  expect(cellOf(ohio, "Basis")).toBe("Per millilitre of liquid");
  expect(cellOf(ohio, "Amount (USD)")).toBe("2.00");

  await page.getByRole("link", { name: "Back to excise taxes" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reports/excise\\?from=${month}&to=${month}$`));
});
