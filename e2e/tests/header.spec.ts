import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { framesDrawn } from "./pages.ts";

test("the header turns into a white bar after more than 10 px of scroll", async ({ page }) => {
  await page.goto("/products");
  const header = page.getByRole("banner");
  const background = () => header.evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect(header).toHaveAttribute("data-scrolled", "false");
  expect(await background()).toBe("rgba(0, 0, 0, 0)");

  await page.evaluate(() => window.scrollTo(0, 10));
  await framesDrawn(page);
  await expect(header).toHaveAttribute("data-scrolled", "false");

  await page.evaluate(() => window.scrollTo(0, 11));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  // White at 85 %; Tailwind 4 mixes colours in oklab, where white is a lightness of (nearly) 1.
  await expect.poll(background).toMatch(/^(rgba\(255, 255, 255, 0\.85\)|oklab\((1|0\.99\d*) [^/]+\/ 0\.85\))$/);
  expect(await header.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("the Shop menu opens on hover and by keyboard", async ({ page }) => {
  await page.goto("/products");
  const shop = page.getByRole("button", { name: "Shop" });
  await shop.hover();
  await expect(shop).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("banner").getByRole("link", { name: "Products" })).toBeVisible();
  await page.mouse.move(700, 600);
  await expect(shop).toHaveAttribute("aria-expanded", "false");

  await shop.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("banner").getByRole("link", { name: "Products" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(shop).toHaveAttribute("aria-expanded", "false");
  await expect(shop).toBeFocused();
});

// Decision 081: a mouse user hovers a menu (it opens), then clicks it; the click must not shut it.
test("a click on a header menu opened by hover keeps it open: Shop, Blog and the account menu", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/products");
  const banner = page.getByRole("banner");
  for (const [name, entry] of [
    ["Shop", "Products"],
    ["Blog", "Latest"],
    ["Account", "LogIn / SignUp"],
  ] as const) {
    const trigger = banner.getByRole("button", { name, exact: true });
    await trigger.hover();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(banner.getByRole("link", { name: entry, exact: true })).toBeVisible();
    // A second click closes it; a click opens it again, and the pointer leaving closes it.
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(700, 600);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  }
});

test("the desktop header lists the seven categories and the cart", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  const items = page.getByRole("navigation", { name: "Main" }).locator("a, button");
  for (const item of await items.all()) {
    // No entry wraps onto a second line.
    expect((await item.boundingBox())?.height ?? 0).toBeLessThan(44);
  }
  const main = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Kratom", "Disposable", "Hydroxy", "Pseudo", "Hemp Product", "Candy", "Charger", "About Us"]) {
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await main.getByRole("link", { name: "Hemp Product" }).click();
  await expect(page).toHaveURL(/\/products\?category=hemp-product$/);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toBeVisible();
});

test("a category staff add goes in the Shop menu; the bar keeps the cart in view at 1280 px", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await logInAsAdmin(page, baseURL);
  const headers = { Origin: baseURL ?? "" };
  const name = `Zz E2E ${Date.now().toString(36)} a category whose name is long enough to crowd the bar`;
  const created = await page.request.post("/api/MasterCategory", { headers, multipart: { Name: name } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: /^Cart/ })).toBeInViewport({ ratio: 1 });
    expect(await banner.evaluate((element) => document.documentElement.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoViolations(page, "home with one more category");
    await banner.getByRole("button", { name: "Shop", exact: true }).hover();
    await expect(banner.getByRole("link", { name, exact: true })).toBeVisible();
  } finally {
    await page.request.delete(`/api/MasterCategory/${id}`, { headers });
  }
});

test.describe("small screens @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens full screen and closes when a page is chosen", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);

    const shop = menu.getByRole("button", { name: "Online Shop" });
    await expect(shop).toHaveAttribute("aria-expanded", "false");
    await shop.click();
    await expect(shop).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Kratom" })).toBeVisible();
    await shop.click();
    await expect(menu.getByRole("link", { name: "Kratom" })).toBeHidden();

    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/about-us$/);

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: /Cart/ }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("Escape closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});
