import type { APIRequestContext, Page } from "@playwright/test";
import type { User } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { ADMIN, BUYER_PASSWORD, verifiedBuyer } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { addToCart, fillDeliveryAddress } from "./checkout.ts";
import { test as base, expect } from "./fixtures.ts";
import { linkInMail } from "./mailbox.ts";

const unique = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const PASSWORD = "quiet harbour at noon 9";

/** A date of birth `years` ago (UTC, as the shop counts ages), a few days before that birthday. */
function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + 3);
  return dayOf(date);
}

/** The staff API for each test, closed when the test ends. */
const test = base.extend<{ admin: APIRequestContext }>({
  admin: async ({ playwright, baseURL }, use) => {
    const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? "" } });
    expect((await admin.post("/api/Auth/login", { data: ADMIN })).status()).toBe(200);
    await use(admin);
    await admin.dispose();
  },
});

const productFields = (name: string, stock: number, active: boolean) => ({
  ProductName: name,
  ProductType: "Disposable",
  Description: "Made by the checkout age browser test.",
  SellingPricePCS: "5.50",
  DeliveryAvailable: "true",
  Active: String(active),
  Stock: String(stock),
});

/** A product of this spec's own ($5.50, 30 in stock), so no other test's stock counts move; taken off afterwards. */
const made: { id: string; name: string }[] = [];
async function createProduct(admin: APIRequestContext): Promise<{ id: string; name: string }> {
  const categories: { id: string }[] = await (await admin.get("/api/MasterCategory")).json();
  const name = unique("Age Check Test Vape");
  const response = await admin.post("/api/Product", {
    multipart: { ...productFields(name, 30, true), MasterCategoryId: categories[0]?.id ?? "" },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  made.push({ id, name });
  return { id, name };
}

// Screenshots at the width the shop is designed for on a desktop.
test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "desktop") await page.setViewportSize({ width: 1440, height: 900 });
});

test.afterEach(async ({ admin }) => {
  const categories: { id: string }[] = await (await admin.get("/api/MasterCategory")).json();
  for (const product of made.splice(0)) {
    await admin.put(`/api/Product/${product.id}`, {
      multipart: { ...productFields(product.name, 0, false), MasterCategoryId: categories[0]?.id ?? "" },
    });
  }
});

/**
 * An account made by a staff invitation, which has no date of birth: the invited member chooses a
 * password from the mail's link and is signed in on `page`.
 */
