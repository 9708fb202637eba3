import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { PICTURE } from "./pictures.ts";

// Other specs run beside this one against the same shop and count the home page's 3 demo banners:
// every banner made here is created inactive and deleted before its test ends, and the demo
// banners are never changed. Outcomes that would change the home page are answered by page.route.

/** A 64×24 PNG. */

const uniqueTitle = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("create, edit, toggle and delete a banner, with the spec's confirmation", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL);
  const title = uniqueTitle("E2E banner");
  const edited = `${title} edited`;

  await page.goto("/dashboard/banner-list");
  await expect(page.getByRole("columnheader")).toHaveText(["ID", "Title", "Description", "Is Active", "Actions"]);
  await page.getByRole("link", { name: "Add Banner" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/banner-list\/add$/);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
    "Home",
    "Dashboard",
    "Banner List",
    "Add",
  ]);

  // Nothing filled in: each field says what it needs, and nothing is sent.
  await page.getByRole("button", { name: "Create banner" }).click();
  await expect(page.getByText("Please enter a title.")).toBeVisible();
  await expect(page.getByText("Please choose an image (JPEG, PNG or WebP).")).toBeVisible();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Made by the browser tests.");
  await page.getByLabel("Link").fill("javascript:alert(1)");
  await page.getByLabel("Active").uncheck();
  await page
    .getByLabel("Choose a picture")
    .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: PICTURE });
  await expect(page.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
  await page.getByRole("button", { name: "Create banner" }).click();
  await expect(page.getByText(/^Please enter a shop page starting with \//)).toBeVisible();
  await page.getByLabel("Link").fill("/products?category=candy");
  await page.getByRole("button", { name: "Create banner" }).click();

  await expect(page).toHaveURL(/\/dashboard\/banner-list$/);
  await expect(page.getByText(`Banner “${title}” created`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByRole("cell").nth(3)).toHaveText("No");
  const publicBanners = (await (await page.request.get("/api/banner")).json()) as { tittle: string }[];
  expect(publicBanners.map((banner) => banner.tittle)).not.toContain(title);

  // Edit: the form comes filled in; the picture stays when none is chosen.
  await row.getByRole("link", { name: `Edit “${title}”` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit “${title}”`);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
    "Home",
    "Dashboard",
    "Banner List",
    title,
  ]);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Active")).not.toBeChecked();
  await expect(page.getByRole("img", { name: `Current image of “${title}”` })).toBeVisible();
  await page.getByLabel("Title").fill(edited);
  await page.getByLabel("Description").fill("Changed by the browser tests.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/dashboard\/banner-list$/);
  await expect(page.getByText(`Banner “${edited}” saved`)).toBeVisible();
  const editedRow = page.getByRole("row").filter({ hasText: edited });
  await expect(editedRow).toContainText("Changed by the browser tests.");
  await expect(editedRow.getByRole("cell").nth(3)).toHaveText("No");

  // Toggle: the list sends the banner unchanged but for isActive. The answer is the server's
  // but for isActive, so that the home page other specs look at never gets a fourth banner.
  let sent = "";
  await page.route(/\/api\/banner\/[^/?]+$/, async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    sent = route.request().postData() ?? "";
    const current = await (await page.request.get(new URL(route.request().url()).pathname)).json();
    await route.fulfill({ json: { ...current, isActive: true } });
  });
  await editedRow.getByRole("button", { name: `Activate “${edited}”` }).click();
  await expect(page.getByText(`“${edited}” is active: the home page shows it`)).toBeVisible();
  expect(sent).toMatch(/name="isActive"\r\n\r\ntrue\r\n/);
  expect(sent).toContain(`name="tittle"\r\n\r\n${edited}\r\n`);
  expect(sent).toContain('name="linkUrl"\r\n\r\n/products?category=candy\r\n');
  expect(sent).not.toContain('name="image"');
  await page.unroute(/\/api\/banner\/[^/?]+$/);

  // Delete: the spec's confirmation, then the list is loaded again without the banner.
  await editedRow.getByRole("button", { name: `Delete “${edited}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this banner?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(editedRow).toBeVisible();
  await editedRow.getByRole("button", { name: `Delete “${edited}”` }).click();
  const reloaded = page.waitForResponse((response) => response.url().endsWith("/api/banner?all=true"));
  await dialog.getByRole("button", { name: "Delete banner" }).click();
  await reloaded;
  await expect(page.getByText(`Banner “${edited}” deleted`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: edited })).toHaveCount(0);
  const all = (await (await page.request.get("/api/banner?all=true")).json()) as { tittle: string }[];
  expect(all.map((banner) => banner.tittle)).not.toContain(edited);
});

test("the list's empty state, and failures logged as the spec says and shown to staff", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  await logInAsAdmin(page, baseURL);
  // No banners (answered here, so that the shop's own stay for the other specs).
  await page.route("**/api/banner?all=true", (route) => route.fulfill({ json: [] }));
  await page.goto("/dashboard/banner-list");
  await expect(page.getByText("No banners found.", { exact: true })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);

  // The list does not load.
  await page.unroute("**/api/banner?all=true");
  await page.route("**/api/banner?all=true", (route) =>
    route.fulfill({ status: 500, json: { error: "Internal Server Error", message: "The database is away." } }),
  );
  await page.reload();
  await expect(page.getByText("Failed to fetch banners: The database is away.")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "We could not load the banners" })).toBeVisible();
  expect(consoleErrors).toContainEqual(expect.stringMatching(/^Failed to fetch banners/));
  expect(consoleErrors.every((text) => /^Failed to fetch banners|status of 500/.test(text))).toBe(true);
  consoleErrors.length = 0;

  // A delete that fails: nothing is deleted, the list stays, and the reason is shown.
  await page.unroute("**/api/banner?all=true");
  await page.route(/\/api\/banner\/[^/?]+$/, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { error: "Internal Server Error", message: "The disk is full." } })
      : route.fallback(),
  );
  await page.reload();
  const first = page.getByRole("row").nth(1);
  const name = (await first.getByRole("link").first().innerText()).trim();
  await first.getByRole("button", { name: `Delete “${name}”` }).click();
  await page
    .getByRole("dialog", { name: "Are you sure you want to delete this banner?" })
    .getByRole("button", { name: "Delete banner" })
    .click();
  await expect(page.getByText(`Failed to delete “${name}”: The disk is full.`)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
  expect(consoleErrors).toContainEqual(expect.stringMatching(/^Delete failed/));
  expect(consoleErrors.every((text) => /^Delete failed|status of 500/.test(text))).toBe(true);
  consoleErrors.length = 0;
});

