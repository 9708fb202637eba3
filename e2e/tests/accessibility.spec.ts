import type { CoaList } from "@shop/shared";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { demoProduct, newProduct } from "./products.ts";

const pages = [
  "/",
  "/products",
  "/products?category=disposable&inStock=true",
  "/products?q=zzzqqq",
  "/cart",
  "/cart/checkout",
  "/about-us",
  "/contact-us",
  "/terms-and-conditions",
  "/privacy-policy",
  "/return-policy",
  "/shipping-policy",
  "/verification",
  "/registration",
  "/forgot-password",
  "/reset-password?token=x",
  "/coas",
  "/coas?q=zzzqqq",
  // A batch reported over a year ago: the page with every group and the warning.
  "/coas/HMH-VCS-2510A",
  "/coas/VRD-P5-2610A",
];

for (const path of pages) {
  test(`axe finds no violations on ${path} @phone`, async ({ page }) => {
    await page.goto(path);
    await expectNoViolations(page);
  });
}

test("axe finds no violations on a product page", async ({ page, request }) => {
  // A demo vape: pictures, a box price and its vape details.
  const product = await demoProduct(request, "Nimbrix Pro 25K Disposable");
  await page.goto(`/products/${product.id}`);
  await expectNoViolations(page);
});

test("axe finds no violations on a product page with its lab results and QR code @phone", async ({ page, request }) => {
  const list = (await (await request.get("/api/coas?lot=HMH-VCS-2609B")).json()) as CoaList;
  await page.goto(`/products/${list.items[0]?.product.id}`);
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expectNoViolations(page);
});

test("axe finds no violations on an unknown batch's page", async ({ page, consoleErrors }) => {
  await page.goto("/coas/NOPE-404");
  await expectNoViolations(page);
  consoleErrors.length = 0;
});

test("axe finds no violations on the e-mail verification page @phone", async ({ page, consoleErrors }) => {
  await page.goto("/verify-email?token=x");
  await expect(page.getByRole("heading", { name: "This link did not work" })).toBeVisible();
  await expectNoViolations(page);
  // The browser logs the API's 400 for the unknown token.
  consoleErrors.length = 0;
});

test("axe finds no violations on the not-found page", async ({ page, consoleErrors }) => {
  await page.goto("/no-such-page");
  await expectNoViolations(page);
  consoleErrors.length = 0;
});

test.describe("with the gate, the menu and the cart open", () => {
  test.use({ ageVerified: false });

  test("axe finds no violations on the age gate @phone", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Age Verification" })).toBeVisible();
    await expectNoViolations(page);
  });
});

test("axe finds no violations with the mobile menu open", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Online Shop" }).click();
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Profile" }).click();
  await expectNoViolations(page);
});

test("axe finds no violations with the cart drawer open", async ({ page, baseURL }) => {
  const product = await newProduct(baseURL, { name: "Praline" });
  await page.goto(`/products/${product.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("dialog", { name: /Your cart/ })).toBeVisible();
  await expectNoViolations(page);
});
