import type { APIRequestContext, Page } from "@playwright/test";
import type { AdminOrder } from "@shop/shared";
import { centsToDollars, formatCents } from "@shop/shared/rules";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { newBuyerWithOrder, recordPayment, stockOf } from "./orders.ts";
import { toastAtRest } from "./pages.ts";

/**
 * A new buyer's order of one piece of a product of the test's own, the product's stock after it,
 * and staff signed in to handle the order: no other test orders that product, so nothing lands
 * between the test's two counts of its stock.
 */
async function orderForStaff(
  page: Page,
  request: APIRequestContext,
  baseURL: string | undefined,
  options: { paymentMethodId?: string } = {},
) {
  const { product, order } = await newBuyerWithOrder(request, baseURL ?? "", {
    prefix: "staff-orders",
    ...options,
  });
  const stockBefore = await stockOf(request, product.id);
  await logInAsAdmin(page, baseURL);
  return { product, order, stockBefore };
}

test("staff find an order in the Order List, record its payment and ship it", async ({
  page,
  request,
  baseURL,
  consoleErrors,
}, testInfo) => {
  test.slow(); // a buyer and an order, then staff find, pay and ship it, with four axe scans
  const origin = baseURL ?? "";
  const project = testInfo.project.name;
  const { email, product, order } = await newBuyerWithOrder(request, origin, {
    prefix: "staff-orders",
    quantity: 2,
  });

  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard");
  // The sidebar (the phone's menu) leads to the Order List.
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  await page.getByRole("link", { name: "Order List" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Orders" })).toBeVisible();

  // Found by its number, the search in the address.
  await page.getByRole("searchbox", { name: "Search orders" }).fill(order.number);
  await page.getByRole("searchbox", { name: "Search orders" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${order.number}`));
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: order.number }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(formatCents(order.totalCents));
  await expect(row).toContainText("Awaiting payment");
  await expect(page.getByText("1 order matching the filters")).toBeVisible();

  // The status filter shows the counts, and keeps the search: awaiting payment finds it, paid does not.
  const status = page.getByRole("combobox", { name: "Status" });
  await expect(status.locator("option[value=awaiting_payment]")).toHaveText(/^Awaiting payment \(\d+\)$/);
  await status.selectOption("awaiting_payment");
  await expect(page).toHaveURL(/status=awaiting_payment/);
  await expect(row).toHaveCount(1);
  await status.selectOption("paid");
  await expect(page.getByRole("heading", { name: "No orders found" })).toBeVisible();
  await status.selectOption("awaiting_payment");
  await expect(row).toHaveCount(1);
  await expectNoViolations(page, "the Order List");

  // And by the buyer's e-mail, with no filter.
  await page.goto(`/dashboard/orders?q=${encodeURIComponent(email)}`);
  await expect(row).toHaveCount(1);
  if (project === "desktop") await expect(row).toContainText(email);

  await row.getByRole("link", { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order.number}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Order ${order.number}` })).toBeVisible();
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText(product.name);
  await expect(items).toContainText(formatCents(order.totalCents));
  await expect(page.getByRole("region", { name: "Buyer" })).toContainText(email);
  await expect(page.getByRole("region", { name: "Buyer" })).toContainText("Austin, TX 78701");
  await expect(page.getByRole("region", { name: "Payment and shipping" })).toContainText("Zelle");
  await expect(page.getByRole("button", { name: "Cancel order" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ship order" })).toHaveCount(0);
  await expectNoViolations(page, "an order awaiting payment");

  // Record the payment: prefilled with the total and the method; a wrong amount is refused beside the field.
  const payment = page.getByRole("region", { name: "Record the payment" });
  const amount = payment.getByLabel("Amount (USD)");
  await expect(amount).toHaveValue(centsToDollars(order.totalCents));
  await expect(payment.getByLabel("Method")).toHaveValue("Zelle");
  await expect(payment.getByLabel("Received on")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await amount.fill("twelve");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(payment.getByText("Amount must be an amount in dollars, like 12.50.")).toBeVisible();
  await amount.fill(centsToDollars(order.totalCents - 1));
  await payment.getByRole("button", { name: "Record payment" }).click();
  const refused = `Amount must be the order's total, ${formatCents(order.totalCents)}.`;
  await expect(payment.getByText(refused)).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toBeFocused();
  await toastAtRest(page, `Failed to record the payment: ${refused}`);
  await expectNoViolations(page, "a refused payment");
  // The browser logs the refused request itself; that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("400")]);
  consoleErrors.length = 0;

  await amount.fill(centsToDollars(order.totalCents));
  await payment.getByLabel("Reference").fill("ZL-20261124");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText(`Payment recorded: order ${order.number} is paid`)).toBeVisible();
  await expect(payment).toHaveCount(0);
  const paymentsRecorded = page.getByRole("list", { name: "Payments recorded" });
  await expect(paymentsRecorded).toContainText(`Payment received${formatCents(order.totalCents)}`);
  await expect(paymentsRecorded).toContainText("Zelle · Ref. ZL-20261124");

  // Ship with USPS and a tracking number.
  const ship = page.getByRole("region", { name: "Ship the order" });
  await ship.getByLabel("Carrier").selectOption("USPS");
  await ship.getByLabel("Tracking number").fill("9400 1118 9922 3397");
  await ship.getByRole("button", { name: "Ship order" }).click();
  await toastAtRest(page, `Order ${order.number} is shipped`);
  await expect(ship).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Payment and shipping" })).toContainText("Shipped with USPS");
  await expect(page.getByRole("link", { name: "9400 1118 9922 3397" })).toHaveAttribute("href", /usps\.com/);

  const timeline = page.getByRole("list", { name: "Order timeline" }).getByRole("listitem");
  // Newest first, as staff read an order's activity.
  await expect(timeline).toHaveText([/^Shipped/, /^Paid/, /^Awaiting payment/]);
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  await expectNoViolations(page, "a shipped order");
  await page.screenshot({ path: testInfo.outputPath(`order-${project}.png`), fullPage: true });

  // The list says so too. The toasts cover the link to it until they go (4 s, held while the
  // pointer rests on them, as it does after clicking Ship order beneath them).
  const viewport = page.viewportSize() ?? { width: 800, height: 600 };
  await page.mouse.move(viewport.width - 1, viewport.height - 1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\?/);
  await expect(row).toContainText("Shipped");
  await page.goto("/dashboard/orders");
  await expect(row.first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`list-${project}.png`), fullPage: true });
});

test("cancelling asks first, says the stock goes back and the buyer is e-mailed", async ({
  page,
  request,
  baseURL,
}) => {
  const { product, order, stockBefore } = await orderForStaff(page, request, baseURL);
  await page.goto(`/dashboard/orders/${order.number}`);
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel order ${order.number}?` });
  await expect(dialog).toContainText("The stock of its items goes back to the shop and the buyer is e-mailed");
  await expectNoViolations(page, "asking before cancelling");
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText(`Order ${order.number} is cancelled`)).toBeVisible();
  await expect(page.getByText("Nothing more to do: the order is cancelled.")).toBeVisible();
  expect(await stockOf(request, product.id)).toBe(stockBefore + 1);
  const saved = (await (await page.request.get(`/api/admin/orders/${order.number}`)).json()) as AdminOrder;
  expect(saved.allowedActions).toEqual([]);
});

test("a refund of a paid order is at most its total; recorded, the order is refunded and its stock is back", async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  const origin = baseURL ?? "";
  const { product, order, stockBefore } = await orderForStaff(page, request, baseURL, {
    paymentMethodId: "bank-transfer",
  });
  await recordPayment(page.request, origin, order, { method: "Bank transfer", receivedOn: "2026-11-20" });

  await page.goto(`/dashboard/orders/${order.number}`);
  const refund = page.getByRole("region", { name: "Refund" });
  await expect(refund).toContainText("The goods have not left, so their stock goes back.");
  await refund.getByRole("button", { name: "Record a refund" }).click();
  const amount = refund.getByLabel("Amount (USD)");
  await expect(amount).toHaveValue(centsToDollars(order.totalCents));
  await expect(refund.getByLabel("Method")).toHaveValue("Bank transfer");
  await amount.fill(centsToDollars(order.totalCents + 100));
  await refund.getByRole("button", { name: "Record refund" }).click();
  await expect(refund.getByText(`Amount must be at most ${formatCents(order.totalCents)}.`)).toBeVisible();
  expect(consoleErrors).toEqual([expect.stringContaining("400")]);
  consoleErrors.length = 0;

  await amount.fill(centsToDollars(order.totalCents));
  await refund.getByLabel("Reference").fill("RF-77");
  await refund.getByRole("button", { name: "Record refund" }).click();
  await toastAtRest(page, `Refund recorded: order ${order.number} is refunded`);
  await expect(page.getByRole("list", { name: "Payments recorded" })).toContainText(
    `Refund sent${formatCents(order.totalCents)}`,
  );
  await expect(page.getByRole("list", { name: "Order timeline" }).getByRole("listitem")).toHaveText([
    /^Refunded/,
    /^Paid/,
    /^Awaiting payment/,
  ]);
  await expect(page.getByText("Nothing more to do: the order is refunded.")).toBeVisible();
  expect(await stockOf(request, product.id)).toBe(stockBefore + 1);
  await expectNoViolations(page, "a refunded order");
});
