import type { Order, OrderList, ShopSettings } from "@shop/shared";
import { payByWords } from "@shop/shared/rules";
import { logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { newProduct } from "./products.ts";

// An order can be paid, because the payee details and the pay-by day are shown (decision 078).

/** The demo shop's bank transfer details (db/seed/demo-payments.ts), as the buyer reads them. */
const BANK = [
  ["Account name", "Leaf & Cloud Demo LLC"],
  ["Bank", "Example Bank (demo details: do not pay)"],
  ["Routing number", "555555550"],
  ["Account number", "000123456789"],
] as const;

test("a buyer pays by bank transfer: the account shows at checkout, on the confirmation and in My Orders, with the pay-by day @phone", async ({
  page,
  baseURL,
}) => {
  await verifiedBuyer(page.request, baseURL ?? "", { prefix: "payee", signIn: true });
  const product = await newProduct(baseURL, { name: "Toffee bar" });
  await addToCart(page, product);
  await page.goto("/cart/checkout");
  await fillDeliveryAddress(page.getByRole("region", { name: "1. Delivery" }), {
    fullName: "Robin Hale",
    line1: "12 Fremont Street",
    city: "Las Vegas",
    state: "NV",
    zip: "89101",
  });
  await page.getByRole("radio", { name: "Bank transfer" }).check();
  const howTo = page
    .locator("div")
    .filter({ has: page.getByText("How to pay with Bank transfer") })
    .last();
  for (const [label, value] of BANK) {
    await expect(howTo.getByRole("term").filter({ hasText: label })).toBeVisible();
    await expect(howTo.getByRole("definition").filter({ hasText: value })).toBeVisible();
  }
  await expectNoViolations(page, "the checkout with the bank's details");

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  const order = (await (await page.request.get(`/api/account/orders/${number}`)).json()) as Order;
  const payBy = payByWords(order.payment.payBy);

  // The confirmation: whom to pay, how much, with what reference, and by when.
  const pay = page.getByRole("region", { name: "How to pay: Bank transfer" });
  for (const [label, value] of BANK) {
    await expect(pay.getByRole("definition").filter({ hasText: value })).toBeVisible();
    await expect(pay.getByRole("term").filter({ hasText: label })).toBeVisible();
  }
  await expect(pay.getByRole("definition").filter({ hasText: number })).toBeVisible();
  await expect(pay).toContainText(payBy);
  await expectNoViolations(page, "the confirmation with the payee details");

  // My Orders: the card says by when, and the order's page says again whom to pay.
  await page.goto("/account/orders");
  const card = page.getByRole("listitem").filter({ hasText: `Order ${number}` });
  await expect(card).toContainText(payBy);
  await card.getByRole("link", { name: `Order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${number}$`));
  await expect(page.getByRole("region", { name: "How to pay: Bank transfer" })).toContainText("555555550");
  await expect(page.getByRole("region", { name: "How to pay: Bank transfer" })).toContainText(payBy);
  const list = (await (await page.request.get("/api/account/orders")).json()) as OrderList;
  expect(list.items.find((item) => item.number === number)?.payBy).toBe(order.payment.payBy);
});

test("staff cannot switch a payment method on without its payee details: each missing one is said beside its field", async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL);
  const before = (await (await page.request.get("/api/settings")).json()) as ShopSettings;
  await page.goto("/dashboard/settings");
  const card = page.getByRole("region", { name: "Payment methods" });
  await card.getByRole("button", { name: "Add a payment method" }).click();
  const added = card.getByRole("listitem").last();
  await added.getByLabel("Name", { exact: true }).fill("Wire to our second bank");
  await added.getByLabel("Instructions").fill("Wire the total to the account below, with your order number.");
  await added.getByLabel("Routing number").fill("555555551");
  await added.getByLabel("Account number").fill("12 34");
  await added.getByRole("checkbox", { name: "Offered at checkout" }).check();
  await card.getByRole("button", { name: "Save" }).click();

  await expect(added.getByText("Please enter the name on the bank account.")).toBeVisible();
  await expect(added.getByText("Please enter the bank's name.")).toBeVisible();
  await expect(
    added.getByText("This is not a valid routing number: its check digit does not match. Please check each digit."),
  ).toBeVisible();
  await expect(added.getByText("An account number has 4 to 17 digits, without spaces or dashes.")).toBeVisible();
  await expect(added.getByLabel("Routing number")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "the payment methods with refusals");
  expect(await (await page.request.get("/api/settings")).json()).toEqual(before);

  // A Zelle method shows its own fields.
  await added.getByLabel("Kind").selectOption("zelle");
  await expect(added.getByLabel("Zelle e-mail or phone")).toBeVisible();
  await expect(added.getByLabel("Routing number")).toHaveCount(0);
});