test("the sidebar folds on mouse-leave, unfolds on mouse-enter, and stays open when pinned", async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/banner-list");
  // The table comes from the API after the page is live (hydrated): only then do hover and clicks count.
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  const sidebar = page.getByRole("complementary", { name: "Dashboard menu" });
  const nav = sidebar.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link")).toContainText(["Dashboard", "Banner List", "Add Banner"]);
  await expect(nav.getByRole("link", { name: "Banner List" })).toHaveAttribute("aria-current", "page");

  await page.mouse.move(900, 500);
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  await sidebar.hover();
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
  await expect(sidebar).toHaveCSS("width", "256px");
  await page.mouse.move(900, 500);
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  await expect(sidebar).toHaveCSS("width", "72px");

  // Pinned, it stays open without the mouse, the page makes room for it, and it stays so after a reload.
  const pin = sidebar.getByRole("button", { name: "Keep menu open" });
  await expect(pin).toHaveAttribute("aria-pressed", "false");
  await pin.click();
  await expect(pin).toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(900, 500);
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
  await expect(sidebar).toHaveCSS("width", "256px");
  await expect(table).toBeVisible();
  expect((await table.boundingBox())?.x ?? 0).toBeGreaterThan(256);

  // By keyboard: the pin is a toggle button that Enter works.
  await pin.focus();
  await page.keyboard.press("Enter");
  await expect(pin).toHaveAttribute("aria-pressed", "false");
  await pin.blur();
  await page.mouse.move(900, 500);
  await expect(sidebar).toHaveAttribute("data-expanded", "false");

  // The menu leads to the banner screens.
  await sidebar.hover();
  await nav.getByRole("link", { name: "Add Banner" }).click();
  await expect(page).toHaveURL(/\/dashboard\/banner-list\/add$/);
  await expect(nav.getByRole("link", { name: "Add Banner" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Banner List" })).not.toHaveAttribute("aria-current", "page");
});

test("the banner list and form on a phone @phone", async ({ page, baseURL, isMobile }) => {
  test.skip(!isMobile, "the phone menu is for small screens; the desktop sidebar has its own test");
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/banner-list");
  // The rows come from the API once the page is live (hydrated); then the menu button works.
  await expect(page.getByRole("row").filter({ hasText: "Free shipping on orders over $100" })).toContainText("Yes");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
    "Home",
    "Dashboard",
    "Banner List",
  ]);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Dashboard menu" }).getByRole("link", { name: "Add Banner" }).click();
  await expect(page).toHaveURL(/\/dashboard\/banner-list\/add$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add Banner" })).toBeVisible();
  await page.getByRole("button", { name: "Create banner" }).click();
  await expect(page.getByText("Please enter a title.")).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Dashboard menu" }).getByRole("link", { name: "Banner List" }).click();
  await expect(page).toHaveURL(/\/dashboard\/banner-list$/);
});

test("axe finds no violations on the banner list, its forms and the delete dialog", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL);
  await page.goto("/dashboard/banner-list");
  const demo = page.getByRole("row").filter({ hasText: "Free shipping on orders over $100" });
  await expect(demo).toBeVisible();
  await expectNoViolations(page);

  await demo.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this banner?" });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await demo.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Free shipping on orders over $100");
  await expectNoViolations(page);

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(demo).toBeVisible();
  await page.getByRole("link", { name: "Add Banner" }).filter({ visible: true }).first().click();
  await page.getByRole("button", { name: "Create banner" }).click();
  await expect(page.getByText("Please enter a title.")).toBeVisible();
  await expectNoViolations(page);
});
