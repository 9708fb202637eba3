import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { SessionUser } from "@shop/shared";
import { centsToDollars, formatCents } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newBuyerWithOrder, recordPayment } from "./orders.ts";

/** The rows of a downloaded CSV (no cell here holds a comma, a quote or a line break). */
async function downloadedRows(page: Page, click: () => Promise<void>): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const text = await readFile((await download.path()) as string, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows = text
    .slice(1)
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));
  return { name: download.suggestedFilename(), rows };
}

test("staff open Billing from the sidebar, find a paid invoice and export what they filtered @phone", async ({
  page,
  request,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const { email, order } = await newBuyerWithOrder(request, origin, { prefix: "billing" });
  await logInAsAdmin(page, baseURL);
  const { user: me } = (await (await page.request.get("/api/Auth/me")).json()) as SessionUser;
  const reference = `=E2E-${order.number}`;
  await recordPayment(page.request, origin, order, { method: "Zelle", reference, receivedOn: "2026-11-20" });

  await page.goto("/dashboard");
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await page.getByRole("link", { name: "Billing" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/billing$/);
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Invoices" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Invoices" })).toHaveAttribute("aria-current", "page");

  // Paid, then this buyer: the filters go into the address, the totals follow them.
  await page.getByRole("combobox", { name: "Billing status" }).selectOption("paid");
  await expect(page).toHaveURL(/[?&]status=paid/);
  const search = page.getByRole("searchbox", { name: "Search invoices" });
  await search.fill(email);
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: order.number }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Paid");
  await expect(row).toContainText(formatCents(order.totalCents));
  await expect(page.getByText("1 invoice matching the filters")).toBeVisible();
  const totals = page.getByRole("region", { name: "Totals of the filtered list" });
  await expect(totals).toContainText(`Billed${formatCents(order.totalCents)}`);
  await expect(totals).toContainText(`Received${formatCents(order.totalCents)}`);
  await expect(totals).toContainText(`Refunded${formatCents(0)}`);
  await expectNoViolations(page, "Billing's invoices");

  // Unpaid does not hold it.
  await page.getByRole("combobox", { name: "Billing status" }).selectOption("unpaid");
  await expect(page.getByRole("heading", { name: "No invoices found" })).toBeVisible();
  await expectNoViolations(page, "Billing with nothing found");
  await page.getByRole("combobox", { name: "Billing status" }).selectOption("paid");
  await expect(row).toHaveCount(1);

  // The export is what is filtered: this one invoice, money in dollars, dated file name.
  const invoices = await downloadedRows(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(invoices.name).toMatch(/^billing-invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(invoices.rows[0]?.[0]).toBe("Invoice");
  expect(invoices.rows).toHaveLength(2);
  const [number, orderedAt, , mail, total, received, refunded, method, status] = invoices.rows[1] ?? [];
  expect([number, mail, total, received, refunded, method, status]).toEqual([
    order.number,
    email,
    centsToDollars(order.totalCents),
    centsToDollars(order.totalCents),
    "0.00",
    "Zelle",
    "Paid",
  ]);
  expect(orderedAt).toBe(order.createdAt);

  // The payments: who recorded it, and the reference that looks like a formula stays text in the file.
  await page.getByRole("link", { name: "Payments", exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=payments/);
  await expect(page).not.toHaveURL(/status=/);
  const payment = page.getByRole("row").filter({ has: page.getByRole("link", { name: order.number }) });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(formatCents(order.totalCents));
  await expect(payment).toContainText(`${me.firstName} ${me.lastName}`.trim() || me.email);
  await expect(payment).toContainText(reference);
  await expectNoViolations(page, "Billing's payments");
  const payments = await downloadedRows(page, () => page.getByRole("link", { name: "Export CSV" }).click());
  expect(payments.name).toMatch(/^billing-payments-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(payments.rows).toHaveLength(2);
  expect(payments.rows[1]?.slice(0, 9)).toEqual([
    order.number,
    "Payment",
    expect.any(String),
    email,
    centsToDollars(order.totalCents),
    "Zelle",
    "manual",
    `'${reference}`,
    "2026-11-20",
  ]);

  // Card holds: a manual payment holds nothing, so this buyer has none; the view says so.
  await page.getByRole("link", { name: "Card holds" }).click();
  await expect(page).toHaveURL(/[?&]view=holds/);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole("heading", { name: "No card holds found" })).toBeVisible();
  const held = page.getByRole("region", { name: "Totals of the filtered list" });
  await expect(held).toContainText(`Held on cards, not yet taken${formatCents(0)}`);
  await expectNoViolations(page, "Billing's card holds");
});
