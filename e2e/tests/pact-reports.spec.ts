import { readFile } from "node:fs/promises";
import type { AdminOrder } from "@shop/shared";
import { CSV_BOM, parseCsv } from "@shop/shared/csv";
import { dayOf } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newBuyerWithOrder, recordPayment } from "./orders.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";
import { uniqueSuffix } from "./products.ts";

test("a vape order placed and shipped to Texas is in that month's PACT report, on the page and in its CSV", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);

  // A buyer orders a vape shipped to Austin, Texas.
  const { product: vape, order } = await newBuyerWithOrder(request, origin, {
    prefix: "pact",
    // A vape of a brand of its own, which the report names.
    product: { name: "Zephyr vape", classes: ["ENDS"], brand: `Zephyr ${uniqueSuffix()}` },
    quantity: 2,
  });

  // The reports are for staff: a visitor is sent to sign in.
  for (const path of ["/dashboard/reports/pact", "/dashboard/reports/pact/2026-11/TX"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/registration\\?next=${encodeURIComponent(path)}$`));
  }

  // Staff record the payment and ship it with UPS and a tracking number on the order's page.
  await logInAsAdmin(page, baseURL);
  await recordPayment(page.request, origin, order, { method: "Zelle", receivedOn: dayOf(new Date()) });
  const tracking = `1ZPACT${order.number.replace(/\W/g, "")}`;
  await page.goto(`/dashboard/orders/${order.number}`);
  const ship = page.getByRole("region", { name: "Ship the order" });
  await ship.getByLabel("Carrier").selectOption("UPS");
  await ship.getByLabel("Tracking number").fill(tracking);
  await ship.getByRole("button", { name: "Ship order" }).click();
  await toastAtRest(page, `Order ${order.number} is shipped`);
  const shipped = (await (await page.request.get(`/api/admin/orders/${order.number}`)).json()) as AdminOrder;
  const month = shipped.events.find((event) => event.status === "shipped")?.at.slice(0, 7) ?? "";
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

  // The compliance officer finds the reports in the sidebar, under Reports.
  await page.goto("/dashboard");
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await page.getByRole("link", { name: "PACT Act reports" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/pact$/);
  await expect(page.getByRole("heading", { level: 1, name: "PACT Act reports" })).toBeVisible();
  await page.getByRole("combobox", { name: "State" }).selectOption("TX");
  await expect(page).toHaveURL(/[?&]state=TX/);
  const row = page.locator(`tr[data-pact="${month}"]`);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(monthName);
  await expectNoViolations(page, "the PACT Act reports");
  await shot("pact-reports");

  // The month's report for Texas lists the order with its buyer, address, vape, carrier and tracking.
  await row.getByRole("link", { name: `Open the report for ${monthName}, Texas` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reports/pact/${month}/TX$`));
  const sheet = page.getByRole("article", { name: "PACT Act report" });
  await expect(sheet.getByRole("heading", { level: 1, name: "PACT Act report" })).toBeVisible();
  await expect(sheet).toContainText("Texas (TX)");
  await expect(sheet).toContainText(monthName);
  const shipment = sheet.locator(`tr[data-order="${order.number}"]`);
  await expect(shipment).toContainText("Robin Hale");
  await expect(shipment).toContainText("12 Elm Street");
  await expect(shipment).toContainText(vape.name);
  await expect(shipment).toContainText("2 pieces");
  await expect(shipment).toContainText("UPS");
  await expect(shipment).toContainText(tracking);
  await expect(page.getByRole("button", { name: "Print this report" })).toBeVisible();
  await expectNoViolations(page, "a PACT Act report");
  await shot("pact-report");

  // Its CSV lists the order too, one row for the vape line.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pact-tx-${month}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv.startsWith(CSV_BOM), "the byte order mark Excel needs").toBe(true);
  const [header, ...rows] = parseCsv(csv).map((row) => row.cells);
  expect(header?.slice(0, 3)).toEqual(["Order", "Shipped on (UTC)", "Buyer"]);
  const line = rows.find((cells) => cells[0] === order.number);
  const cellOf = (name: string) => line?.[header?.indexOf(name) ?? -1];
  expect(cellOf("Shipped on (UTC)")).toMatch(new RegExp(`^${month}-\\d{2}$`));
  expect(cellOf("Buyer")).toBe("Robin Hale");
  expect(cellOf("Address line 1")).toBe("12 Elm Street");
  expect(cellOf("City")).toBe("Austin");
  expect(cellOf("State")).toBe("TX");
  expect(cellOf("ZIP")).toBe("78701");
  expect(cellOf("Brand")).toBe(vape.brand ?? "");
  expect(cellOf("Product")).toBe(vape.name);
  expect(cellOf("Quantity")).toBe("2");
  expect(cellOf("Carrier")).toBe("UPS");
  expect(cellOf("Tracking number")).toBe(tracking);
});
