import type { Page } from "@playwright/test";
import { formatCents } from "@shop/shared/rules";
import { BUYER_PASSWORD, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { lastMailTo } from "./mailbox.ts";
import { newProduct } from "./products.ts";

// An order's whole story in one test: a buyer signs in, checks out and gets the e-mail with the
// payment instructions; staff record the payment and ship it with a tracking number; the buyer
// sees Shipped with the tracking link and gets that e-mail too.

async function logInThroughTheForm(page: Page, email: string): Promise<void> {
  await page.goto("/registration?next=%2Fcart%2Fcheckout");
  const form = page.getByRole("region", { name: "Log in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(BUYER_PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();
}

test("a buyer orders and pays with Zelle; staff record the payment and ship it; the buyer follows it, by page and by e-mail @phone", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two people, two browsers, four e-mails
  const origin = baseURL ?? "";
  const email = await verifiedBuyer(page.request, origin, { prefix: "flow" });
  const product = await newProduct(origin, { name: "Lemon drops" });

  // The buyer fills the cart, signs in through the login form and comes back to the checkout.
  await addToCart(page, product);
  await logInThroughTheForm(page, email);
  await expect(page).toHaveURL(/\/cart\/checkout$/);

  await fillDeliveryAddress(page.getByRole("region", { name: "1. Delivery" }), {
    fullName: "Robin Hale",
    line1: "77 Congress Avenue",
    city: "Austin",
    state: "TX",
    zip: "78701",
  });
  await page.getByRole("radio", { name: "Zelle" }).check();
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect(page.getByRole("heading", { name: `Thank you — your order ${number} is placed` })).toBeVisible();
  await expect(page.getByText("How to pay: Zelle")).toBeVisible();

  const placed = await lastMailTo(email, { atLeast: 2 }); // the verification, then this one
  expect(placed.subject).toBe(`Order ${number} is placed — please pay with Zelle`);
  expect(placed.text).toContain(product.name);
  expect(placed.text).toContain("How to pay (Zelle): Send the total with Zelle");
  expect(placed.text).toContain(`${origin}/account/orders/${number}`);

  // Staff, in their own browser, record the payment and ship it.
  const staff = await browser.newPage({ baseURL: origin });
  await staff.context().addCookies([{ name: "ageVerified", value: "true", url: origin }]);
  await logInAsAdmin(staff, origin);
  await staff.goto(`/dashboard/orders/${number}`);
  const payment = staff.getByRole("region", { name: "Record the payment" });
  await payment.getByLabel("Reference").fill("ZL-FLOW-1");
  await payment.getByRole("button", { name: "Record payment" }).click();
  await expect(staff.getByText(`Payment recorded: order ${number} is paid`)).toBeVisible();
  const ship = staff.getByRole("region", { name: "Ship the order" });
  await ship.getByLabel("Carrier").selectOption("USPS");
  await ship.getByLabel("Tracking number").fill("9400 1118 9922 3397 0000 00");
  await ship.getByRole("button", { name: "Ship order" }).click();
  await expect(staff.getByRole("region", { name: "Payment and shipping" })).toContainText("Shipped with USPS");
  await staff.close();

  // Four mails by now: the verification, the order, the payment received and, newest, the shipment.
  const shipped = await lastMailTo(email, { atLeast: 4 });
  expect(shipped.subject).toBe(`Order ${number} has shipped`);
  expect(shipped.text).toContain("9400 1118 9922 3397 0000 00");
  expect(shipped.text).toContain("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201118");

  // The buyer's order page says Shipped, with the carrier's tracking link, and what was paid.
  await page.goto(`/account/orders/${number}`);
  await expect(page.getByText("Shipped with USPS, tracking number")).toBeVisible();
  await expect(page.getByRole("link", { name: "Track your parcel with USPS" })).toHaveAttribute(
    "href",
    /^https:\/\/tools\.usps\.com\/go\/TrackConfirmAction\?tLabels=9400/,
  );
  await expect(page.getByText("Your payment has arrived. Thank you.")).toBeVisible();
  await expect(page.getByRole("main")).toContainText(formatCents(product.sellingPricePcsCents ?? 0));
  await expectNoViolations(page, "the buyer's shipped order");
});
