import type { Page } from "@playwright/test";
import { verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots } from "./pages.ts";
import { newProduct } from "./products.ts";

// Decision 050: a line the jurisdiction rules ban where the cart ships is marked
// in the cart with the rule's reason and source, and the checkout refuses it the same way. The demo
// shop's starter rules (example data) ban kratom in Alabama. No order is placed, so no stock moves.

const ALABAMA_REASON = "Kratom is not sold to Alabama.";
const ALABAMA_SOURCE = "https://www.alabamapublichealth.gov/";

/** The buyer says their goods go to `state`, as the product page's "ships to" chooser remembers it. */
async function shipTo(page: Page, origin: string, state: string): Promise<void> {
  await page.context().addCookies([{ name: "shipState", value: state, url: origin }]);
}

// Screenshots at the widths the shop is designed for: a desktop and a small phone.
test.beforeEach(async ({ page }, testInfo) => {
  await page.setViewportSize(
    testInfo.project.name === "desktop" ? { width: 1440, height: 900 } : { width: 390, height: 844 },
  );
});

test("kratom cannot be bought for Alabama: the cart and the checkout say why, with the rule's source @phone", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const shot = fullPageShots(page, testInfo);
  await verifiedBuyer(page.request, origin, { prefix: "alabama", signIn: true });
  // The test's own: kratom, and general goods, which no rule bans in Alabama.
  const kratom = await newProduct(origin, { name: "Red vein kratom", classes: ["KRATOM"] });
  const other = await newProduct(origin, { name: "Butterscotch" });

  // Put in the cart before the buyer says where it goes; then Alabama is chosen.
  await addToCart(page, kratom);
  await shipTo(page, origin, "AL");

  // The drawer that opens on the next "Add to cart" marks the kratom line and will not check out.
  await page.goto(`/products/${other.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: /Your cart/ });
  const drawerLine = drawer.getByRole("listitem").filter({ hasText: kratom.name });
  await expect(drawerLine.getByText(ALABAMA_REASON)).toBeVisible();
  await expect(drawer.getByRole("listitem").filter({ hasText: other.name })).not.toContainText("not sold");
  await expect(drawer.getByRole("button", { name: "Checkout" })).toBeDisabled();
  await expectNoViolations(page, "the cart drawer with a line that cannot ship");
  await page.screenshot({ path: testInfo.outputPath(`drawer-refused-${testInfo.project.name}.png`) });
  await page.keyboard.press("Escape");

  // The cart page: the reason and the source beside the line, and the summary says to remove it.
  await page.goto("/cart");
  const line = page
    .getByRole("region", { name: "Products in your cart" })
    .getByRole("listitem")
    .filter({ hasText: kratom.name });
  await expect(line.getByText(ALABAMA_REASON)).toBeVisible();
  await expect(line.getByRole("link", { name: `Rule source for ${kratom.name} (opens in a new tab)` })).toHaveAttribute(
    "href",
    ALABAMA_SOURCE,
  );
  const summary = page.getByRole("complementary", { name: "Order summary" });
  const notice = "1 product in your cart cannot be shipped to your state. Please remove it to check out.";
  await expect(summary.getByText(notice)).toBeVisible();
  const checkout = summary.getByRole("button", { name: "Checkout" });
  await expect(checkout).toBeDisabled();
  await expect(checkout).toHaveAccessibleDescription(notice);
  await expectNoViolations(page, "the cart with a line that cannot ship");
  await shot("cart-refused");

  // The checkout: the new address starts in the chosen state; with a whole Alabama address the
  // line is refused beside it, with the source, and "Place order" says why it cannot be used.
  await page.goto("/cart/checkout");
  await expect(page.getByLabel("State")).toHaveValue("AL");
  await fillDeliveryAddress(page, {
    fullName: "Robin Hale",
    line1: "12 Elm Street",
    city: "Birmingham",
    state: "AL",
    zip: "35203",
  });
  const review = page.getByRole("region", { name: "3. Review your order" });
  const refusedLine = review.getByRole("listitem").filter({ hasText: kratom.name });
  await expect(refusedLine.getByText(ALABAMA_REASON)).toBeVisible();
  await expect(
    refusedLine.getByRole("link", { name: `Rule source for ${kratom.name} (opens in a new tab)` }),
  ).toHaveAttribute("href", ALABAMA_SOURCE);
  await expect(review.getByRole("listitem").filter({ hasText: other.name })).not.toContainText("not sold");
  const place = page.getByRole("button", { name: "Place order" });
  await expect(place).toBeDisabled();
  await expect(place).toHaveAccessibleDescription(
    `This order cannot be placed while “${kratom.name}” is in it: ${ALABAMA_REASON} Please remove it from your cart or choose another address.`,
  );
  await expectNoViolations(page, "the checkout with a line that cannot ship");
  await shot("checkout-refused");

  // Another state ships it: the mark and the refusal go.
  await page.getByLabel("State").selectOption("TX");
  await page.getByLabel("City").fill("Austin");
  await page.getByLabel("ZIP code").fill("78701");
  await expect(refusedLine.getByText(ALABAMA_REASON)).toHaveCount(0);
  await expect(place).toBeEnabled();
});
