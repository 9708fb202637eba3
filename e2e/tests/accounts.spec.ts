import type { Page } from "@playwright/test";
import { ADMIN, verifiedBuyer } from "./accounts.ts";
import { fillDeliveryAddress } from "./checkout.ts";
import { expect, test } from "./fixtures.ts";
import { lastMailTo, linkInMail } from "./mailbox.ts";

const PASSWORD = "maple syrup on sunday 7";

/** Addresses differ per project and run; the shop's sign-up limit is 10 per 15 minutes per address. */
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@buyer.test`;

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto("/registration");
  const form = page.getByRole("region", { name: "Create an account" });
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Hale");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password", { exact: false }).fill(PASSWORD);
  await form.getByLabel("Date of birth").fill("1992-04-09");
  await form.getByLabel("I accept the").check();
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole("heading", { name: "Registration Successful" })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole("region", { name: "Log in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Log in" }).click();
}

test("sign up, verify by e-mail, log in, see the account, log out @phone", async ({ page, consoleErrors }) => {
  const email = uniqueEmail("walk");
  await signUp(page, email);

  const mail = await lastMailTo(email);
  expect(mail.subject).toBe("Verify your e-mail address for Leaf & Cloud");

  // Logging in before verifying is refused, with a way to have the e-mail sent again.
  await page.goto("/registration");
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("verify your e-mail address");
  // The browser logs the refused request (403); that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("403")]);
  consoleErrors.length = 0;
  await page.getByRole("button", { name: /send the verification e-mail again/i }).click();
  await expect(page.getByRole("status").filter({ hasText: /new link/ })).toBeVisible();

  // The second mail holds the new link; the first one's link no longer works.
  await page.goto(await linkInMail(email, "/verify-email", { atLeast: 2 }));
  await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();
  await page.getByRole("link", { name: "Go to Login Page" }).click();
  await expect(page).toHaveURL(/\/registration$/);

  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/account/i);
  await expect(page.getByText(email)).toBeVisible();

  // The session survives a reload; the session cookie is HttpOnly, so scripts cannot read it.
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).not.toContain("session=");

  // On a phone, log out is in the menu's Profile group; on a desktop, beside the account pages.
  if ((page.viewportSize()?.width ?? 1440) < 1024) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Profile" }).click();
  }
  await page.getByRole("button", { name: "Log out" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/registration\?next=%2Faccount$/);
});

test("a customer opening /dashboard is sent to log in; staff get in", async ({ page }) => {
  const email = uniqueEmail("customer");
  await signUp(page, email);
  await page.goto(await linkInMail(email, "/verify-email"));
  await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();

  await page.goto("/dashboard/users/customers");
  await expect(page).toHaveURL(/\/registration\?next=%2Fdashboard%2Fusers%2Fcustomers$/);
  await logIn(page, email, PASSWORD);
  // Signed in now, the customer is still sent away from the dashboard, to their account, which says why.
  const staffOnly = page.getByText("The dashboard is for staff accounts.");
  await expect(page).toHaveURL(/\/account\?notice=staff-only$/);
  await expect(staffOnly).toBeVisible();
  await expect(page.getByText(`You are logged in as ${email}`)).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/account\?notice=staff-only$/);
  await expect(staffOnly).toBeVisible();
  await page.getByRole("link", { name: "Addresses" }).click();
  await expect(staffOnly).toBeHidden();
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  await page.context().clearCookies({ name: "session" });
  await page.goto("/dashboard/users/customers");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard\/users\/customers$/);
  await expect(page.getByText("Admin User").first()).toBeVisible();
  await expect(page.getByText("Owner", { exact: true }).first()).toBeVisible();
  await page.getByRole("searchbox").fill(email);
  await page.getByRole("searchbox").press("Enter");
  await expect(page.getByRole("cell", { name: email })).toBeVisible();
});

test("sign-up refuses an under-age date of birth beside the field, before sending anything @phone", async ({
  page,
}) => {
  await page.goto("/registration");
  const form = page.getByRole("region", { name: "Create an account" });
  const sent: string[] = [];
  // The form posts to the page's action (decision 028), which posts to /api/User: neither is sent.
  page.on("request", (request) => {
    if (request.method() === "POST" || request.url().includes("/api/User")) sent.push(request.url());
  });
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Hale");
  await form.getByLabel("E-mail").fill(uniqueEmail("young"));
  await form.getByLabel("Password", { exact: false }).fill(PASSWORD);
  await form.getByLabel("I accept the").check();
  await form.getByRole("button", { name: "Create account" }).click();
  const birth = form.getByLabel("Date of birth");
  // An empty picker: the message speaks of the date, not of a format the picker does not show.
  await expect(birth).toHaveAccessibleDescription("Please enter a date.");
  const year = new Date().getFullYear() - 17;
  await birth.fill(`${year}-03-01`);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(birth).toHaveAccessibleDescription("You must be 18 or older to have an account.");
  await expect(birth).toHaveAttribute("aria-invalid", "true");
  expect(sent).toEqual([]);
  await expect(page).toHaveURL(/\/registration$/);
});

test("changing the e-mail address: a link goes to the new address, and the address changes when it is opened @phone", async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail("mover");
  const moved = uniqueEmail("moved");
  await signUp(page, email);
  await page.goto(await linkInMail(email, "/verify-email"));
  await expect(page.getByText("Your e-mail address is verified.")).toBeVisible();
  await page.goto("/registration?next=%2Faccount");
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  // The account page is a fresh document after login: act once its code runs (before that the
  // browser would send the form itself, as a GET; decision 028).
  await page.waitForLoadState("networkidle");

  const form = page.getByRole("region", { name: "Change your e-mail address" });
  await form.getByLabel("New e-mail").fill(moved);
  await form.getByLabel("Current password").fill("not my password at all");
  await form.getByRole("button", { name: "Change e-mail" }).click();
  await expect(form.getByLabel("Current password")).toHaveAccessibleDescription("Your current password is not right.");
  // The browser logs the refused request (400); that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("400")]);
  consoleErrors.length = 0;

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByRole("button", { name: "Change e-mail" }).click();
  await expect(form.getByRole("status")).toContainText(`We have sent a link to ${moved}.`);
  // Until the link is opened the account keeps its address.
  await page.goto("/account");
  await expect(page.getByText(email)).toBeVisible();

  await page.goto(await linkInMail(moved, "/verify-email"));
  await expect(
    page.getByText("Your new e-mail address is verified and is now the address of your account."),
  ).toBeVisible();
  expect((await lastMailTo(email, { atLeast: 2 })).subject).toBe("Your Leaf & Cloud e-mail address was changed");
  await page.getByRole("link", { name: "Go to My Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(moved)).toBeVisible();
});

test("the address book with JavaScript: add, make default, edit, and delete after asking @phone", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await verifiedBuyer(page.request, baseURL ?? "", { prefix: "book", signIn: true });
  await page.goto("/account/addresses");
  await page.waitForLoadState("networkidle");
  const addresses = [
    { fullName: "Robin Hale", line1: "12 Elm Street", city: "Austin", zip: "78701" },
    { fullName: "Sam Hale", line1: "40 Oak Avenue", city: "Dallas", zip: "75201" },
  ];
  for (const address of addresses) {
    await page.getByRole("button", { name: "Add address" }).click();
    const form = page.getByRole("region", { name: "New address" });
    await fillDeliveryAddress(form, { ...address, state: "TX", zip: address.zip === "75201" ? "752" : address.zip });
    await form.getByRole("button", { name: "Save address" }).click();
    if (address.zip === "75201") {
      // The browser's own check, before anything is sent.
      await expect(form.getByLabel("ZIP code")).toHaveAccessibleDescription(
        "Please enter a 5-digit ZIP code (or ZIP+4).",
      );
      await form.getByLabel("ZIP code").fill(address.zip);
      await form.getByRole("button", { name: "Save address" }).click();
    }
    await expect(page.getByRole("status")).toHaveText("The address is added.");
    await expect(page.getByRole("heading", { name: "Addresses" })).toBeFocused();
  }
  const robin = page.getByRole("listitem").filter({ hasText: "Robin Hale" });
  await expect(robin).toContainText("Default");

  await page.getByRole("button", { name: "Make default Sam Hale, 40 Oak Avenue" }).click();
  await expect(page.getByRole("status")).toHaveText("Sam Hale, 40 Oak Avenue is now your default address.");
  await expect(robin).not.toContainText("Default");

  await page.getByRole("button", { name: "Edit Robin Hale, 12 Elm Street" }).click();
  const editing = page.getByRole("region", { name: "Edit address" });
  await editing.getByLabel("City").fill("Round Rock");
  await editing.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status")).toHaveText("The address is saved.");
  await expect(robin).toContainText("Round Rock");

  // Deleting asks first; keeping it changes nothing.
  await page.getByRole("button", { name: "Delete Sam Hale, 40 Oak Avenue" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this address?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: "Sam Hale" })).toHaveCount(1);
  await page.getByRole("button", { name: "Delete Sam Hale, 40 Oak Avenue" }).click();
  await dialog.getByRole("button", { name: "Delete address" }).click();
  await expect(page.getByRole("status")).toHaveText("The address is deleted.");
  await expect(page.getByRole("listitem").filter({ hasText: "Sam Hale" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Addresses" })).toBeFocused();
  expect(consoleErrors).toEqual([]);
});
