import { type Browser, devices, type Page } from "@playwright/test";
import type { Product, ShopSettings } from "@shop/shared";
import { logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { toastAtRest } from "./pages.ts";
import { newProduct } from "./products.ts";

// Settings once saved "Age to buy" 16 with "Ages saved", and the API took 0 (decision 079). The
// gate age is at least 18, the age to buy at least the gate's and 18, with a warning under 21;
// anything else is refused beside the field and through the API, and nothing is saved. With the
// shop's age at 18, a 19-year-old may buy candy, while the vape (21 by the demo's Tobacco 21 rule)
// is marked in the cart with the reason. These tests change shop-wide settings, so they run in the
// "shop-wide" project (one at a time, after the others) and put the ages back.

const viewports = [
  ["desktop", devices["Desktop Chrome"], { width: 1440, height: 900 }],
  ["phone", devices["Pixel 7"], { width: 390, height: 844 }],
] as const;

/** A staff browser on the Settings page's Ages card, in a device's viewport. */
async function agesCard(browser: Browser, baseURL: string, device: (typeof viewports)[number][1], size: object) {
  const context = await browser.newContext({ ...device, viewport: size as never, baseURL });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  return { page, card: page.getByRole("region", { name: "Ages" }), context, errors };
}

const saved = async (page: Page) => {
  const { gateMinAge, purchaseMinAge } = (await (await page.request.get("/api/settings")).json()) as ShopSettings;
  return { gateMinAge, purchaseMinAge };
};

/** A product of the test's own that ships: a vape (ENDS), or candy (general goods). */
const ownProduct = (baseURL: string | undefined, kind: "vape" | "candy"): Promise<Product> =>
  newProduct(baseURL, kind === "vape" ? { name: "Frost vape", classes: ["ENDS"] } : { name: "Peach rings" });

test.describe.configure({ mode: "serial" });

for (const [project, device, size] of viewports) {
  test(`ages under 18, or an age to buy under the gate's, are refused beside the field and nothing is saved (${project})`, async ({
    browser,
    baseURL,
  }) => {
    const staff = await agesCard(browser, baseURL ?? "", device, size);
    const { card, page } = staff;
    expect(await saved(page)).toEqual({ gateMinAge: 18, purchaseMinAge: 21 });

    await card.getByLabel("Age to buy").fill("16");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByText("Please enter a whole number from 18 to 99.")).toBeVisible();
    await expect(card.getByLabel("Age to buy")).toHaveAttribute("aria-invalid", "true");
    await expect(card.getByLabel("Age to buy")).toBeFocused();

    await card.getByLabel("Age gate", { exact: true }).fill("20");
    await card.getByLabel("Age to buy").fill("19");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(card.getByLabel("Age to buy")).toHaveAccessibleDescription(
      /The age to buy cannot be below the age gate \(20\): every buyer has passed the gate\./,
    );
    // Under 21 is said, not refused.
    await expect(card.getByText(/^An age to buy under 21: buyers from 19 may buy/)).toBeVisible();
    await expectNoViolations(page, "the ages with their problems");
    await card.screenshot({ path: test.info().outputPath(`ages-refused-${project}.png`) });

    // Through the API: a one-sided change meets the other's saved value, and the field is named.
    const refused = await page.request.patch("/api/settings", {
      headers: { Origin: baseURL ?? "" },
      data: { gateMinAge: 25 },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).fields).toEqual({
      gateMinAge: "The age gate cannot be above the age to buy (21): raise the age to buy first.",
    });
    const zero = await page.request.patch("/api/settings", {
      headers: { Origin: baseURL ?? "" },
      data: { purchaseMinAge: 0 },
    });
    expect(zero.status()).toBe(400);
    expect((await zero.json()).fields).toEqual({ purchaseMinAge: "Please enter an age from 18 to 99." });
    expect(await saved(page)).toEqual({ gateMinAge: 18, purchaseMinAge: 21 });
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });

  test(`with the age to buy at 18, a 19-year-old's cart marks the vape with its age and the candy can be bought (${project})`, async ({
    browser,
    baseURL,
    page,
  }) => {
    const staff = await agesCard(browser, baseURL ?? "", device, size);
    await staff.card.getByLabel("Age to buy").fill("18");
    await expect(staff.card.getByText(/^An age to buy under 21: buyers from 18 may buy/)).toBeVisible();
    await staff.card.getByRole("button", { name: "Save" }).click();
    await toastAtRest(staff.page, "Ages saved");
    try {
      await page.setViewportSize(size);
      const candy = await ownProduct(baseURL, "candy");
      const vape = await ownProduct(baseURL, "vape");
      // Not signed in: each product page says its own age; the cart says the vape's beside it.
      await page.goto("/registration");
      await expect(page.getByRole("region", { name: "Create an account" })).toContainText(
        "You must be 18 or older to buy from this shop. Vapes and some other products are sold only to buyers 21 or older",
      );
      await page.goto(`/products/${candy.id}`);
      await expect(page.getByText("You must be 18 or older to buy this.")).toBeVisible();
      await page.goto(`/products/${vape.id}`);
      await expect(page.getByText("You must be 21 or older to buy this.")).toBeVisible();

      await verifiedBuyer(page.request, baseURL ?? "", {
        prefix: "eighteen-shop",
        signIn: true,
        dateOfBirth: `${new Date().getUTCFullYear() - 19}-01-01`,
      });
      await addToCart(page, vape);
      await addToCart(page, candy);
      await page.goto("/cart");
      const lines = page.getByRole("region", { name: "Products in your cart" });
      const vapeLine = lines.getByRole("listitem").filter({ hasText: vape.name });
      const candyLine = lines.getByRole("listitem").filter({ hasText: candy.name });
      await expect(vapeLine.getByText("You must be 21 or older to buy this.")).toBeVisible();
      await expect(candyLine.getByText(/or older/)).toHaveCount(0);
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(
        summary.getByText(
          "1 product in your cart is sold only to buyers older than you. Please remove it to check out.",
        ),
      ).toBeVisible();
      await expect(summary.getByRole("button", { name: "Checkout" })).toBeDisabled();
      await expectNoViolations(page, "the cart with a line the buyer is too young for");
      await page.screenshot({ path: test.info().outputPath(`ages-cart-${project}.png`), fullPage: true });

      // The rest can be bought: without the vape the checkout is open.
      await vapeLine.getByRole("button", { name: /^Remove/ }).click();
      await expect(summary.getByRole("link", { name: "Checkout" })).toBeVisible();
    } finally {
      await staff.card.getByLabel("Age to buy").fill("21");
      await staff.card.getByRole("button", { name: "Save" }).click();
      await expect.poll(async () => (await saved(staff.page)).purchaseMinAge).toBe(21);
    }
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
}