async function invitedAccount(admin: APIRequestContext, page: Page, origin: string): Promise<string> {
  const email = `${unique("invited")}@staff.test`;
  const created = await admin.post("/api/staff", {
    data: { firstName: "Morgan", lastName: "Lane", email, role: "staff" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = new URL(await linkInMail(email, "/reset-password"), origin).searchParams.get("token");
  const headers = { Origin: origin };
  const chosen = await page.request.post("/api/Auth/reset-password", { headers, data: { token, password: PASSWORD } });
  expect(chosen.status(), await chosen.text()).toBe(200);
  const login = await page.request.post("/api/Auth/login", { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return email;
}

const account = async (page: Page) => ((await (await page.request.get("/api/account")).json()) as { user: User }).user;

test("a buyer without a date of birth gives it once at the checkout; too young is refused beside the field @phone", async ({
  page,
  admin,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const product = await createProduct(admin);
  await invitedAccount(admin, page, origin);
  await addToCart(page, product);
  await page.goto("/cart/checkout");

  const step = page.getByRole("region", { name: "Your date of birth" });
  await expect(step).toBeVisible();
  await expect(step.getByText("You must be 21 or older to buy from this shop.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your order" }).getByText(product.name)).toBeVisible();
  await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  await expectNoViolations(page, "the date-of-birth step");
  await page.screenshot({ path: testInfo.outputPath(`step-${testInfo.project.name}.png`), fullPage: true });

  // Too young: refused beside the field, in words, and nothing is saved.
  const field = step.getByLabel("Date of birth");
  await field.fill(yearsAgo(19));
  await step.getByRole("button", { name: "Save and continue" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("You must be 21 or older to buy from this shop.");
  await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  await expectNoViolations(page, "the step, refused");
  await page.screenshot({ path: testInfo.outputPath(`step-refused-${testInfo.project.name}.png`), fullPage: true });
  expect((await account(page)).dateOfBirth).toBeNull();

  // Old enough: saved to the account, and the checkout goes on.
  await field.fill("1990-05-17");
  await step.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you: your date of birth is saved." })).toBeVisible();
  await expect(step).toHaveCount(0);
  expect((await account(page)).dateOfBirth).toBe("1990-05-17");

  await fillDeliveryAddress(page, {
    fullName: "Morgan Lane",
    line1: "55 Harbor Road",
    city: "Portland",
    state: "OR",
    zip: "97201",
  });
  await page.getByRole("radio", { name: "Zelle" }).check();
  await expectNoViolations(page, "the checkout after the step");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}\?placed=1$/);

  // Asked once: the profile shows it read-only, and the account refuses another date.
  await page.goto("/account");
  const form = page.getByRole("region", { name: "Edit your details" });
  await expect(form.getByText("May 17, 1990")).toBeVisible();
  await expect(form.getByText("Only our staff can correct it")).toBeVisible();
  await expect(form.getByLabel("Date of birth")).toHaveCount(0);
  await expectNoViolations(page, "the profile with a date of birth on file");
  await form.scrollIntoViewIfNeeded();
  await form.screenshot({ path: testInfo.outputPath(`profile-${testInfo.project.name}.png`) });
  const again = await page.request.put("/api/account/date-of-birth", {
    headers: { Origin: origin },
    data: { dateOfBirth: "1980-01-01" },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe("Your date of birth is set; contact us to correct it.");
  expect((await account(page)).dateOfBirth).toBe("1990-05-17");
});

test("a buyer under the purchase age is told why at the checkout and gets no 'Place order'; staff correct the date in the dashboard @phone", async ({
  page,
  admin,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const product = await createProduct(admin);
  // 19: old enough for an account (18), too young to buy (21).
  const email = await verifiedBuyer(page.request, origin, { prefix: "young", signIn: true, dateOfBirth: yearsAgo(19) });
  const { id } = await account(page);
  await addToCart(page, product);
  await page.goto("/cart/checkout");

  const step = page.getByRole("region", { name: "Your date of birth" });
  await expect(step.getByText("Date of birth on your account")).toBeVisible();
  await expect(step.getByRole("alert")).toContainText("You must be 21 or older to buy from this shop.");
  await expect(step.getByRole("link", { name: "contact us" })).toBeVisible();
  await expect(step.getByLabel("Date of birth")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Place order" })).toHaveCount(0);
  await expectNoViolations(page, "the checkout refusing an under-age buyer");
  await page.screenshot({ path: testInfo.outputPath(`under-age-${testInfo.project.name}.png`), fullPage: true });

  // The buyer's ID shows another date: staff correct it on the customer's page.
  const headers = { Origin: origin };
  expect((await page.request.post("/api/Auth/login", { headers, data: ADMIN })).status()).toBe(200);
  await page.goto(`/dashboard/users/customers/${id}`);
  await page.getByRole("button", { name: "Correct the date of birth" }).click();
  const birth = page.getByLabel("Corrected date of birth");
  await expect(birth).toBeFocused();
  await birth.fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(birth).toHaveAccessibleDescription(
    "As on the customer's ID. They give it once; only staff change it afterwards. Please enter a date.",
  );
  await birth.fill("1994-08-09");
  await expectNoViolations(page, "the customer's date of birth being corrected");
  await page.screenshot({ path: testInfo.outputPath(`staff-editor-${testInfo.project.name}.png`), fullPage: true });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The date of birth is saved." })).toBeVisible();
  await expect(page.getByText("Aug 9, 1994")).toBeVisible();
  await expectNoViolations(page, "the customer's date of birth corrected");
  await page.screenshot({ path: testInfo.outputPath(`staff-saved-${testInfo.project.name}.png`), fullPage: true });

  // Back as the buyer, with the cart intact: the checkout now lets them order.
  expect(
    (await page.request.post("/api/Auth/login", { headers, data: { email, password: BUYER_PASSWORD } })).status(),
  ).toBe(200);
  await page.goto("/cart/checkout");
  await expect(page.getByText("Date of birth on file.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your date of birth" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
});

test("an account without a date of birth may add it on the profile, once @phone", async ({
  page,
  admin,
  baseURL,
}, testInfo) => {
  await invitedAccount(admin, page, baseURL ?? "");
  await page.goto("/account");
  const form = page.getByRole("region", { name: "Edit your details" });
  const birth = form.getByLabel("Date of birth (optional)");
  await expect(birth).toHaveAccessibleDescription("Asked once: after you save it, only our staff can correct it.");
  await expectNoViolations(page, "the profile without a date of birth");
  await form.screenshot({ path: testInfo.outputPath(`profile-empty-${testInfo.project.name}.png`) });

  await birth.fill(yearsAgo(17));
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(birth).toHaveAccessibleDescription(/You must be 18 or older to have an account\.$/);
  expect((await account(page)).dateOfBirth).toBeNull();

  await birth.fill("1988-03-04");
  await form.getByRole("button", { name: "Save details" }).click();
  await expect(form.getByText("Your details are saved.")).toBeVisible();
  await expect(form.getByText("March 4, 1988")).toBeVisible();
  await expect(form.getByLabel("Date of birth (optional)")).toHaveCount(0);
  expect((await account(page)).dateOfBirth).toBe("1988-03-04");
});
