import type { Order } from "@shop/shared";
import { logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";
import { newProduct } from "./products.ts";

// Discount codes (decision 057): staff make a discount code; a buyer applies it on the cart page,
// sees what it saves, places the order, and the order (the buyer's and staff's) keeps the code and
// the saving. Each test orders a product of its own, so no other test counts it.

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test.beforeEach(async ({ page }, testInfo) => {
  await page.setViewportSize(
    testInfo.project.name === "desktop" ? { width: 1280, height: 800 } : { width: 390, height: 844 },
  );
});

test("staff create a code; a buyer applies it in the cart, places the order, and the order keeps it", async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow(); // staff, then the buyer's cart, checkout and order, then staff again: many round trips
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);
  const code = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;

  // Staff: a new code, 15 % off everything, once per buyer.
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/discounts");
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
  await page.getByRole("link", { name: "New code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  // A problem shows beside its field and nothing is sent.
  await page.getByLabel("Code", { exact: true }).fill("15% off");
  await page.getByLabel("Percentage off").fill("150");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("Code may hold only letters, digits, '-' and '_'.")).toBeVisible();
  await expect(page.getByText("A percentage must be from 1 to 100.")).toBeVisible();
  await expectNoViolations(page, "the new code form with its problems");
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Percentage off").fill("15");
  await page.getByLabel("Uses per buyer").fill("1");
  await shot("discount-new");
  await page.getByRole("button", { name: "Create code" }).click();
  await toastAtRest(page, `Code ${code} created`);
  await expect(page).toHaveURL(/\/dashboard\/discounts\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Code ${code}` })).toBeVisible();
  await expectNoViolations(page, "the saved code");
  await shot("discount-edit");

  await page.goto(`/dashboard/discounts?q=${code}`);
  const row = page.getByRole("table", { name: "Discount codes" }).locator(`[data-discount="${code}"]`);
  await expect(row).toContainText("15 % off");
  await expect(row).toContainText("Active");
  await expectNoViolations(page, "the codes list");
  await shot("discounts-list");

  // The buyer (this page's session moves to them).
  await verifiedBuyer(page.request, origin, { prefix: "discount", signIn: true });
  const product = await newProduct(origin, { name: "Gummy rings" });
  const price = product.sellingPricePcsCents ?? 0;
  const saved = Math.round((price * 15) / 100);
  await addToCart(page, product);
  await page.goto("/cart");
  const summary = page.getByRole("complementary", { name: "Order summary" });
  const field = summary.getByLabel("Discount code");
  await field.fill("NO-SUCH-CODE");
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByText("There is no discount code “NO-SUCH-CODE”.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page, "the cart with a refused code");
  await field.fill(code.toLowerCase());
  await field.press("Enter");
  await expect(summary.getByText(`Code ${code} applied: you save ${dollars(saved)}.`)).toBeVisible();
  await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
  await expect(summary.getByText(`−${dollars(saved)}`)).toBeVisible();
  await expectNoViolations(page, "the cart with a code applied");
  await shot("cart-discount");

  // The checkout keeps the code; the order is placed with it.
  await summary.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  const review = page.getByRole("region", { name: "3. Review your order" });
  await expect(review.getByText(`Code ${code} applied: you save ${dollars(saved)}.`)).toBeVisible();
  await fillDeliveryAddress(page, {
    fullName: "Robin Hale",
    line1: "12 Elm Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
  });
  await expect(review.getByText(`Discount (${code})`)).toBeVisible();
  await page.getByRole("radio", { name: "Zelle" }).check();
  await expectNoViolations(page, "the checkout with a code applied");
  await shot("checkout-discount");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = (page.url().match(/orders\/([0-9A-Z-]+)/) ?? [])[1] ?? "";
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await expect(page.getByText(`−${dollars(saved)}`)).toBeVisible();
  await expectNoViolations(page, "the placed order with its discount");
  await shot("order-discount");
  const order = (await (await page.request.get(`/api/account/orders/${number}`)).json()) as Order;
  expect(order).toMatchObject({ discountCode: code, discountCents: saved, subtotalCents: price });

  // Once per buyer: the same buyer's cart now says so.
  await addToCart(page, product);
  await page.goto("/cart");
  await summary.getByLabel("Discount code").fill(code);
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByText(`You have already used the code “${code}”.`)).toBeVisible();

  // Staff see the code and the saving on the order, and one use on the code.
  await logInAsAdmin(page, baseURL);
  await page.goto(`/dashboard/orders/${number}`);
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await page.goto(`/dashboard/discounts?q=${code}`);
  await expect(row.locator("td").nth(3)).toHaveText("1");
});

test("staff limit a code to chosen products and categories; a code with none chosen, or one that exists, is refused beside the field", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const shot = fullPageShots(page, testInfo);
  const code = `ONLY${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  const product = await newProduct(baseURL, { name: "Fizz sticks" });
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/discounts/new");
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Type").selectOption("fixed");
  await page.getByLabel("Amount off").fill("2.50");
  await page.getByLabel("Applies to").selectOption("products");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("Please add at least one product.")).toBeVisible();

  await page.getByLabel("Find product").fill(product.sku);
  await page.getByLabel("Product", { exact: true }).selectOption(product.id);
  await page.getByRole("button", { name: "Add product" }).click();
  const chosen = page.getByRole("list", { name: "Chosen products" });
  await expect(chosen.getByRole("listitem")).toHaveCount(1);
  await expect(chosen.getByRole("button", { name: `Remove ${product.name}` })).toBeVisible();
  await expectNoViolations(page, "a code limited to a product");
  await shot("discount-products");
  await page.getByRole("button", { name: "Create code" }).click();
  await toastAtRest(page, `Code ${code} created`);
  // The code's own page: changing the form before it has replaced the new-code page would change
  // the page that is going away.
  await expect(page.getByRole("heading", { level: 1, name: `Code ${code}` })).toBeVisible();
  await expect(chosen.getByRole("button", { name: `Remove ${product.name}` })).toBeVisible();

  // Categories instead: the products are dropped, the categories kept.
  await page.getByLabel("Applies to").selectOption("categories");
  await page.getByRole("checkbox", { name: "Kratom" }).check();
  await page.getByRole("button", { name: "Save code" }).click();
  await toastAtRest(page, `Code ${code} saved`);
  await page.goto(`/dashboard/discounts?q=${code}`);
  await expect(page.locator(`[data-discount="${code}"]`)).toContainText("$2.50 off");
  await expect(page.locator(`[data-discount="${code}"]`)).toContainText("1 category");

  // A code that exists is refused by the server: its words beside the field, which takes the focus.
  await page.goto("/dashboard/discounts/new");
  const codeField = page.getByLabel("Code", { exact: true });
  await codeField.fill(code);
  await page.getByLabel("Percentage off").fill("5");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByText("Code is already used by another discount.")).toBeVisible();
  await expect(page.getByText("Please check the fields marked above.")).toBeVisible();
  await expect(codeField).toBeFocused();
  await expectNoViolations(page, "a code refused by the server");
  // The browser logs the refused request (409); that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("409")]);
  consoleErrors.length = 0;
});
