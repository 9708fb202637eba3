import type { APIRequestContext, Page } from "@playwright/test";
import type { Order } from "@shop/shared";
import { ADMIN, BUYER_PASSWORD, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, checkoutFromCartDrawer, fillDeliveryAddress } from "./checkout.ts";
import { test as base, expect } from "./fixtures.ts";
import { lastMailTo } from "./mailbox.ts";
import { recordPayment } from "./orders.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";

/** Sales tax the tests set for Nevada (6.85 %); no other spec uses that state. */
const NEVADA_BASIS_POINTS = 685;

const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A request context signed in as the test shop's Owner, for the staff API. */
async function adminApi(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const response = await api.post("/api/Auth/login", { data: ADMIN });
  expect(response.status()).toBe(200);
  return api;
}

/** The staff API for each test and its before and after, closed when the test ends. */
const test = base.extend<{ admin: APIRequestContext }>({
  admin: async ({ playwright, baseURL }, use) => {
    const admin = await adminApi(playwright, baseURL ?? "");
    await use(admin);
    await admin.dispose();
  },
});

const productFields = (name: string, stock: number, pickupOnly = false) => ({
  ProductName: name,
  ProductType: "Disposable",
  Description: "Made by the checkout browser test.",
  SellingPricePCS: "5.50",
  DeliveryAvailable: String(!pickupOnly),
  InStoreStockAvailable: "true",
  Active: "true",
  Stock: String(stock),
});

/**
 * A product of its own per test, so that changing its stock disturbs no other test: $5.50 a piece
 * with 30 or more in stock. It is taken off the shop after the test (afterEach).
 */
async function createProduct(
  admin: APIRequestContext,
  stock = 30,
  { pickupOnly = false } = {},
): Promise<{ id: string; name: string }> {
  const categories: { id: string }[] = await (await admin.get("/api/MasterCategory")).json();
  const name = unique("Cloud Test Vape");
  const response = await admin.post("/api/Product", {
    multipart: { ...productFields(name, stock, pickupOnly), MasterCategoryId: categories[0]?.id ?? "" },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  made.push({ id, name });
  return { id, name };
}

/** The products this test made, taken off the shop after it. */
const made: { id: string; name: string }[] = [];

async function setStock(admin: APIRequestContext, product: { id: string; name: string }, stock: number, active = true) {
  const categories: { id: string }[] = await (await admin.get("/api/MasterCategory")).json();
  const response = await admin.put(`/api/Product/${product.id}`, {
    multipart: {
      ...productFields(product.name, stock),
      MasterCategoryId: categories[0]?.id ?? "",
      Active: String(active),
    },
  });
  expect(response.status()).toBe(200);
}

const review = (page: Page) => page.getByRole("region", { name: "3. Review your order" });

async function enterNevadaAddress(page: Page) {
  await fillDeliveryAddress(page.getByRole("region", { name: "1. Delivery" }), {
    fullName: "Robin Hale",
    line1: "400 Fremont Street",
    city: "Las Vegas",
    state: "NV",
    zip: "89101",
  });
}

test.beforeEach(async ({ admin }) => {
  const response = await admin.patch("/api/settings", { data: { salesTaxBasisPoints: { NV: NEVADA_BASIS_POINTS } } });
  expect(response.status()).toBe(200);
});

test.afterEach(async ({ admin }) => {
  for (const product of made.splice(0)) await setStock(admin, product, 0, false);
});

test("a visitor is sent to log in and comes back to the checkout with the cart intact @phone", async ({
  page,
  admin,
  baseURL,
}) => {
  const product = await createProduct(admin);
  const email = await verifiedBuyer(page.request, baseURL ?? "", { prefix: "checkout" });
  await addToCart(page, product);

  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/registration\?next=%2Fcart%2Fcheckout$/);
  const form = page.getByRole("region", { name: "Log in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(BUYER_PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();

  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(review(page).getByText(product.name)).toBeVisible();
  await expect(review(page).getByText("Qty 1")).toBeVisible();
  await expect(review(page).getByRole("definition").last()).toHaveText(dollars(550 + 1000));
});

test("a buyer enters an address, sees the server's quote with Nevada's tax, pays with Zelle and lands on the order @phone", async ({
  page,
  admin,
  baseURL,
}) => {
  const product = await createProduct(admin);
  const _email = await verifiedBuyer(page.request, baseURL ?? "", { prefix: "checkout", signIn: true });
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: `One more ${product.name}` }).click();
  await page.getByRole("button", { name: `One more ${product.name}` }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await checkoutFromCartDrawer(page);

  // Three pieces at $5.50: $16.50, under the free-shipping threshold; no state, no tax yet.
  const totals = review(page);
  await expect(totals.getByText("Qty 3")).toBeVisible();
  await expect(totals.getByText("$5.50 each")).toBeVisible();
  await expect(totals.getByText("Set by the address")).toBeVisible();

  await enterNevadaAddress(page);
  const tax = Math.round((1650 * NEVADA_BASIS_POINTS) / 10_000);
  await expect(totals.getByText("Sales tax (Nevada, 6.85%)")).toBeVisible();
  await expect(totals.getByText(dollars(tax), { exact: true })).toBeVisible();
  await expect(totals.getByText(dollars(1650 + 1000 + tax), { exact: true })).toBeVisible();

  // Without a payment method the form says so beside the choice.
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Please choose how you will pay.")).toBeVisible();
  await page.getByRole("radio", { name: "Zelle" }).check();
  await expect(page.getByText("How to pay with Zelle")).toBeVisible();
  await expect(page.getByText("Please choose how you will pay.")).toBeHidden();
  await expect(page.getByRole("checkbox", { name: "Save to my address book" })).toBeChecked();
  await expectNoViolations(page, "the checkout, filled in");

  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  const order = (await (await page.request.get(`/api/account/orders/${number}`)).json()) as Order;
  expect(order).toMatchObject({
    status: "awaiting_payment",
    payment: { methodId: "zelle" },
    subtotalCents: 1650,
    shippingCents: 1000,
    taxCents: tax,
    taxBasisPoints: NEVADA_BASIS_POINTS,
    totalCents: 1650 + 1000 + tax,
    shippingAddress: { fullName: "Robin Hale", city: "Las Vegas", state: "NV", zip: "89101", line2: null },
    lines: [{ productId: product.id, unit: "piece", quantity: 3, unitPriceCents: 550 }],
  });
  // The cart is empty; the address is in the address book, as the default (the buyer's first).
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem("cartState") ?? "{}").items ?? []).length))
    .toBe(0);
  const addresses = (await (await page.request.get("/api/account/addresses")).json()) as {
    state: string;
    isDefault: boolean;
  }[];
  expect(addresses).toEqual([expect.objectContaining({ state: "NV", isDefault: true })]);

  // The next checkout offers the saved address, chosen already, and prices it with its state.
  await addToCart(page, product);
  await page.goto("/cart/checkout");
  await expect(page.getByRole("radio", { name: /Robin Hale/ })).toBeChecked();
  await expect(totals.getByText("Sales tax (Nevada, 6.85%)")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Street address" })).toHaveCount(0);
});

