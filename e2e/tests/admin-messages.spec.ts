import { logInAsAdmin } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { linkInMail } from "./mailbox.ts";
import { postsFrom } from "./pages.ts";

// What the dashboard tells staff when something goes wrong, in the words its forms use. Nothing
// here is saved: every request that would change the shop is refused on purpose.

test.beforeEach(async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL);
});

test("a refused field is named by the form's label, beside the field and in the toast", async ({
  page,
  consoleErrors,
}) => {
  const categories: { id: string }[] = await (await page.request.get("/api/MasterCategory")).json();
  const posts = postsFrom(page);
  await page.goto("/dashboard/products/add");
  await page.getByLabel("Product name").fill("E2E Messages never saved");
  await page.getByLabel("Description").fill("Refused on purpose.");
  await page.getByLabel("Category").selectOption(categories[0]?.id ?? "");
  await page.getByLabel("Selling price per piece ($)").fill("12.345");
  await page.getByRole("button", { name: "Create product" }).click();
  const sentence = "Selling price per piece must be an amount in dollars, such as 12.99.";
  await expect(page.getByText(`Failed to create product: ${sentence}`)).toBeVisible();
  await expect(page.getByLabel("Selling price per piece ($)")).toHaveAccessibleDescription(sentence);
  await expect(page.getByText(/Field '/)).toHaveCount(0);
  // The form checks with the API's own schema before sending (decision 029): the same words, no round trip.
  expect(posts).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a session that ended says so, with a link to log in that comes back @phone", async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto("/dashboard/products/categories");
  await expect(page.getByRole("list", { name: "Categories" })).toBeVisible();
  await context.clearCookies({ name: "session" });
  const form = page.getByRole("region", { name: "Create Master Category" });
  await form.getByLabel("Name").fill("Zz E2E never saved");
  await form.getByRole("button", { name: "Create category" }).click();
  const notice = page.locator("[data-sonner-toast]").filter({ hasText: "Your session has ended." });
  await expect(notice).toBeVisible();
  const link = notice.getByRole("link", { name: "Log in again to carry on" });
  await expect(link).toHaveAttribute("href", "/registration?next=%2Fdashboard%2Fproducts%2Fcategories");
  // On a phone the toasts start below the header: its buttons stay usable. Toasts slide in from
  // above and move down as the next one arrives, so the place is read once they have settled.
  const header = await page.getByRole("banner").boundingBox();
  await expect
    .poll(async () => (await notice.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  await page.getByRole("banner").getByRole("button").first().click({ trial: true });
  consoleErrors.length = 0;
});

test("staff who open the Staff page are told that it needs an Owner account", async ({ page, browser, baseURL }) => {
  const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
  const created = await page.request.post("/api/staff", {
    headers: { Origin: baseURL ?? "" },
    data: { firstName: "Sam", lastName: "Staff", email, role: "staff" },
  });
  expect(created.status()).toBe(201);
  const reset = await linkInMail(email, "/reset-password");
  const token = new URL(reset, baseURL).searchParams.get("token");
  const password = "staff member passphrase 9";
  const set = await page.request.post("/api/Auth/reset-password", {
    headers: { Origin: baseURL ?? "" },
    data: { token, password },
  });
  expect(set.status()).toBe(200);

  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  const login = await staffPage.request.post("/api/Auth/login", {
    headers: { Origin: baseURL ?? "" },
    data: { email, password },
  });
  expect(login.status()).toBe(200);
  await staffPage.goto("/dashboard/users/staff");
  // Said in the page's place (decision 077), the address kept.
  await expect(staffPage).toHaveURL(/\/dashboard\/users\/staff$/);
  await expect(staffPage.getByRole("main")).toContainText(
    "The Staff page needs an Owner account, and you are signed in as Staff.",
  );
  await expect(staffPage.getByRole("list", { name: "Staff accounts" })).toHaveCount(0);
  await staff.close();
});

test("the banner edit page says where the banner shows, not its id", async ({ page }) => {
  const banners: { id: string; tittle: string; isActive: boolean; position: number }[] = await (
    await page.request.get("/api/banner?all=true")
  ).json();
  const banner = banners.find((candidate) => candidate.isActive);
  await page.goto(`/dashboard/banner-list/${banner?.id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(`Edit “${banner?.tittle}”`);
  await expect(main).toContainText(`Active: shown at position ${banner?.position} in the home page's carousel.`);
  await expect(main).not.toContainText(banner?.id ?? "-");
});

test("on a phone the product list says what its stock number is @phone", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the desktop table has a Stock column");
  await page.goto("/dashboard/products?stock=in");
  const first = page.getByRole("table", { name: "Products" }).locator("tbody tr").first();
  await expect(first).toContainText(/\d[\d,]* in stock/);
});

/** A 1×1 PNG. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test("a picture can be dropped on the picker, and the picker is a styled one", async ({ page }) => {
  await page.goto("/dashboard/products/categories");
  const form = page.getByRole("region", { name: "Create Master Category" });
  const input = form.getByLabel("Choose image");
  await expect(input).toHaveAttribute("type", "file");
  // The native "Choose file / No file chosen" control is not what staff see.
  await expect(input).toHaveCSS("position", "absolute");
  const zone = form.locator('label[for="category-image"]');
  await expect(zone).toContainText("Choose image or drag it here");
  const dataTransfer = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
    return transfer;
  }, PNG_BASE64);
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
  await expect(form.getByRole("img", { name: "Preview" })).toBeVisible();
  await expect(form).toContainText("dropped.png");
});

test("the Lab Results search button is green like every other primary button", async ({ page }) => {
  await page.goto("/dashboard/products/coas");
  const green = await page
    .getByRole("main")
    .getByRole("link", { name: "Add COA" })
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect(page.getByRole("main").getByRole("button", { name: "Search", exact: true })).toHaveCSS(
    "background-color",
    green,
  );
  await page.goto("/coas");
  await expect(page.getByRole("main").getByRole("button", { name: "Search", exact: true })).toHaveCSS(
    "background-color",
    green,
  );
});
