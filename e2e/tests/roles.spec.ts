import type { APIRequestContext } from "@playwright/test";
import { ADMIN, logInAsAdmin, signInAsNewStaff } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test as shopTest } from "./fixtures.ts";

// Decision 077: each role sees only what it may use and is told why on a page it may not; the
// desktop sidebar shows that more items are below and keeps the page's own item in view.

const test = shopTest.extend<{ owner: APIRequestContext }>({
  owner: async ({ playwright, baseURL }, use) => {
    const owner = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? "" } });
    expect((await owner.post("/api/Auth/login", { data: ADMIN })).status()).toBe(200);
    await use(owner);
    await owner.dispose();
  },
});

/**
 * The sidebar's items a Staff account sees: orders without billing, products, lab results, the blog,
 * the inbox and the wholesale accounts (read only: a Manager reviews them, decision 102).
 */
const STAFF_ITEMS = [
  "Dashboard",
  "Inbox",
  "Blog posts",
  "New post",
  "Product List",
  "Add Product",
  "Categories",
  "Lab Results",
  "Add COA",
  "Order List",
  "Wholesale accounts",
];
const MANAGER_ITEMS = ["Banner List", "Billing", "Discounts", "Reports", "All Documents", "Shop settings", "Customers"];
const OWNER_ITEMS = ["Audit log", "Staff"];

test("a Staff account sees only its items and is told which accounts a page needs when it goes there anyway", async ({
  page,
  owner,
  baseURL,
  isMobile,
}, testInfo) => {
  await signInAsNewStaff(page, owner, baseURL ?? "", { role: "staff", firstName: "Sam" });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Sam" })).toBeVisible();
  await expect(page.getByText("You are signed in as Staff.")).toBeVisible();
  // The revenue chart reads the reports, which are a Manager's.
  await expect(page.getByRole("heading", { name: "Revenue per day, last 30 days" })).toHaveCount(0);

  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Dashboard" }).filter({ visible: true });
  for (const item of STAFF_ITEMS) await expect(menu.getByRole("link", { name: item })).toHaveCount(1);
  for (const item of [...MANAGER_ITEMS, ...OWNER_ITEMS]) {
    await expect(menu.getByRole("link", { name: item, exact: true })).toHaveCount(0);
  }
  await expect(menu.getByRole("link")).toHaveCount(STAFF_ITEMS.length);
  await page.screenshot({ path: testInfo.outputPath(`staff-menu-${testInfo.project.name}.png`) });

  // Each of their own pages opens without a refused call (a 403 would be a console error).
  for (const path of [
    "/dashboard/inbox",
    "/dashboard/blog",
    "/dashboard/blog/new",
    "/dashboard/products",
    "/dashboard/products/add",
    "/dashboard/products/categories",
    "/dashboard/products/coas",
    "/dashboard/products/coas/add",
    "/dashboard/orders",
    "/dashboard/users/wholesale",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 }), path).not.toHaveText(
      "This page is not for your account",
    );
    await page.waitForLoadState("networkidle");
  }

  // A Manager's page reached by a typed address or an old link says so in its place.
  await page.goto("/dashboard/settings");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("This page is not for your account");
  await expect(main).toContainText(
    "The Shop settings page needs a Manager or Owner account, and you are signed in as Staff.",
  );
  await expect(main.getByLabel("Age to buy")).toHaveCount(0);
  await expectNoViolations(page, "a page refused to Staff");
  await page.screenshot({ path: testInfo.outputPath(`staff-refused-${testInfo.project.name}.png`), fullPage: true });

  // The audit log names itself, not another page (item 13).
  await page.goto("/dashboard/settings/audit-log");
  await expect(main).toContainText("The Audit log page needs an Owner account, and you are signed in as Staff.");
  await expect(main).not.toContainText("Staff page");
  await main.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Sam" })).toBeVisible();
});

