import type { APIRequestContext, Page } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { postsFrom } from "./pages.ts";

// Other specs expect the demo's seven categories in the header, menus and home page: every
// category made here is named "Zz E2E …" (last in any order) and deleted before the test ends,
// and demo categories are never changed.

const PAGE = "/dashboard/products/categories";
/** A 1×1 PNG: a real picture the server re-encodes to WebP. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A 1×1 GIF: a picture the browser shows but the shop does not take. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

let prefix = "";
test.beforeEach(async ({ page, baseURL }) => {
  prefix = `Zz E2E ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await logInAsAdmin(page, baseURL);
});

test.afterEach(async ({ page, baseURL }) => {
  const categories: { id: string; name: string }[] = await (await page.request.get("/api/MasterCategory")).json();
  for (const category of categories.filter((c) => c.name.startsWith(prefix))) {
    const response = await page.request.delete(`/api/MasterCategory/${category.id}`, {
      headers: { Origin: baseURL ?? "" },
    });
    expect(response.status(), `clean-up of ${category.name}`).toBe(204);
  }
});

async function createByApi(request: APIRequestContext, origin: string, name: string): Promise<string> {
  const response = await request.post("/api/MasterCategory", {
    headers: { Origin: origin },
    multipart: { Name: name, Description: "Made by the browser test" },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).slug;
}

const row = (page: Page, name: string) =>
  page.getByRole("list", { name: "Categories" }).getByRole("listitem").filter({ hasText: name });

test("create a category: slug as you type, image preview, success toast, cleared form", async ({ page }) => {
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Categories" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const form = page.getByRole("region", { name: "Create Master Category" });
  const name = form.getByLabel("Name");
  const slug = form.getByLabel("Slug");
  await expect(slug).toHaveAttribute("readonly", "");

  await name.pressSequentially(`${prefix} Crè`);
  const base = prefix.toLowerCase().replaceAll(" ", "-");
  await expect(slug).toHaveValue(`${base}-cre`);
  await name.pressSequentially("me Brûlée & Co.!");
  await expect(slug).toHaveValue(`${base}-creme-brulee-co`);

  await form.getByLabel("Description").fill("Sweet things for the browser test.");
  await form.locator('input[type="file"]').setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
  await expect(form.getByRole("img", { name: "Preview" })).toBeVisible();
  await form.getByRole("button", { name: "Remove image" }).click();
  await expect(form.getByRole("img", { name: "Preview" })).toHaveCount(0);
  await form.locator('input[type="file"]').setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });

  // The answer is held back a moment, so the submitting state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/MasterCategory", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(form.getByRole("button", { name: "Creating..." })).toBeDisabled();
  release();
  const fullName = `${prefix} Crème Brûlée & Co.!`;
  await expect(page.getByText(`Category ${fullName} created successfully`)).toBeVisible();
  await expect(name).toHaveValue("");
  await expect(slug).toHaveValue("");
  await expect(form.getByLabel("Description")).toHaveValue("");
  await expect(form.getByRole("img", { name: "Preview" })).toHaveCount(0);
  await expect(row(page, fullName)).toContainText(`${base}-creme-brulee-co`);
  await expect(row(page, fullName)).toContainText("0 products");
});

test("a blank name alerts 'Enter category name'; a file that is not a picture is refused beside the picker", async ({
  page,
  consoleErrors,
}) => {
  await page.goto(PAGE);
  const form = page.getByRole("region", { name: "Create Master Category" });
  await form.getByLabel("Name").fill("   ");
  const posts = postsFrom(page, /^\/api\/MasterCategory/);
  const alerts: string[] = [];
  page.once("dialog", (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await form.getByRole("button", { name: "Create category" }).click();
  await expect.poll(() => alerts).toEqual(["alert: Enter category name"]);
  await expect(form.getByLabel("Name")).toBeFocused();
  expect(posts).toEqual([]);

  // Called a PNG, but a GIF: the form reads the first bytes as the server does, and says so
  // beside the picker before anything is sent (the server refuses it too: categories.test.ts).
  await form.getByLabel("Name").fill(`${prefix} Fake`);
  await form.locator('input[type="file"]').setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: GIF });
  await expect(form.getByRole("group", { name: "Image" }).getByRole("alert")).toHaveText(
    "“dot.png” is not a JPEG, PNG or WebP image.",
  );
  await expect(form.getByRole("img", { name: "Preview" })).toHaveCount(0);
  await expect(form.getByLabel("Name")).toHaveValue(`${prefix} Fake`);
  expect(posts).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("a name another category has shows, and saves, the numbered slug", async ({ page, baseURL }) => {
  const taken = `${prefix} Twin`;
  await createByApi(page.request, baseURL ?? "", taken);
  await page.goto(PAGE);
  const form = page.getByRole("region", { name: "Create Master Category" });
  const base = taken.toLowerCase().replaceAll(" ", "-");
  await form.getByLabel("Name").fill(`${taken}!`);
  await expect(form.getByLabel("Slug")).toHaveValue(`${base}-2`);
  await expect(form.getByLabel("Slug")).toHaveAccessibleDescription(
    `“${base}” belongs to another category, so this one gets “${base}-2”.`,
  );
  await form.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByText(`Category ${taken}! created successfully`)).toBeVisible();
  await expect(row(page, `${taken}!`)).toContainText(`${base}-2`);
});

test("a name another category has, in any case, is refused: the spec's toast and the reason beside the name", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const taken = `${prefix} Twin`;
  await createByApi(page.request, baseURL ?? "", taken);
  await page.goto(PAGE);
  const form = page.getByRole("region", { name: "Create Master Category" });
  await form.getByLabel("Name").fill(taken.toUpperCase());
  await form.getByRole("button", { name: "Create category" }).click();
  const reason = `There is already a category named ${taken}. Please choose another name.`;
  await expect(page.getByText(`Failed to create category: ${reason}`)).toBeVisible();
  await expect(form.getByText(reason, { exact: true })).toBeVisible();
  await expect(form.getByLabel("Name")).toBeFocused();
  await expect(form.getByLabel("Name")).toHaveValue(taken.toUpperCase());
  const categories: { name: string }[] = await (await page.request.get("/api/MasterCategory")).json();
  expect(categories.filter((category) => category.name.toLowerCase() === taken.toLowerCase())).toHaveLength(1);
  // The browser logs the refused request (409); that one is expected.
  expect(consoleErrors).toEqual([expect.stringContaining("409")]);
  consoleErrors.length = 0;
});

test("edit a category: name, slug and description change in the list", async ({ page, baseURL }) => {
  const name = `${prefix} Before`;
  await createByApi(page.request, baseURL ?? "", name);
  await page.goto(PAGE);
  await row(page, name)
    .getByRole("button", { name: `Edit ${name}` })
    .click();
  const form = page.getByRole("region", { name: `Edit ${name}` });
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await expect(form.getByLabel("Description")).toHaveValue("Made by the browser test");
  await form.getByLabel("Name").fill(`${prefix} After`);
  await expect(form.getByLabel("Slug")).toHaveValue(`${prefix.toLowerCase().replaceAll(" ", "-")}-after`);
  await form.getByLabel("Description").fill("Changed in the dashboard");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(`Category ${prefix} After saved`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Create Master Category" })).toBeVisible();
  await expect(row(page, `${prefix} After`)).toContainText(`${prefix.toLowerCase().replaceAll(" ", "-")}-after`);
  await expect(row(page, name)).toHaveCount(0);
});

test("delete after confirmation; a category with products is refused with the count", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const name = `${prefix} Doomed`;
  await createByApi(page.request, baseURL ?? "", name);
  await page.goto(PAGE);

  await row(page, "Kratom").getByRole("button", { name: "Delete Kratom" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete Kratom?" });
  await dialog.getByRole("button", { name: "Delete category" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    /^Kratom still has \d+ products?\. Move (them|it) to another category or delete (them|it) first\.$/,
  );
  expect(consoleErrors).toEqual([expect.stringContaining("409")]);
  consoleErrors.length = 0;
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, "Kratom")).toHaveCount(1);

  await row(page, name)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(confirm).toContainText("Are you sure you want to delete this category?");
  await confirm.getByRole("button", { name: "Delete category" }).click();
  await expect(page.getByText(`Category ${name} deleted`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row(page, name)).toHaveCount(0);
});

test("axe finds no violations on the categories screen, its edit form and its dialog", async ({ page }) => {
  await page.goto(PAGE);
  await expect(row(page, "Kratom")).toBeVisible();
  await expectNoViolations(page);
  await row(page, "Kratom").getByRole("button", { name: "Edit Kratom" }).click();
  await expect(page.getByRole("region", { name: "Edit Kratom" }).getByLabel("Name")).toHaveValue("Kratom");
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await row(page, "Kratom").getByRole("button", { name: "Delete Kratom" }).click();
  await expect(page.getByRole("dialog", { name: "Delete Kratom?" })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
});
