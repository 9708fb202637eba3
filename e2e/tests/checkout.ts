import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Adds a piece of the product from its page; the cart drawer that opens lists it and is closed. */
export async function addToCart(page: Page, product: { id: string; name: string }): Promise<void> {
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("dialog", { name: /Your cart/ }).getByRole("link", { name: product.name })).toBeVisible();
  await page.keyboard.press("Escape");
}

/** From the cart drawer that "Add to cart" opened, on to the checkout page. */
export async function checkoutFromCartDrawer(page: Page): Promise<void> {
  await page
    .getByRole("dialog", { name: /Your cart/ })
    .getByRole("link", { name: "Checkout" })
    .click();
  await expect(page).toHaveURL(/\/cart\/checkout$/);
}

/** Fills the checkout's delivery address in `form` (its Delivery step, or the page). */
export async function fillDeliveryAddress(
  form: Page | Locator,
  address: { fullName: string; line1: string; city: string; state: string; zip: string },
): Promise<void> {
  await form.getByLabel("Full name").fill(address.fullName);
  await form.getByLabel("Street address").fill(address.line1);
  await form.getByLabel("City").fill(address.city);
  await form.getByLabel("State").selectOption(address.state);
  await form.getByLabel("ZIP code").fill(address.zip);
}
