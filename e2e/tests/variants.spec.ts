import type { Locator, Page } from "@playwright/test";
import type { AdminOrder, AdminProductVariants, Product, ProductVariantsInput } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { asOwner, logInAsAdmin, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { checkoutFromCartDrawer, fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { reportPdf } from "./pdf.ts";
import { newProduct } from "./products.ts";

// Issue 35's acceptance: one product in a flavour and a strength, a buyer who picks them on its
// page and orders two variants, staff who see both on the order with each variant's stock taken.
// The product and its COA batch (numbered E2E-VAR-…, withdrawn after the test) are the test's own.

let lot = "";
test.afterEach(async ({ baseURL }) => {
  await asOwner(baseURL, (owner) => owner.delete(`/api/admin/coas/${lot}`));
});

/**
 * Flavour Mango or Lime (Grape is an option value no variant has) and strength 5% or 0%: Mango 5%
 * is the product's own ($9.99, its 12 pieces), Mango 0% $8.49 with 3, Lime 5% $12.99 with 25 and
 * the only COA, Lime 0% $11.49 with none.
 */
async function productInFourVariants(origin: string) {
  const product = await newProduct(origin, { name: "Twin drops", piece: "9.99", stock: 12 });
  const row = (options: string[], sku: string, cents: number, stock?: number, id?: string) => ({
    ...(id ? { id } : {}),
    options,
    sku,
    priceCents: null,
    distroPriceCents: null,
    sellingPricePcsCents: cents,
    sellingPriceBoxCents: null,
    pcsPerPack: null,
    packPerBox: null,
    ...(stock === undefined ? {} : { stock }),
    active: true,
  });
  const grid: ProductVariantsInput = {
    options: [
      { name: "Flavour", values: ["Mango", "Lime", "Grape"] },
      { name: "Nicotine strength", values: ["5%", "0%"] },
    ],
    variants: [
      row(["Mango", "5%"], product.sku, 999, undefined, product.id),
      row(["Mango", "0%"], `${product.sku}-M0`, 849, 3),
      row(["Lime", "5%"], `${product.sku}-L5`, 1299, 25),
      row(["Lime", "0%"], `${product.sku}-L0`, 1149, 0),
    ],
  };
  const variants = await asOwner(origin, async (owner) => {
    const saved = await owner.put(`/api/admin/products/${product.id}/variants`, { data: grid });
    expect(saved.status(), await saved.text()).toBe(200);
    const { variants } = (await saved.json()) as AdminProductVariants;
    const id = (values: string) => variants.find((each) => each.options.join(" ") === values)?.id ?? "";
    lot = `E2E-VAR-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
    const day = (daysAgo: number) => addDays(dayOf(new Date()), -daysAgo);
    const published = await owner.post("/api/admin/coas", {
      multipart: {
        productId: product.id,
        variantId: id("Lime 5%"),
        lotNumber: lot,
        labName: "E2E Test Lab",
        labCertificateNumber: "E2E-17025",
        sampleDate: day(6),
        testDate: day(4),
        reportDate: day(1),
        cbd: "0.5",
        pesticides: "passed",
        pdf: { name: "report.pdf", mimeType: "application/pdf", buffer: reportPdf("E2E variant report") },
      },
    });
    expect(published.status(), await published.text()).toBe(201);
    return { mango5: id("Mango 5%"), mango0: id("Mango 0%"), lime5: id("Lime 5%"), lime0: id("Lime 0%") };
  });
  expect(variants.mango5).toBe(product.id);
  return { product, variants };
}

const stocksOf = (origin: string, product: Product) =>
  asOwner(origin, async (owner) => {
    const { variants } = (await (
      await owner.get(`/api/admin/products/${product.id}/variants`)
    ).json()) as AdminProductVariants;
    return Object.fromEntries(variants.map((variant) => [variant.options.join(" "), variant.stock]));
  });

/** The row under the product's name: what the shown variant costs and whether it is in stock. */
const priceRow = (page: Page, product: Product) =>
  page.getByRole("region", { name: product.name, exact: true }).locator("div").first();

/** A value of an option, clicked as a buyer does: on its words (the radio itself is drawn as its label). */
const choose = (group: Locator, value: string) =>
  group
    .locator("label")
    .filter({ hasText: new RegExp(`^${value}( \\(|$)`) })
    .click();

test("a buyer picks a flavour and a strength, sees price, stock and COA follow, and orders two variants; staff see both and each stock went down @phone", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two people, a checkout
  const origin = baseURL ?? "";
  const { product, variants } = await productInFourVariants(origin);
  await verifiedBuyer(page.request, origin, { prefix: "variants", signIn: true });
  const name = (values: string) => `${product.name} (${values})`;
  const flavour = page.getByRole("group", { name: /^Flavour/ });
  const strength = page.getByRole("group", { name: /^Nicotine strength/ });
  const lab = page.getByRole("region", { name: "Certificate of analysis" });

  // Without a variant in the address: the first in stock, the product's own, Mango 5%.
  await page.goto(`/products/${product.id}`);
  await expect(flavour.getByRole("radio", { name: "Mango", exact: true })).toBeChecked();
  await expect(strength.getByRole("radio", { name: "5%", exact: true })).toBeChecked();
  await expect(priceRow(page, product)).toContainText("$9.99");
  await expect(priceRow(page, product)).toContainText("In stock");
  await expect(lab).toHaveCount(0);
  // Every value is shown: Grape, which no variant has, says it is not for sale and cannot be chosen.
  await expect(flavour.getByRole("radio", { name: "Grape (not for sale)" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expectNoViolations(page, "the product page with its options");
  // Search engines read each variant as an offer, at the address that shows it.
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(
    (data.offers as { url: string; sku: string; price: string; availability: string }[]).map((offer) => [
      offer.url.slice(origin.length),
      offer.sku,
      offer.price,
      offer.availability.replace("https://schema.org/", ""),
    ]),
  ).toEqual([
    [`/products/${product.id}?variant=${variants.mango5}`, product.sku, "9.99", "InStock"],
    [`/products/${product.id}?variant=${variants.mango0}`, `${product.sku}-M0`, "8.49", "InStock"],
    [`/products/${product.id}?variant=${variants.lime5}`, `${product.sku}-L5`, "12.99", "InStock"],
    [`/products/${product.id}?variant=${variants.lime0}`, `${product.sku}-L0`, "11.49", "OutOfStock"],
  ]);

  // Choosing changes the address (in place: no new history entry, no page load) and what the page says.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  const entries = await page.evaluate(() => history.length);
  // Where Add to cart sits on the page (not in the window: a click scrolls its target into view).
  const addToCart = page.getByRole("button", { name: "Add to cart" });
  const onPage = () => addToCart.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
  const addToCartAt = await onPage();
  await choose(strength, "0%");
  await expect(page).toHaveURL(new RegExp(`/products/${product.id}\\?variant=${variants.mango0}$`));
  await expect(strength.getByRole("radio", { name: "0%", exact: true })).toBeChecked();
  await expect(priceRow(page, product)).toContainText("$8.49");
  await expect(priceRow(page, product)).toContainText("Only 3 left");
  await expect(addToCart).not.toHaveAttribute("aria-disabled");
  expect(await onPage(), "no jump").toBe(addToCartAt);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);

  // Two of Mango 0% into the cart.
  await page.getByRole("button", { name: `One more ${name("Mango, 0%")}` }).click();
  await page.getByRole("button", { name: "Add to cart" }).click();
  const drawer = page.getByRole("dialog", { name: /Your cart/ });
  await expect(drawer.getByRole("link", { name: name("Mango, 0%") })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  // Lime at 0%: the combination is sold but out of stock, and says so before and after it is chosen.
  await expect(flavour.getByRole("radio", { name: "Lime (sold out)" })).toBeEnabled();
  await choose(flavour, "Lime");
  await expect(page).toHaveURL(new RegExp(`\\?variant=${variants.lime0}$`));
  await expect(priceRow(page, product)).toContainText("$11.49");
  await expect(priceRow(page, product)).toContainText("Out of stock");
  await expect(page.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  await expect(strength.getByRole("radio", { name: "5%", exact: true })).toBeEnabled();

  // By keyboard: the arrow key moves the strength to 5%, Lime 5%, which has the COA.
  await strength.getByRole("radio", { name: "0% (sold out)" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(new RegExp(`\\?variant=${variants.lime5}$`));
  await expect(strength.getByRole("radio", { name: "5%", exact: true })).toBeChecked();
  await expect(strength.getByRole("radio", { name: "5%", exact: true })).toBeFocused();
  await expect(priceRow(page, product)).toContainText("$12.99");
  await expect(priceRow(page, product)).toContainText("In stock");
  await expect(lab).toContainText(lot);
  await expect(page.getByRole("region", { name: "Product", exact: true })).toContainText(`${product.sku}-L5`);
  await expectNoViolations(page, "a variant with its COA");

  // The address names the variant: the server draws that one, with its COA, in the first HTML.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain("$12.99");
  expect(html).toContain(lot);
  await page.reload();
  await expect(flavour.getByRole("radio", { name: "Lime", exact: true })).toBeChecked();
  await expect(lab).toContainText(lot);

  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(drawer.getByRole("link", { name: name("Lime, 5%") })).toBeVisible();
  await expect(drawer.getByRole("link", { name: name("Mango, 0%") })).toBeVisible();
  await checkoutFromCartDrawer(page);

  const review = page.getByRole("region", { name: "3. Review your order" });
  await expect(review.getByText(name("Mango, 0%"))).toBeVisible();
  await expect(review.getByText(name("Lime, 5%"))).toBeVisible();
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
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText(name("Mango, 0%"));
  await expect(items).toContainText(name("Lime, 5%"));

  // Staff see both variants on the order, with their options; each variant's stock went down.
  const staff = await browser.newPage({ baseURL: origin });
  await staff.context().addCookies([{ name: "ageVerified", value: "true", url: origin }]);
  await logInAsAdmin(staff, origin);
  await staff.goto(`/dashboard/orders/${number}`);
  const staffItems = staff.getByRole("region", { name: "Items" });
  await expect(staffItems).toContainText(`${name("Mango, 0%")}SKU ${product.sku}-M0 · 2 × $8.49 per piece`);
  await expect(staffItems).toContainText(`${name("Lime, 5%")}SKU ${product.sku}-L5 · 1 × $12.99 per piece`);
  const order = (await (await staff.request.get(`/api/admin/orders/${number}`)).json()) as AdminOrder;
  expect(order.lines.map(({ variantId, options, quantity }) => ({ variantId, options, quantity }))).toEqual([
    {
      variantId: variants.mango0,
      options: [
        { name: "Flavour", value: "Mango" },
        { name: "Nicotine strength", value: "0%" },
      ],
      quantity: 2,
    },
    {
      variantId: variants.lime5,
      options: [
        { name: "Flavour", value: "Lime" },
        { name: "Nicotine strength", value: "5%" },
      ],
      quantity: 1,
    },
  ]);
  await staff.close();
  expect(await stocksOf(origin, product)).toEqual({ "Mango 5%": 12, "Mango 0%": 1, "Lime 5%": 24, "Lime 0%": 0 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the choices are a form: the page comes back at the address of the variant the values make @phone", async ({
    page,
    baseURL,
  }) => {
    const { product, variants } = await productInFourVariants(baseURL ?? "");
    const flavour = page.getByRole("group", { name: /^Flavour/ });
    const strength = page.getByRole("group", { name: /^Nicotine strength/ });
    await page.goto(`/products/${product.id}`);
    await expect(strength.getByRole("radio", { name: "5%", exact: true })).toBeChecked();

    await choose(flavour, "Lime");
    await page.getByRole("button", { name: "Show this choice" }).click();
    await expect(page).toHaveURL(new RegExp(`/products/${product.id}\\?variant=${variants.lime5}$`));
    await expect(flavour.getByRole("radio", { name: "Lime", exact: true })).toBeChecked();
    await expect(priceRow(page, product)).toContainText("$12.99");
    await expect(page.getByRole("region", { name: "Certificate of analysis" })).toContainText(lot);

    // Lime at 0% is sold, out of stock: the page says so.
    await choose(strength, "0%");
    await page.getByRole("button", { name: "Show this choice" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?variant=${variants.lime0}$`));
    await expect(priceRow(page, product)).toContainText("$11.49");
    await expect(priceRow(page, product)).toContainText("Out of stock");
  });
});
