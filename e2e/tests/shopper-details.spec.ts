import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { test as base, expect } from "./fixtures.ts";
import { newProduct } from "./products.ts";

// The smaller things a buyer met (decision 081): why the cart lowered a quantity, the piece and
// box lines' names, the spec's local-storage shapes, Back on the product list, the address book's
// phone error, a PO box at checkout and "Message sent" on a phone.

const test = base.extend<{ admin: APIRequestContext }>({
  admin: async ({ playwright, baseURL }, use) => {
    const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? "" } });
    expect((await admin.post("/api/Auth/login", { data: ADMIN })).status()).toBe(200);
    await use(admin);
    await admin.dispose();
  },
});

/**
 * A product of the test's own, sold by the piece ($4.75) and by the box of 10 ($40), 25 in stock,
 * so nobody else changes its stock; no order is placed with it, and it is deleted after the test.
 */
const boxedProduct = (baseURL: string | undefined) =>
  newProduct(baseURL, {
    name: "Boxed Test",
    piece: "4.75",
    box: { price: "40", pcsPerPack: 5, packPerBox: 2 },
    stock: 25,
  });

async function addPieceAndBox(page: Page, product: { id: string; name: string }) {
  await page.goto(`/products/${product.id}`);
  const drawer = page.getByRole("dialog", { name: /Your cart/ });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  // The radio is drawn by its label (a card with the unit and its price).
  await page.getByText("Box of 10", { exact: true }).click();
  await expect(page.getByRole("radio", { name: /^Box of 10/ })).toBeChecked();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await drawer.getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

test("a product's piece line and box line have names of their own, and a quantity lowered to the stock says why @phone", async ({
  page,
  baseURL,
  admin,
}) => {
  const product = await boxedProduct(baseURL);
  try {
    await addPieceAndBox(page, product);
    const lines = page.getByRole("region", { name: "Products in your cart" });
    const piece = lines.getByRole("spinbutton", { name: `Quantity of ${product.name} (per piece)`, exact: true });
    const box = lines.getByRole("spinbutton", { name: `Quantity of ${product.name} (box of 10)`, exact: true });
    await expect(piece).toHaveValue("1");
    await expect(box).toHaveValue("1");
    await expect(lines.getByRole("button", { name: `Remove ${product.name} (per piece)`, exact: true })).toBeVisible();
    await expect(lines.getByRole("button", { name: `Remove ${product.name} (box of 10)`, exact: true })).toBeVisible();
    await expect(
      lines.getByRole("button", { name: `One more ${product.name} (box of 10)`, exact: true }),
    ).toBeVisible();

    await expectNoViolations(page, "the cart with a piece and a box line");

    // 5 boxes typed where 25 pieces make 2: 2, and the line says why. (The two lines share the
    // stock, so each is tried alone: the order's check would refuse both at their limits.)
    await lines.getByRole("button", { name: `Remove ${product.name} (per piece)`, exact: true }).click();
    await box.fill("5");
    await expect(box).toHaveValue("2");
    await expect(lines.getByRole("status").filter({ hasText: "You asked for" })).toHaveText(
      "You asked for 5 boxes, but we have only 2 boxes in stock, so the quantity is 2.",
    );
    await lines.getByRole("button", { name: `Remove ${product.name} (box of 10)`, exact: true }).click();

    // 30 pieces typed where 25 are in stock: 25, and the line says why.
    await page.goto(`/products/${product.id}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page
      .getByRole("dialog", { name: /Your cart/ })
      .getByRole("link", { name: "View cart" })
      .click();
    await piece.fill("30");
    await expect(piece).toHaveValue("25");
    await expect(lines.getByRole("status").filter({ hasText: "You asked for" })).toHaveText(
      "You asked for 30 pieces, but we have only 25 pieces in stock, so the quantity is 25.",
    );
    await expectNoViolations(page, "the cart saying why a quantity was lowered");
    // A quantity chosen below the stock clears the words.
    await lines.getByRole("button", { name: `One less ${product.name} (per piece)`, exact: true }).click();
    await expect(piece).toHaveValue("24");
    await expect(lines.getByRole("status").filter({ hasText: "You asked for" })).toHaveCount(0);

    // A saved cart holding more than the stock is lowered when it is checked against the shop, saying why.
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem("cartState") ?? "{}");
      saved.items[0].quantity = 30;
      localStorage.setItem("cartState", JSON.stringify(saved));
    });
    await page.reload();
    await expect(page.getByRole("status").filter({ hasText: "Your cart was updated" })).toContainText(
      `${product.name}: only 25 left in stock, so your quantity went from 30 to 25.`,
    );
    await expect(piece).toHaveValue("25");
  } finally {
    await admin.delete(`/api/Product/${product.id}`);
  }
});

test("local storage holds the spec's cartState and productsState @phone", async ({ page, baseURL, admin }) => {
  const product = await boxedProduct(baseURL);
  try {
    await addPieceAndBox(page, product);
    await expect(page.getByRole("region", { name: "Products in your cart" }).getByRole("listitem")).toHaveCount(2);
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem("cartState") ?? "null"));
    expect(Object.keys(cart)).toEqual(["items", "subtotal", "shipping", "total", "totalItems", "isOpen"]);
    // $4.75 + $40; $10 shipping under $100 (the demo's settings); the items' count is 2.
    expect(cart).toMatchObject({ subtotal: 44.75, shipping: 10, total: 54.75, totalItems: 2, isOpen: false });
    expect(cart.items.map((item: { unit: string }) => item.unit)).toEqual(["piece", "box"]);

    await page.goto("/");
    await expect(page.getByRole("region", { name: "Featured products" }).getByRole("article")).toHaveCount(10);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("productsState"))).not.toBeNull();
    const featured = await page.evaluate(() => JSON.parse(localStorage.getItem("productsState") ?? "null"));
    expect(Object.keys(featured)).toEqual([
      "products",
      "loading",
      "error",
      "currentPage",
      "totalPages",
      "totalProducts",
      "productsPerPage",
      "cache",
    ]);
    expect(featured).toMatchObject({ loading: false, error: null, currentPage: 1, productsPerPage: 10 });
    expect(featured.products).toHaveLength(10);
    expect(Object.keys(featured.cache)).toEqual(["1"]);
  } finally {
    await admin.delete(`/api/Product/${product.id}`);
  }
});

test("Back from a product page returns to the same place in the product list @phone", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("article")).toHaveCount(20);
  await page.evaluate(() => window.scrollTo(0, 1400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1400);
  // A card wholly in view, so the click scrolls nothing.
  const inView = await page.getByRole("article").evaluateAll((cards) =>
    cards.findIndex((card) => {
      const box = card.getBoundingClientRect();
      return box.top >= 80 && box.bottom <= window.innerHeight;
    }),
  );
  expect(inView).toBeGreaterThanOrEqual(0);
  const card = page.getByRole("article").nth(inView);
  const name = await card.getByRole("heading").innerText();
  await card.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  // (The list is loaded again: a product another test adds meanwhile may move the cards, not the page.)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1400);
});

test("the address book refuses a phone in words @phone", async ({ page, baseURL }) => {
  await verifiedBuyer(page.request, baseURL ?? "", { prefix: "phone-words", signIn: true });
  await page.goto("/account/addresses");
  await page.getByRole("button", { name: "Add address" }).click();
  const form = page.getByRole("region", { name: "New address" });
  await form.getByLabel("Full name").fill("Robin Hale");
  await form.getByLabel("Street address").fill("12 Elm Street");
  await form.getByLabel("City").fill("Austin");
  await form.getByLabel("State").selectOption("TX");
  await form.getByLabel("ZIP code").fill("78701");
  const phone = form.getByLabel("Phone (optional)");
  await phone.fill("512 555 0100 extension 12, ask for Robin");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription("Please enter a US phone number with 10 digits.");
  await expect(form.getByText("Invalid input")).toHaveCount(0);
  await phone.fill("(512) 555-0100");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("The address is added.")).toBeVisible();
});

test("a PO box is refused beside the street as soon as it is typed @phone", async ({ page, baseURL }) => {
  await verifiedBuyer(page.request, baseURL ?? "", { prefix: "po-box-live", signIn: true });
  const vape = await newProduct(baseURL, { name: "Breeze vape", classes: ["ENDS"] });
  await addToCart(page, vape);
  await page.goto("/cart/checkout");
  const delivery = page.getByRole("region", { name: /^1\. / });
  await fillDeliveryAddress(delivery, {
    fullName: "Robin Hale",
    line1: "12 Elm Street",
    city: "Austin",
    state: "TX",
    zip: "78701",
  });
  const street = delivery.getByLabel("Street address");
  // The rules for Texas are known (the review's lines are priced) before the street changes.
  await expect(page.getByRole("region", { name: "3. Review your order" })).toContainText(vape.name);
  await expect(street).not.toHaveAttribute("aria-invalid", "true");
  await street.fill("P.O. Box 1432");
  const words =
    "Is a PO box: the law asks for a street address where an adult signs for this order. Please enter a street address.";
  await expect(street).toHaveAttribute("aria-invalid", "true");
  await expect(street).toHaveAccessibleDescription(words);
  await expect(page).toHaveURL(/\/cart\/checkout$/);
  await expectNoViolations(page, "the checkout saying a PO box is refused");
  await street.fill("12 Elm Street");
  await expect(street).not.toHaveAttribute("aria-invalid", "true");
  await expect(delivery.getByText(words)).toHaveCount(0);
});

test.describe("on a 390 px phone @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Message sent' is in view after sending from the bottom of the contact form", async ({ page }) => {
    await page.goto("/contact-us");
    await page.getByLabel("Your name").fill("Jordan Tester");
    await page.getByLabel("E-mail").fill("jordan@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Is the Gelato flower batch from October still in stock?");
    // A thumb scrolls on past the form, then comes back up to Send: the status is far above it.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
    await page.getByRole("button", { name: "Send message" }).click();
    const sent = page.getByRole("status").filter({ hasText: "Message sent." });
    await expect(sent).toBeVisible();
    await expect(sent).toBeInViewport({ ratio: 1 });
  });
});
