import { type Browser, devices, type Page } from "@playwright/test";
import type { ShopSettings } from "@shop/shared";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { test as base, expect } from "./fixtures.ts";
import { toastAtRest } from "./pages.ts";
import { PICTURE } from "./pictures.ts";
import { newProduct } from "./products.ts";

const viewports = [
  ["desktop", devices["Desktop Chrome"]],
  ["phone", devices["Pixel 7"]],
] as const;
type Device = (typeof viewports)[number][1];

/** A staff browser on the Settings page, in the given device's viewport. */
async function settingsPage(browser: Browser, baseURL: string, device: Device) {
  const context = await browser.newContext({ ...device, baseURL });
  await context.addCookies([{ name: "ageVerified", value: "true", url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  return { page, context, errors };
}
type Staff = Awaited<ReturnType<typeof settingsPage>>;

/**
 * Opens a staff browser on the Settings page in a device's viewport (settingsPage); when the test
 * ends, each one it opened has logged no errors, and is closed.
 */
const test = base.extend<{ staffOn: (device: Device) => Promise<Staff> }>({
  staffOn: async ({ browser, baseURL }, use) => {
    const opened: Staff[] = [];
    await use(async (device) => {
      const staff = await settingsPage(browser, baseURL ?? "", device);
      opened.push(staff);
      return staff;
    });
    for (const staff of opened) {
      expect(staff.errors).toEqual([]);
      await staff.context.close();
    }
  },
});

// Settings change what every page shows, so this spec runs in the "shop-wide" project: after all
// the others, one test at a time (playwright.config.ts). Each test puts back what it changed.
test.describe.configure({ mode: "serial" });

const card = (page: Page, title: string) => page.getByRole("region", { name: title });
const saved = async (page: Page): Promise<ShopSettings> => (await page.request.get("/api/settings")).json();

for (const [project, device] of viewports) {
  test(`a new shipping fee shows in a buyer's cart at once (${project})`, async ({ staffOn, page, baseURL }) => {
    const staff = await staffOn(device);
    await expectNoViolations(staff.page, "the settings page");
    await staff.page.screenshot({ path: test.info().outputPath(`settings-${project}.png`), fullPage: true });

    const shipping = card(staff.page, "Shipping");
    await shipping.getByLabel("Shipping fee ($)").fill("7.5");
    await shipping.getByRole("button", { name: "Save" }).click();
    await toastAtRest(staff.page, "Shipping saved");
    await expect(shipping.getByLabel("Shipping fee ($)")).toHaveValue("7.50");

    try {
      // A buyer opens the shop after the change: the cart charges the new fee.
      const product = await newProduct(baseURL, { name: "Honeycomb" });
      await page.goto(`/products/${product.id}`);
      await page.getByRole("button", { name: "Add to cart" }).click();
      await page.getByRole("link", { name: "View cart" }).click();
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary).toContainText("Shipping$7.50");
      // The home page's promise says the same.
      await page.goto("/");
      await expect(page.getByText("Discreet packaging; a flat $7.50 below that.")).toBeVisible();
    } finally {
      await shipping.getByLabel("Shipping fee ($)").fill("10");
      await shipping.getByRole("button", { name: "Save" }).click();
      await expect(shipping.getByLabel("Shipping fee ($)")).toHaveValue("10.00");
      await expect.poll(async () => (await saved(staff.page)).shippingFlatFeeCents).toBe(1000);
    }
  });
}

test("bad values are refused beside their fields and nothing is saved", async ({ staffOn }) => {
  const staff = await staffOn(devices["Desktop Chrome"]);
  const ages = card(staff.page, "Ages");
  await ages.getByLabel("Age to buy").fill("150");
  await ages.getByRole("button", { name: "Save" }).click();
  await expect(ages.getByText("Please enter a whole number from 18 to 99.")).toBeVisible();
  await expect(ages.getByLabel("Age to buy")).toHaveAttribute("aria-invalid", "true");

  const profile = card(staff.page, "Store profile");
  await profile.getByLabel("E-mail").fill("not an address");
  await profile.getByRole("button", { name: "Save" }).click();
  await expect(profile.getByText("Please enter a valid e-mail address.")).toBeVisible();
  await expectNoViolations(staff.page, "the settings page with errors");

  const stored = await saved(staff.page);
  expect(stored.purchaseMinAge).toBe(21);
  expect(stored.storeProfile.email).toBe("support@leafandcloud.example");

  // Leaving with the unsaved changes asks first.
  await staff.page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Compliance", exact: true })
    .click();
  await expect(staff.page.getByRole("dialog", { name: "Leave without saving?" })).toBeVisible();
  await staff.page.getByRole("button", { name: "Leave" }).click();
  await expect(staff.page).toHaveURL(/\/dashboard\/settings\/compliance$/);
});

test("a new shop name shows in the storefront's header, footer, titles and contact page", async ({ staffOn, page }) => {
  const staff = await staffOn(devices["Desktop Chrome"]);
  const profile = card(staff.page, "Store profile");
  await profile.getByLabel("Shop name").fill("Harbor Leaf");
  await profile.getByLabel("Phone (optional)").fill("415 555 0199");
  await profile.getByRole("button", { name: "Save" }).click();
  await toastAtRest(staff.page, "Store profile saved");
  try {
    await page.goto("/contact-us");
    await expect(page.getByRole("banner").getByRole("link", { name: "Harbor Leaf" })).toBeVisible();
    await expect(page).toHaveTitle("Contact Us | Harbor Leaf");
    await expect(page.getByRole("link", { name: "(415) 555-0199" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Harbor Leaf");
  } finally {
    await profile.getByLabel("Shop name").fill("Leaf & Cloud");
    await profile.getByLabel("Phone (optional)").fill("(555) 010-4477");
    await profile.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await saved(staff.page)).storeProfile.name).toBe("Leaf & Cloud");
  }
});

test("a logo takes the name's place in the header, and removing it brings the name back", async ({ staffOn, page }) => {
  const staff = await staffOn(devices["Desktop Chrome"]);
  const logo = card(staff.page, "Logo");
  await logo.getByLabel("Choose a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PICTURE });
  await expect(logo.getByRole("img", { name: "Preview of the chosen logo" })).toBeVisible();
  await logo.getByRole("button", { name: "Save logo" }).click();
  await toastAtRest(staff.page, "Logo saved");
  await expect(logo.getByRole("img", { name: "The current logo" })).toBeVisible();
  try {
    await page.goto("/products");
    const brand = page.getByRole("banner").getByRole("link", { name: "Leaf & Cloud" });
    await expect(brand.getByRole("img", { name: "Leaf & Cloud" })).toHaveAttribute("src", /^\/uploads\/.+\.webp$/);
    await expect(brand.getByRole("img")).toHaveAttribute("width", "85");
  } finally {
    await logo.getByRole("button", { name: "Remove the logo" }).click();
    await expect(logo.getByText("No logo")).toBeVisible();
  }
  await page.goto("/products");
  await expect(page.getByRole("banner").getByRole("link", { name: "Leaf & Cloud" }).getByRole("img")).toHaveCount(0);
});
