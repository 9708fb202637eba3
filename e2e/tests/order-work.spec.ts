import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { ManagedUserPage, SessionUser } from "@shop/shared";
import { parseCsv } from "@shop/shared/csv";
import { formatCents } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newBuyerWithOrder, placeOrder, recordPayment } from "./orders.ts";
import { toastAtRest } from "./pages.ts";

// Daily order work (decision 084): choose orders in the Order List, mark them processing, print
// their packing slips together and export them; who made each step; the customer's orders.

/** The order numbers in a downloaded CSV of the Order List, and its file name. */
async function downloadedOrders(page: Page, click: () => Promise<void>): Promise<{ name: string; numbers: string[] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const text = await readFile((await download.path()) as string, "utf8");
  const [header, ...rows] = parseCsv(text).map((row) => row.cells);
  expect(header?.slice(0, 7)).toEqual([
    "Order",
    "Order date",
    "Status",
    "Customer",
    "E-mail",
    "Ship or pickup",
    "Payment method",
  ]);
  for (const row of rows) expect(row.slice(5, 7)).toEqual(["Ship", "Zelle"]);
  return { name: download.suggestedFilename(), numbers: rows.map((row) => row[0] ?? "").sort() };
}

test("staff choose two orders, export them, print their packing slips together and mark them processing; the customer's page lists them", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.slow(); // a buyer with two orders, then the list, two downloads, the print page, an order, the customer and an invoice: seven axe scans
  const origin = baseURL ?? "";
  const { email, product, order: first } = await newBuyerWithOrder(request, origin, { prefix: "order-work" });
  const second = await placeOrder(request, origin, { productId: product.id });
  await logInAsAdmin(page, baseURL);
  const { user: me } = (await (await page.request.get("/api/Auth/me")).json()) as SessionUser;
  const myName = `${me.firstName} ${me.lastName}`.trim() || me.email;
  for (const order of [first, second]) {
    await recordPayment(page.request, origin, order, { method: "Zelle", receivedOn: "2026-11-20" });
  }
  const numbers = [first.number, second.number].sort();

  // The list shows how each ships and is paid for.
  await page.goto(`/dashboard/orders?q=${encodeURIComponent(email)}`);
  const rows = page.getByRole("table", { name: "Orders" }).getByRole("row");
  const rowOf = (number: string) => rows.filter({ has: page.getByRole("link", { name: number }) });
  for (const number of numbers) {
    await expect(rowOf(number)).toContainText("Ship");
    await expect(rowOf(number)).toContainText("Zelle");
    await expect(rowOf(number)).toContainText("Paid");
  }

  // Everything the filter matches, as CSV.
  const filtered = await downloadedOrders(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(filtered.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(filtered.numbers).toEqual(numbers);

  // Two chosen: the bulk toolbar, and the chosen orders as CSV.
  for (const number of numbers) await page.getByRole("checkbox", { name: `Select order ${number}` }).check();
  const toolbar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(toolbar).toContainText("2 selected");
  await expectNoViolations(page, "the Order List with two orders chosen");
  await page.screenshot({ path: testInfo.outputPath("orders-chosen.png"), fullPage: true });
  const chosen = await downloadedOrders(page, () => toolbar.getByRole("link", { name: "Export selected" }).click());
  expect(chosen.numbers).toEqual(numbers);

  // Their packing slips on one page, each a sheet of its own when printed.
  await toolbar.getByRole("link", { name: "Print packing slips" }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/packing-slips\?numbers=/);
  await expect(page.getByRole("heading", { level: 1, name: "Packing slips for 2 orders" })).toBeAttached();
  const sheet = page.getByRole("article", { name: "Packing slips" });
  for (const number of numbers) {
    const slip = sheet.getByRole("region", { name: `Packing slip ${number}` });
    await expect(slip).toContainText(number);
    await expect(slip).toContainText("Robin Hale");
    await expect(slip).toContainText(product.name);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Packing slip" })).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Print packing slips" })).toBeVisible();
  await expectNoViolations(page, "the chosen orders' packing slips");
  await page.screenshot({ path: testInfo.outputPath("packing-slips.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  await expect(sheet.getByRole("region", { name: `Packing slip ${numbers[1]}` })).toHaveCSS("break-before", "page");
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: "Back to orders" }).click();

  // Both marked processing at once.
  await page.goto(`/dashboard/orders?q=${encodeURIComponent(email)}`);
  for (const number of numbers) await page.getByRole("checkbox", { name: `Select order ${number}` }).check();
  await toolbar.getByRole("button", { name: "Mark processing" }).click();
  await toastAtRest(page, "2 orders moved to processing.");
  for (const number of numbers) await expect(rowOf(number)).toContainText("Processing");
  await expect(toolbar).toHaveCount(0);

  // Marking them again moves nothing, and the page says why for each.
  for (const number of numbers) await page.getByRole("checkbox", { name: `Select order ${number}` }).check();
  await toolbar.getByRole("button", { name: "Mark processing" }).click();
  const outcome = page.getByRole("alert").filter({ hasText: "0 orders moved to processing" });
  await expect(outcome).toContainText("2 orders could not be moved");
  for (const number of numbers) await expect(outcome).toContainText(number);
  await expectNoViolations(page, "the Order List after a bulk action that moved nothing");

  // The order's timeline says who made each step.
  await page.goto(`/dashboard/orders/${first.number}`);
  const timeline = page.getByRole("list", { name: "Order timeline" });
  await expect(timeline.getByRole("listitem").first()).toContainText(`Processing`);
  await expect(timeline.getByRole("listitem").first()).toContainText(`by ${myName}`);
  await expect(timeline.getByRole("listitem").last()).toContainText("by the buyer");
  await expectNoViolations(page, "an order's timeline with who made each step");

  // The customer's page: their orders, how many, and what they spent.
  const customers = (await (
    await page.request.get(`/api/customers?q=${encodeURIComponent(email)}`)
  ).json()) as ManagedUserPage;
  const customer = customers.items[0];
  expect(customer?.email).toBe(email);
  await page.goto(`/dashboard/users/customers/${customer?.id}`);
  const orders = page.getByRole("region", { name: "Orders" });
  await expect(orders.getByText("Orders placed")).toBeVisible();
  await expect(orders).toContainText("Orders placed2");
  await expect(orders).toContainText(`Total spent${formatCents(first.totalCents + second.totalCents)}`);
  for (const number of numbers) await expect(orders.getByRole("link", { name: number })).toBeVisible();
  await expectNoViolations(page, "the customer's page with their orders");
  await page.screenshot({ path: testInfo.outputPath("customer-orders.png"), fullPage: true });

  // Part of one sent back: its invoice nets the refund, and the customer's total follows.
  const refund = await page.request.post(`/api/admin/orders/${first.number}/refund`, {
    headers: { Origin: origin },
    data: { amountCents: 100, method: "Zelle", receivedOn: "2026-11-21" },
  });
  expect(refund.status(), await refund.text()).toBe(200);
  await page.goto(`/dashboard/orders/${first.number}/invoice`);
  const invoice = page.getByRole("article", { name: "Invoice" });
  await expect(invoice).toContainText(`Payments received${formatCents(first.totalCents)}`);
  await expect(invoice).toContainText(`Refunded−${formatCents(100)}`);
  await expect(invoice).toContainText(`Net paid${formatCents(first.totalCents - 100)}`);
  await expectNoViolations(page, "a partly refunded order's invoice");
  await page.screenshot({ path: testInfo.outputPath("refunded-invoice.png"), fullPage: true });
  await page.goto(`/dashboard/users/customers/${customer?.id}`);
  await expect(orders).toContainText(`Total spent${formatCents(first.totalCents + second.totalCents - 100)}`);
});
