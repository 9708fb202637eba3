import zlib from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { postsFrom, toastAtRest } from "./pages.ts";

// Other specs count, search and feature the demo products: every product made here is named
// "E2E Product <tag> …", is inactive, and is deleted before the test ends; demo products are
// never changed.

const LIST = "/dashboard/products";
const ADD = "/dashboard/products/add";
/**
 * A small one-colour PNG, a real picture the server re-encodes to WebP. Each colour gives other
 * bytes, so the content-addressed store keeps each picture of a product apart.
 */
function solidPng(red: number, green: number, blue: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 4;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.from([0, ...Array.from({ length: size }, () => [red, green, blue]).flat()]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
let colour = 0;
const png = (name: string) => {
  colour += 1;
  return { name, mimeType: "image/png", buffer: solidPng((colour * 50) % 256, 120, (colour * 90) % 256) };
};

interface Row {
  id: string;
  name: string;
}

let tag = "";
let origin = "";
test.beforeEach(async ({ page, baseURL }) => {
  tag = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  origin = baseURL ?? "";
  await logInAsAdmin(page, baseURL);
});

async function ours(request: APIRequestContext): Promise<Row[]> {
  const response = await request.get(`/api/admin/products?q=${tag}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Row[] }).items;
}

test.afterEach(async ({ page }) => {
  for (const product of await ours(page.request)) {
    const response = await page.request.delete(`/api/Product/${product.id}`, { headers: { Origin: origin } });
    expect(response.status(), `clean-up of ${product.name}`).toBe(204);
  }
});

async function firstCategory(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const categories: { id: string; name: string }[] = await (await request.get("/api/MasterCategory")).json();
  const category = categories[0];
  if (!category) throw new Error("the demo shop has no categories");
  return category;
}

/** An inactive product made through the API, for the list tests. */
async function createByApi(request: APIRequestContext, name: string, extra: Record<string, string> = {}) {
  const category = await firstCategory(request);
  const response = await request.post("/api/Product", {
    headers: { Origin: origin },
    multipart: {
      ProductName: name,
      ProductType: "Disposable",
      Description: `Made by the browser test ${tag}.`,
      MasterCategoryId: category.id,
      Active: "false",
      Stock: "0",
      ...extra,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; fields: Record<string, string> };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("create: every validation message in the spec's order, pictures, 'Creating...', success; then edit and delete", async ({
  page,
}) => {
  test.slow(); // many steps, each a round trip
  const category = await firstCategory(page.request);
  const posts = postsFrom(page, "/api/Product");
  await page.goto(ADD);
  await expect(page.getByRole("heading", { name: "Add Product", level: 1 })).toBeVisible();
  for (const section of ["Basic Details", "Brand Details", "Vape Details", "Price Details"]) {
    await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole("navigation").getByRole("link", { name: "Add Product" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const type = page.getByLabel("Product type");
  await expect(type).toHaveValue("Disposable");
  const create = page.getByRole("button", { name: "Create product" });

  // The spec's order: name, type, description, category; each toast, and nothing sent.
  await create.click();
  await expect(toast(page, "Product name is required")).toBeVisible();
  await expect(page.getByLabel("Product name")).toBeFocused();
  const name = `E2E Product ${tag} Mango`;
  await page.getByLabel("Product name").fill(`   ${name}  `);
  await type.fill("  ");
  await create.click();
  await expect(toast(page, "Product type is required")).toBeVisible();
  await type.fill("Disposable");
  await create.click();
  await expect(toast(page, "Description is required")).toBeVisible();
  await page.getByLabel("Description").fill("  A browser-test vape. ");
  await create.click();
  await expect(toast(page, "Please select a category")).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel("Category").selectOption(category.id);
  await page.getByLabel("Brand", { exact: true }).fill(" Test Brand ");
  await page.getByLabel("Price ($)", { exact: true }).fill("15");
  await page.getByLabel("Selling price per piece ($)").fill("12.99");
  await page.getByLabel("Pieces per pack").fill("10");
  await page.getByLabel("SKU").fill(`E2E-${tag}`.toUpperCase());
  await page.getByLabel("Stock", { exact: true }).fill("0");
  await page.getByLabel("Active").uncheck();
  await page.getByLabel("Delivery available").check();

  // Pictures: one main, three gallery; reorder by keyboard, remove one.
  await page.getByLabel("Choose main image").setInputFiles(png("main.png"));
  await expect(page.getByRole("img", { name: "Main: main.png" })).toBeVisible();
  await page.getByLabel("Add gallery images").setInputFiles([png("one.png"), png("two.png"), png("three.png")]);
  const gallery = page.getByRole("list", { name: "Gallery images" }).getByRole("listitem");
  await expect(gallery).toHaveCount(3);
  await page.getByRole("button", { name: "Move gallery image 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(gallery.first()).toContainText("two.png");
  await expect(page.getByRole("button", { name: "Move gallery image 1 up" })).toBeDisabled();
  await page.getByRole("button", { name: "Remove gallery image 3" }).click();
  await expect(gallery).toHaveCount(2);
  await expect(gallery.nth(1)).toContainText("one.png");

  // The answer is held back a moment, so that the submitting state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent: { body: string } | null = null;
  await page.route("**/api/Product", async (route) => {
    sent = { body: route.request().postDataBuffer()?.toString("latin1") ?? "" };
    await held;
    await route.continue();
  });
  await create.click();
  await expect(page.getByRole("button", { name: "Creating..." })).toBeDisabled();
  release();
  await expect(toast(page, `Successfully created ${name} Product`)).toBeVisible();
  await expect(page).toHaveURL(LIST);
  const body = (sent as { body: string } | null)?.body ?? "";
  // Text values trimmed before sending; the checkboxes as true / false.
  expect(body).toContain(`name="ProductName"\r\n\r\n${name}\r\n`);
  expect(body).toContain(`name="Brand"\r\n\r\nTest Brand\r\n`);
  expect(body).toContain(`name="Active"\r\n\r\nfalse\r\n`);
  expect(body.match(/name="GalleryImages"/g)).toHaveLength(2);
  await page.unroute("**/api/Product");

  // In the list: price per piece, out of stock, inactive.
  await page.getByLabel("Search products").fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("$12.99");
  await expect(row).toContainText("Out of stock");
  await expect(row).toContainText("Inactive");
  await expect(row).toContainText(category.name);
  const [created] = await ours(page.request);
  if (!created) throw new Error("the product was not created");
  const saved = await (await page.request.get(`/api/admin/products/${created.id}`)).json();
  expect(saved.images).toHaveLength(3);
  expect(saved.fields.Description).toBe("A browser-test vape.");

  // Edit: the same form, filled in; rename, drop a gallery picture, save.
  await row.getByRole("link", { name: `Edit “${name}”` }).click();
  await expect(page).toHaveURL(`${LIST}/${created.id}/edit`);
  await expect(page.getByRole("heading", { name: `Edit “${name}”`, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Product name")).toHaveValue(name);
  await expect(page.getByLabel("Category")).toHaveValue(category.id);
  await expect(page.getByLabel("Selling price per piece ($)")).toHaveValue("12.99");
  await expect(page.getByLabel("Active")).not.toBeChecked();
  await expect(page.getByLabel("Delivery available")).toBeChecked();
  await expect(page.getByRole("img", { name: "Main: Saved picture" })).toBeVisible();
  await expect(gallery).toHaveCount(2);
  await page.getByRole("button", { name: "Remove gallery image 2" }).click();
  await page.getByRole("button", { name: "Make main: gallery image 1" }).click();
  await expect(gallery).toHaveCount(1);
  const renamed = `E2E Product ${tag} Papaya`;
  await page.getByLabel("Product name").fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, `Saved ${renamed}`)).toBeVisible();
  await expect(page).toHaveURL(LIST);
  const after = await (await page.request.get(`/api/admin/products/${created.id}`)).json();
  expect(after.fields.ProductName).toBe(renamed);
  expect(after.fields.Active).toBe("false");
  // The first gallery picture became the main one; the third is gone.
  const keys = saved.images.map((image: { key: string }) => image.key);
  expect(after.images.map((image: { key: string }) => image.key)).toEqual([keys[1], keys[0]]);

  // Delete from the edit page, after confirming.
  await page.goto(`${LIST}/${created.id}/edit`);
  await page.getByRole("button", { name: "Delete product" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this product?" });
  await expect(dialog).toContainText(`Are you sure you want to delete “${renamed}”?`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `“${renamed}” deleted`)).toBeVisible();
  await expect(page).toHaveURL(LIST);
  expect((await page.request.get(`/api/admin/products/${created.id}`)).status()).toBe(404);
});

test("failures: the server's message or HTTP status in the toast, field errors beside the field", async ({
  page,
  consoleErrors,
}) => {
  const category = await firstCategory(page.request);
  const taken = await createByApi(page.request, `E2E Product ${tag} Taken`, { Sku: `E2E-${tag}-T`.toUpperCase() });
  await page.goto(ADD);
  await page.getByLabel("Product name").fill(`E2E Product ${tag} Clash`);
  await page.getByLabel("Description").fill("Clashes on purpose.");
  await page.getByLabel("Category").selectOption(category.id);
  await page.getByLabel("Active").uncheck();
  await page.getByLabel("SKU").fill(taken.fields.Sku ?? "");
  await page.getByRole("button", { name: "Create product" }).click();
  const clash = `The SKU ${taken.fields.Sku} is used by another product.`;
  await expect(toast(page, `Failed to create product: ${clash}`)).toBeVisible();
  await expect(page.locator("#product-Sku-error")).toHaveText(clash);
  await expect(page.getByLabel("SKU")).toHaveAttribute("aria-invalid", "true");

  // Images only: a GIF (or anything else) is turned away before it is sent.
  const gif = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
  await page.getByLabel("Choose main image").setInputFiles({ name: "dot.gif", mimeType: "image/gif", buffer: gif });
  await expect(
    page.getByRole("alert").filter({ hasText: "“dot.gif” is not a JPEG, PNG or WebP image." }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /^Main:/ })).toHaveCount(0);
  await expect(page.getByLabel("Choose main image")).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");

  // A failure with no message of its own gives its HTTP status.
  await page.route("**/api/Product", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  await page.getByLabel("SKU").fill("");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(toast(page, "Failed to create product: HTTP 502")).toBeVisible();
  await expect(page).toHaveURL(ADD);

  expect(consoleErrors.length).toBeGreaterThan(0);
  expect(consoleErrors.every((text) => /status of (409|502)/.test(text))).toBe(true);
  consoleErrors.length = 0;
});

test("list: search, filters and sort in the address; row delete; bulk actions with the server's message", async ({
  page,
}) => {
  test.slow(); // many steps, each a round trip
  const names = ["Alpha", "Bravo", "Charlie"].map((word) => `E2E Product ${tag} ${word}`);
  for (const [index, name] of names.entries()) {
    await createByApi(page.request, name, { SellingPricePCS: `${index + 1}.50`, Stock: String(index * 5) });
  }
  await page.goto(`${LIST}?q=${tag}`);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Product List" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const rows = page.getByRole("table", { name: "Products" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(page.getByText("3 products matching the filters")).toBeVisible();

  await page.getByLabel("Sort by").selectOption("name");
  await expect(page).toHaveURL(/sort=name/);
  await expect(rows.first()).toContainText(names[0] ?? "");
  await page.getByLabel("Sort by").selectOption("price_desc");
  await expect(rows.first()).toContainText(names[2] ?? "");
  await expect(rows.first()).toContainText("$3.50");

  await page.getByLabel("Stock").selectOption("out");
  await expect(page).toHaveURL(/stock=out/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Out of stock");
  await page.getByLabel("Stock").selectOption("all");
  await page.getByLabel("Status").selectOption("true");
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  await page.getByLabel("Status").selectOption("false");
  await expect(rows).toHaveCount(3);
  // The address alone brings the same list back.
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("false");
  await expect(page.getByLabel("Sort by")).toHaveValue("price_desc");
  await expect(rows).toHaveCount(3);

  // Activate from the row: the answer is stood in for, since an active test product would show
  // in the shop that other specs count.
  await page.route("**/api/admin/products/bulk", async (route) => {
    expect(route.request().postDataJSON()).toEqual({ ids: [expect.any(String)], action: "activate" });
    await route.fulfill({ json: { count: 1, message: "1 product activated." } });
  });
  await page.getByRole("button", { name: `Activate “${names[1]}”` }).click();
  await expect(toast(page, `“${names[1]}” activated`)).toBeVisible();
  await page.unroute("**/api/admin/products/bulk");

  // One row, deleted after confirming; Cancel first changes nothing.
  await page.getByRole("button", { name: `Delete “${names[0]}”` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this product?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(3);
  await page.getByRole("button", { name: `Delete “${names[0]}”` }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `“${names[0]}” deleted`)).toBeVisible();
  await expect(rows).toHaveCount(2);

  // Bulk: select all on the page, deactivate (they stay inactive), then delete after confirming.
  await page.getByRole("checkbox", { name: "Select all on page" }).check();
  const bulk = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bulk).toContainText("2 selected");
  await bulk.getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(page, "2 products deactivated.")).toBeVisible();
  await expect(bulk).toBeHidden();
  await page.getByRole("checkbox", { name: `Select “${names[1]}”` }).check();
  await page.getByRole("checkbox", { name: `Select “${names[2]}”` }).check();
  await expect(page.getByRole("checkbox", { name: "Select all on page" })).toBeChecked();
  await bulk.getByRole("button", { name: "Delete" }).click();
  const bulkDialog = page.getByRole("dialog", { name: "Delete 2 products?" });
  await expect(bulkDialog).toContainText("Are you sure you want to delete the 2 selected products?");
  await bulkDialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "2 products deleted.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  expect(await ours(page.request)).toEqual([]);
});

test("an unknown product id says so", async ({ page, consoleErrors }) => {
  await page.goto(`${LIST}/no-such-product/edit`);
  await expect(page.getByRole("heading", { name: "There is no such product" })).toBeVisible();
  await expect(page.getByText("product with id no-such-product not found.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the products" })).toHaveAttribute("href", LIST);
  expect(consoleErrors.every((text) => /status of 404/.test(text))).toBe(true);
  consoleErrors.length = 0;
});

test("no axe violations: the list, a selection and its dialog, the add form with its toast, the edit form", async ({
  page,
}) => {
  test.slow(); // five full-page scans
  const product = await createByApi(page.request, `E2E Product ${tag} Axe`);
  const scan = (what: string) => expectNoViolations(page, what);
  await page.goto(`${LIST}?q=${tag}`);
  await expect(page.getByRole("table", { name: "Products" }).locator("tbody tr")).toHaveCount(1);
  await scan("the list");
  await page.getByRole("checkbox", { name: "Select all on page" }).check();
  await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete this product?" })).toBeVisible();
  await scan("the bulk delete dialog");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await page.goto(ADD);
  await page.getByLabel("Choose main image").setInputFiles(png("main.png"));
  await page.getByLabel("Add gallery images").setInputFiles([png("one.png"), png("two.png")]);
  await page.getByRole("button", { name: "Create product" }).click();
  await toastAtRest(page, "Product name is required");
  await scan("the add form with an error and its toast");

  await page.goto(`${LIST}/${product.id}/edit`);
  await expect(page.getByLabel("Product name")).toHaveValue(`E2E Product ${tag} Axe`);
  await scan("the edit form");
});
