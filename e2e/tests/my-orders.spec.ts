import { DEFAULT_PAYMENT_METHODS } from "@shop/shared/constants";
import { dayOf, formatCents, trackingUrl } from "@shop/shared/rules";
import { ADMIN, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { placeOrder, recordPayment, stockOf } from "./orders.ts";
import { newProduct } from "./products.ts";

const ZELLE = DEFAULT_PAYMENT_METHODS.find((method) => method.id === "zelle")?.instructions ?? "";
/** How pages the server renders print a date (lib/format.ts, "long"). */
const longDate = (at: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(at));

test("My Orders lists an order; its page shows lines, totals, how to pay and the timeline; the buyer cancels it; a shipped one shows its tracking @phone", async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  const origin = baseURL ?? "";
  await verifiedBuyer(page.request, origin, { prefix: "orders", signIn: true });

  await page.goto("/account/orders");
  await expect(page.getByRole("heading", { name: "You have no orders yet" })).toBeVisible();

  const product = await newProduct(origin, { name: "Sour belts" });
  const stockBefore = await stockOf(page.request, product.id);
  const order = await placeOrder(page.request, origin, { productId: product.id });
  expect(await stockOf(page.request, product.id)).toBe(stockBefore - 1);

  // Where the checkout lands after placing. The thank-you takes focus once the page is live.
  await page.goto(`/account/orders/${order.number}?placed=1`);
  const thanks = page.getByRole("heading", { name: `Thank you — your order ${order.number} is placed` });
  await expect(thanks).toBeVisible();
  await expect(thanks).toBeFocused();
  await expect(page.getByRole("region", { name: /Thank you/ })).toContainText(
    `pay ${formatCents(order.totalCents)} with Zelle`,
  );
  await expectNoViolations(page, "the thank-you after placing");

  // The list, from the header's profile menu: number, date, status, items and total.
  // (The account pages' own menu has the same link; this is the header's.)
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Profile" }).click();
    await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "My Orders" }).click();
  } else {
    await page.getByRole("button", { name: /your account/ }).hover();
    await page.getByRole("banner").getByRole("link", { name: "My Orders" }).click();
  }
  await expect(page).toHaveURL(/\/account\/orders$/);
  const row = page.getByRole("listitem").filter({ hasText: `Order ${order.number}` });
  await expect(row).toContainText(`Placed ${longDate(order.createdAt)} · 1 item`);
  await expect(row).toContainText("Awaiting payment");
  await expect(row).toContainText(formatCents(order.totalCents));
  await expectNoViolations(page, "My Orders with an order");

  // The order's page.
  await row.getByRole("link", { name: `Order ${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${order.number}$`));
  await expect(page.getByRole("heading", { level: 2, name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByText(`Placed ${longDate(order.createdAt)}`)).toBeVisible();
  const items = page.getByRole("region", { name: "Items" });
  await expect(items.getByText(product.name, { exact: true })).toBeVisible();
  await expect(items).toContainText(
    `SKU ${product.sku} · 1 × ${formatCents(product.sellingPricePcsCents ?? 0)} per piece`,
  );
  const total = (term: string) =>
    items
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${term}`) })
      .locator("xpath=following-sibling::dd");
  await expect(total("Subtotal")).toHaveText(formatCents(order.subtotalCents));
  await expect(total("Shipping")).toHaveText(order.shippingCents === 0 ? "Free" : formatCents(order.shippingCents));
  await expect(total("Sales tax")).toHaveText(formatCents(order.taxCents));
  await expect(items.getByRole("term").filter({ hasText: "Sales tax" })).toHaveText(
    `Sales tax (${order.taxBasisPoints / 100}%)`,
  );
  await expect(total("Total")).toHaveText(formatCents(order.totalCents));
  const howToPay = page.getByRole("region", { name: "How to pay: Zelle" });
  await expect(howToPay).toContainText(ZELLE);
  await expect(howToPay).toContainText(formatCents(order.totalCents));
  await expect(howToPay).toContainText(order.number);
  await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("12 Elm Street");
  await expect(page.getByRole("region", { name: "Shipping address" })).toContainText("Austin, TX 78701");
  const timeline = page.getByRole("region", { name: "Timeline" }).getByRole("listitem");
  await expect(timeline).toHaveCount(1);
  await expect(timeline).toContainText(["Awaiting payment"]);
  await expect(timeline.first()).toContainText(longDate(order.createdAt));
  await expect(thanks).toHaveCount(0);
  await expectNoViolations(page, "an order awaiting payment");

  // Cancelling asks first; keeping the order changes nothing.
  await page.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel order ${order.number}?` });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, "asking before cancelling");
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(dialog).toBeHidden();
  expect(await stockOf(page.request, product.id)).toBe(stockBefore - 1);

  await page.getByRole("button", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is cancelled" })).toHaveText(
    `Order ${order.number} is cancelled. Its items are back on sale.`,
  );
  await expect(page.getByRole("heading", { level: 2, name: `Order ${order.number}` })).toBeFocused();
  await expect(timeline).toHaveText([/^Awaiting payment/, /^Cancelled/]);
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: /How to pay/ })).toHaveCount(0);
  await expect(thanks).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Nothing is due: the order was cancelled.");
  expect(await stockOf(page.request, product.id)).toBe(stockBefore);

  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: `Order ${order.number}` })).toContainText("Cancelled");

  // Staff record the payment and ship a second order: the buyer sees Shipped and the tracking link.
  const second = await placeOrder(page.request, origin, { productId: product.id });
  const staff = { headers: { Origin: origin } };
  expect((await request.post("/api/Auth/login", { ...staff, data: ADMIN })).status()).toBe(200);
  await recordPayment(request, origin, second, { method: "Zelle", receivedOn: dayOf(new Date()) });
  const shipment = { carrier: "USPS", trackingNumber: "9400111899223397000000" } as const;
  expect(
    (await request.post(`/api/admin/orders/${second.number}/shipment`, { ...staff, data: shipment })).status(),
  ).toBe(200);
  await page.goto(`/account/orders/${second.number}`);
  await expect(page.getByRole("heading", { level: 2, name: `Order ${second.number}` })).toBeVisible();
  // The status badge beside the heading, and the timeline's last step.
  await expect(page.getByRole("main").getByText("Shipped", { exact: true })).toHaveCount(2);
  await expect(timeline).toHaveText([/^Awaiting payment/, /^Paid/, /^Shipped/]);
  const tracking = page.getByRole("region", { name: "Tracking" });
  await expect(tracking).toContainText(`Shipped with USPS, tracking number ${shipment.trackingNumber}.`);
  await expect(tracking.getByRole("link", { name: "Track your parcel with USPS" })).toHaveAttribute(
    "href",
    trackingUrl(shipment.carrier, shipment.trackingNumber),
  );
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: /How to pay/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Payment" })).toContainText("Your payment has arrived.");
  await expectNoViolations(page, "a shipped order");

  // Anyone else's account does not find it (the shop's owner here: sign-ups are few per address).
  await page.context().clearCookies({ name: "session" });
  await logInAsAdmin(page, baseURL);
  const response = await page.goto(`/account/orders/${order.number}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "We could not find that page" })).toBeVisible();
  await expect(page.getByText(`Order ${order.number} was not found in your account.`)).toBeVisible();
  await expect(page.getByText(product.name)).toHaveCount(0);
  // The browser logs the 404 document itself; that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("404")]);
  consoleErrors.length = 0;
});