test("an Owner invites a Manager in words about the invitee, then makes them an Owner on the Staff page", async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/users/staff");
  const form = page.getByRole("region", { name: "Add a staff member" });
  await form.getByRole("button", { name: "Create staff account" }).click();
  await expect(form.getByLabel("First name")).toHaveAccessibleDescription("Please enter their first name.");
  await expect(form.getByLabel("E-mail")).toHaveAccessibleDescription("Please enter their e-mail address.");

  const email = `riley-${Date.now()}@staff.test`;
  await form.getByLabel("First name").fill("Riley");
  await form.getByLabel("Last name").fill("Rowe");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Role").selectOption({ label: "Manager" });
  await expect(form.getByLabel("Role")).toHaveAccessibleDescription(/Everything but staff accounts and the audit log/);
  await form.getByRole("button", { name: "Create staff account" }).click();
  await expect(form.getByText("Riley Rowe is now on the staff.")).toBeVisible();

  const member = page.getByRole("listitem").filter({ hasText: email });
  const role = member.getByLabel("Role of Riley Rowe");
  await expect(role).toHaveValue("manager");
  await role.selectOption({ label: "Owner" });
  await member.getByRole("button", { name: "Make Riley Rowe Owner" }).click();
  await expect(member.getByText("Riley Rowe is now Owner.")).toBeVisible();
  await expect(role).toHaveValue("owner");
  await expect(member.getByRole("button", { name: /^Make Riley Rowe/ })).toHaveCount(0);
  // Nobody changes their own role: the signed-in Owner has no list of roles beside them.
  const self = page.getByRole("listitem").filter({ hasText: ADMIN.email });
  await expect(self.getByRole("combobox")).toHaveCount(0);
  await expectNoViolations(page, "the Staff page");
});

test.describe("the desktop sidebar", () => {
  test.skip(({ isMobile }) => isMobile, "the phone has its menu, which scrolls like a page");

  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    test(`collapsed at ${width}×${height}, the page's own item is in view and the last items are reached without guessing`, async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.setViewportSize({ width, height });
      await logInAsAdmin(page, baseURL);
      const sidebar = page.getByRole("complementary", { name: "Dashboard menu" });

      // The last item's page: its item is scrolled into view, and the first ones are said to be above.
      await page.goto("/dashboard/users/staff");
      await expect(sidebar).toHaveAttribute("data-expanded", "false");
      const staff = sidebar.getByRole("link", { name: "Staff", exact: true });
      await expect(staff).toHaveAttribute("aria-current", "page");
      await expect(staff).toBeInViewport({ ratio: 1 });
      await expect(sidebar.locator('[data-more="up"]')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`sidebar-staff-${width}.png`) });

      // From the top, the arrow says more are below, and reaches the last item (Users > Staff).
      await page.goto("/dashboard");
      await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeInViewport({ ratio: 1 });
      await expect(staff).not.toBeInViewport();
      const more = sidebar.locator('[data-more="down"]');
      await expect(more).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`sidebar-top-${width}.png`) });
      const menu = sidebar.getByRole("navigation", { name: "Dashboard" });
      for (let step = 0; step < 6 && (await more.isVisible()); step++) {
        // The arrow scrolls smoothly: the next look waits for the scroll's end.
        const scrolled = menu.evaluate(
          (box) => new Promise<void>((resolve) => box.addEventListener("scrollend", () => resolve(), { once: true })),
        );
        await more.locator("button").click();
        await scrolled;
      }
      await expect(more).toBeHidden();
      await expect(staff).toBeInViewport({ ratio: 1 });

      // A page change in the browser (the breadcrumb back to the first item) brings its item into view too.
      await staff.click();
      await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
      await page.mouse.move(width - 20, height - 20);
      await expect(sidebar.getByRole("link", { name: "Dashboard" })).not.toBeInViewport();
      await page.getByRole("main").getByRole("link", { name: "Dashboard", exact: true }).click();
      await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
      await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeInViewport({ ratio: 1 });
    });
  }
});

test("on a phone the menu opens with the page's own item in view @phone", async ({ page, baseURL, isMobile }) => {
  test.skip(!isMobile, "the desktop sidebar has its own test");
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/users/staff");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Dashboard menu" });
  const staff = menu.getByRole("link", { name: "Staff", exact: true });
  await expect(staff).toHaveAttribute("aria-current", "page");
  await expect(staff).toBeInViewport({ ratio: 1 });
  await expect(menu.getByRole("link", { name: "Customers" })).toBeVisible();
});