test("a line whose stock ran out is refused beside that line, with the way back to the cart @phone", async ({
  page,
  admin,
  baseURL,
  consoleErrors,
}) => {
  const kept = await createProduct(admin);
  const soldOut = await createProduct(admin, 25);
  const _email = await verifiedBuyer(page.request, baseURL ?? "", { prefix: "checkout", signIn: true });
  await addToCart(page, kept);
  await addToCart(page, soldOut);
  await page.goto("/cart/checkout");
  await enterNevadaAddress(page);
  await page.getByRole("radio", { name: "Bank transfer" }).check();
  await expect(review(page).getByText("Sales tax (Nevada, 6.85%)")).toBeVisible();

  // Someone else buys the last pieces while this buyer is still on the page.
  await setStock(admin, soldOut, 0);
  await page.getByRole("button", { name: "Place order" }).click();

  const refused = review(page).getByRole("listitem").filter({ hasText: soldOut.name });
  await expect(refused).toContainText(`“${soldOut.name}” is out of stock. Please remove it to order the rest.`);
  await expect(review(page).getByRole("listitem").filter({ hasText: kept.name })).not.toContainText("out of stock");
  await expect(page.getByRole("alert").filter({ hasText: "Your order was not placed" })).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  // The browser logs the refused request (409); that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("409")]);
  consoleErrors.length = 0;
  await expectNoViolations(page, "the checkout with a refused line");

  await refused.getByRole("link", { name: "Change it in your cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // The cart checks itself against the shop and says what it took out.
  await expect(page.getByText(`${soldOut.name} is out of stock and was taken out of your cart.`)).toBeVisible();
  await expect(page.getByRole("link", { name: kept.name })).toBeVisible();
});

test("an empty cart at the checkout says so and leads to the products", async ({ page, baseURL }) => {
  const _email = await verifiedBuyer(page.request, baseURL ?? "", { prefix: "checkout", signIn: true });
  await page.goto("/cart/checkout");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await page.getByRole("link", { name: "Browse products" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("a product sold for pickup only is picked up in store: the buyer chooses pickup, staff hand it over after an ID check @phone", async ({
  page,
  admin,
  baseURL,
}, testInfo) => {
  test.slow(); // the buyer checks out, staff take the payment, mark it ready and hand it over: two mails, three axe scans
  const shot = fullPageShots(page, testInfo);
  const origin = baseURL ?? "";
  const product = await createProduct(admin, 30, { pickupOnly: true });
  const email = await verifiedBuyer(page.request, origin, { prefix: "pickup", signIn: true });
  await addToCart(page, product);

  // The cart says it is not shipped; shipping it is refused beside the line.
  await page.goto("/cart");
  await expect(
    page.getByRole("listitem").filter({ hasText: product.name }).getByText("Not shipped: pickup in store only"),
  ).toBeVisible();
  await page.goto("/cart/checkout");
  const delivery = page.getByRole("region", { name: "1. Delivery" });
  await expect(delivery.getByRole("radio", { name: /Ship to an address/ })).toBeChecked();
  const line = review(page).getByRole("listitem").filter({ hasText: product.name });
  // The quote's refusal is part of its answer (decision 089): nothing for the browser to log.
  await expect(line).toContainText("is not shipped: it is sold for pickup in store only");

  // Pickup: the store's address and hours, no address fields, no shipping fee.
  await delivery.getByRole("radio", { name: /Pick up in store/ }).check();
  await expect(delivery.getByText("1200 Commerce Street")).toBeVisible();
  await expect(delivery.getByText("Open Mon–Sat 10 am – 8 pm, Sun noon – 6 pm")).toBeVisible();
  await expect(delivery.getByText("Bring a photo ID")).toBeVisible();
  await expect(delivery.getByRole("textbox", { name: "Street address" })).toHaveCount(0);
  await expect(line).not.toContainText("not shipped");
  await expect(review(page).getByText("Pickup in store")).toBeVisible();
  await expect(review(page).getByRole("definition").last()).toHaveText(/^\$5\.\d\d$/);
  await page.getByRole("radio", { name: "Zelle" }).check();
  await expectNoViolations(page, "the checkout with pickup chosen");
  await shot("checkout-pickup");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);
  const number = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect(page.getByText("we get it ready and e-mail you when you can pick it up")).toBeVisible();
  await expect(page.getByRole("region", { name: "Pick it up at" })).toContainText("1200 Commerce Street");
  const placed = await lastMailTo(email, { atLeast: 2 });
  expect(placed.subject).toBe(`Order ${number} is placed — please pay with Zelle`);
  expect(placed.text).toContain("We hold your items for you at Leaf & Cloud, 1200 Commerce Street, Suite 4, Dallas");

  // Staff record the payment, then mark it ready: the buyer is told where and when.
  const order = (await (await page.request.get(`/api/account/orders/${number}`)).json()) as Order;
  expect(order).toMatchObject({ fulfilment: "pickup", shippingCents: 0 });
  await recordPayment(admin, origin, order, { method: "Zelle", receivedOn: "2026-11-24" });
  // Off the buyer's page first: a call of its own still under way when the session changes would
  // come back 401 and clear the new session's cookie.
  await page.goto("about:blank");
  await logInAsAdmin(page, origin);
  await page.goto(`/dashboard/orders/${number}`);
  await expect(page.getByRole("button", { name: "Ship order" })).toHaveCount(0);
  await page.getByRole("button", { name: "Ready for pickup" }).click();
  await expect(page.getByText(`Order ${number} is ready for pickup; the buyer has been e-mailed`)).toBeVisible();
  const ready = await lastMailTo(email, { atLeast: 4 });
  expect(ready.subject).toBe(`Order ${number} is ready for pickup`);
  expect(ready.text).toContain("Opening hours: Mon–Sat 10 am – 8 pm, Sun noon – 6 pm.");

  // At the counter: nothing is handed over until the ID is checked, and the order keeps which ID.
  const counter = page.getByRole("region", { name: "Hand over at the counter" });
  await counter.getByRole("button", { name: "Hand over" }).click();
  await expect(counter.getByText("Please choose the ID you checked.")).toBeVisible();
  await expect(counter.getByText("Please confirm the name on the ID is the buyer's.")).toBeVisible();
  await expect(counter.getByText("Please confirm the ID shows the buyer is old enough.")).toBeVisible();
  await expectNoViolations(page, "the hand-over form with its errors");
  await shot("hand-over-errors");
  await counter.getByLabel("ID checked").selectOption("drivers_license");
  await counter.getByRole("checkbox", { name: /The name on the ID is Robin Hale/ }).check();
  await counter.getByRole("checkbox", { name: /old enough/ }).check();
  await counter.getByRole("button", { name: "Hand over" }).click();
  // Axe reads the toast's colours: wait until it has faded in.
  await toastAtRest(page, `Order ${number} is picked up`);
  await expect(page.getByText("ID checked: Driver's license.")).toBeVisible();
  // The staff timeline shows the newest first.
  await expect(page.getByRole("list", { name: "Order timeline" }).getByRole("listitem")).toHaveText([
    /^Picked up/,
    /^Ready for pickup/,
    /^Paid/,
    /^Awaiting payment/,
  ]);
  await expectNoViolations(page, "a picked-up order");
  await shot("picked-up");
});
