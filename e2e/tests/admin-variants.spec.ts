import type { APIRequestContext, Page } from "@playwright/test";
import type { AdminProductVariants } from "@shop/shared";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";
import { uniqueSuffix } from "./products.ts";

// The products made here are inactive, named "E2E Variants <tag> …" and deleted after the test:
// no other spec sees them in the shop, its lists or its low-stock list.

let tag = "";
let origin = "";
const made: string[] = [];

test.beforeEach(async ({ page, baseURL }) => {
  tag = uniqueSuffix();
  origin = baseURL ?? "";
  await logInAsAdmin(page, baseURL);
});

test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) {
    const response = await page.request.delete(`/api/Product/${id}`, { headers: { Origin: origin } });
    expect(response.status(), `clean-up of ${id}`).toBe(204);
  }
});

/**
 * An inactive product through the spec's form API: its own variant at $9.99 a piece, with 5 in
 * stock, and any other fields of the form given.
 */
async function createProduct(
  request: APIRequestContext,
  name: string,
  sku: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const categories: { id: string }[] = await (await request.get("/api/MasterCategory")).json();
  const response = await request.post("/api/Product", {
    headers: { Origin: origin },
    multipart: {
      ProductName: name,
      ProductType: "Disposable",
      Description: `Made by the browser test ${tag}.`,
      MasterCategoryId: categories[0]?.id ?? "",
      SellingPricePCS: "9.99",
      Sku: sku,
      Stock: "5",
      Active: "false",
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  made.push(id);
  return id;
}

/** Types an option's name and its values, adding a value field for each after the first. */
async function addOption(page: Page, at: number, name: string, values: string[]) {
  const section = page.getByRole("region", { name: "Options and variants" });
  await section.getByRole("button", { name: "Add an option" }).click();
  const nameField = section.getByLabel(`Option ${at}`, { exact: true });
  await expect(nameField).toBeFocused();
  await nameField.fill(name);
  for (const [index, value] of values.entries()) {
    if (index > 0) await section.getByRole("button", { name: `Add a value to ${name}` }).click();
    const field = section.getByLabel(`${name} value ${index + 1}`, { exact: true });
    // A new value field takes the focus; Enter in the name goes on to the first.
    if (index === 0) await nameField.press("Enter");
    await expect(field).toBeFocused();
    await field.fill(value);
  }
}

const LABELS = ["Blue Razz / 5%", "Blue Razz / 0%", "Mango / 5%", "Mango / 0%"];

test("staff give a product options, generate its variants, fill the grid, meet a refusal at its cell and save it @phone", async ({
  page,
  consoleErrors,
}, testInfo) => {
  test.slow(); // many steps, each a round trip, and three axe scans
  const shot = fullPageShots(page, testInfo);
  const name = `E2E Variants ${tag} Twin Vape`;
  const sku = `E2E-${tag}`.toUpperCase();
  const id = await createProduct(page.request, name, sku);
  const taken = `E2E-${tag}-TAKEN`.toUpperCase();
  await createProduct(page.request, `E2E Variants ${tag} Other`, taken);

  await page.goto(`/dashboard/products/${id}/edit`);
  const section = page.getByRole("region", { name: "Options and variants" });
  await expect(section.getByText("No options: the product is sold as one variant")).toBeVisible();
  // Without options the product form holds the sale: the grid shows only its tax facts, with no switch.
  await expect(section.getByRole("heading", { name: "Tax facts" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Prices and stock" })).toHaveCount(0);
  await expect(section.getByLabel(`Liquid (ml) of ${name}`, { exact: true })).toHaveValue("");

  await addOption(page, 1, "Flavour", ["Blue Razz", "Mango"]);
  await addOption(page, 2, "Nicotine strength", ["5%", "0%"]);
  // Three options at most: the button goes once there are three (not tried here).
  await expect(section.getByText("3 combinations of the values have no variant yet.")).toBeVisible();
  const rows = section.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Blue Razz / 5%");
  await expect(rows.first()).toContainText("Own variant");

  await section.getByRole("button", { name: "Generate variants" }).click();
  await expect(rows).toHaveCount(4);
  await expect(section.getByText("Every combination of the values has its variant.")).toBeVisible();
  await expect(section.getByRole("button", { name: "Generate variants" })).toBeDisabled();
  for (const [index, label] of LABELS.entries())
    await expect(rows.nth(index).getByRole("rowheader")).toContainText(label);
  // The page keeps to the screen's width (on a phone the rows are cards; wider, the grid scrolls in
  // its frame), and every button of the section is a 44 px target at least.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const small = await section.evaluate(
    (element) =>
      Array.from(element.querySelectorAll("button, label:has(input[type=checkbox])"))
        .map((target) => target.getBoundingClientRect())
        .filter((box) => box.width > 0 && (box.width < 44 || box.height < 44)).length,
  );
  expect(small, "buttons and checkboxes smaller than 44 px").toBe(0);
  // The own variant cannot be removed; the others can.
  await expect(section.getByRole("button", { name: "Remove Blue Razz / 5%" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Remove Mango / 0%" })).toBeVisible();
  // New rows take the first row's price and a SKU of their own.
  const cell = (column: string, label: string) => section.getByLabel(`${column} of ${label}`, { exact: true });
  await expect(cell("Selling price per piece ($)", "Mango / 5%")).toHaveValue("9.99");
  await expect(cell("SKU", "Mango / 5%")).toHaveValue(`${sku}-MANGO-5`);

  // A price typed in the first row, applied to every row.
  await cell("Selling price per piece ($)", "Blue Razz / 5%").fill("12.50");
  await section.getByRole("button", { name: "Apply to all: Selling price per piece ($)" }).click();
  for (const label of LABELS) await expect(cell("Selling price per piece ($)", label)).toHaveValue("12.50");
  await cell("Distro price ($)", "Mango / 0%").fill("6");

  // Dollars no one writes are refused at their cell before anything is sent.
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT") puts.push(request.url());
  });
  await cell("Price ($)", "Mango / 0%").fill("12.345");
  await section.getByRole("button", { name: "Save variants" }).click();
  const dollars = "Please enter an amount in dollars, such as 5 or 4.99.";
  await toastAtRest(page, `Failed to save the variants: Mango / 0%: ${dollars}`);
  await expect(cell("Price ($)", "Mango / 0%")).toHaveAccessibleDescription(dollars);
  await expect(cell("Price ($)", "Mango / 0%")).toBeFocused();
  expect(puts).toEqual([]);
  await cell("Price ($)", "Mango / 0%").fill("");

  // Counts; and a SKU another product has, which only the server knows.
  await cell("Stock", "Blue Razz / 0%").fill("3");
  await cell("Stock", "Mango / 5%").fill("8");
  await cell("SKU", "Mango / 0%").fill(taken);
  await section.getByRole("button", { name: "Save variants" }).click();
  const refusal = "SKU is already the SKU of another product.";
  await toastAtRest(page, `Failed to save the variants: Mango / 0%: ${refusal}`);
  await expect(cell("SKU", "Mango / 0%")).toHaveAttribute("aria-invalid", "true");
  await expect(cell("SKU", "Mango / 0%")).toHaveAccessibleDescription(refusal);
  await expect(cell("SKU", "Mango / 0%")).toBeFocused();
  await expect(section.getByRole("alert").filter({ hasText: "Please check the fields marked above." })).toBeVisible();
  expect((await (await page.request.get(`/api/admin/products/${id}/variants`)).json()).variants).toHaveLength(1);
  expect(consoleErrors).toEqual([expect.stringContaining("400")]);
  consoleErrors.length = 0;
  await expectNoViolations(page, "the grid with a refusal at its cell");
  await section.scrollIntoViewIfNeeded();
  await shot("variants-refused");

  await cell("SKU", "Mango / 0%").fill(`${sku}-MG-0`);
  await section.getByRole("button", { name: "Save variants" }).click();
  await toastAtRest(page, `Saved the options and variants of ${name}`);
  await expect(cell("SKU", "Mango / 0%")).not.toHaveAttribute("aria-invalid", "true");
  await expect(section.getByRole("alert")).toHaveCount(0);

  const saved = (await (await page.request.get(`/api/admin/products/${id}/variants`)).json()) as AdminProductVariants;
  expect(saved.options).toEqual([
    { name: "Flavour", values: ["Blue Razz", "Mango"] },
    { name: "Nicotine strength", values: ["5%", "0%"] },
  ]);
  expect(
    saved.variants.map(({ own, options, sku, sellingPricePcsCents, distroPriceCents, stock }) => ({
      own,
      label: options.join(" / "),
      sku,
      sellingPricePcsCents,
      distroPriceCents,
      stock,
    })),
  ).toEqual([
    { own: true, label: LABELS[0], sku, sellingPricePcsCents: 1250, distroPriceCents: null, stock: 5 },
    {
      own: false,
      label: LABELS[1],
      sku: `${sku}-BLUE-RAZZ-0`,
      sellingPricePcsCents: 1250,
      distroPriceCents: null,
      stock: 3,
    },
    {
      own: false,
      label: LABELS[2],
      sku: `${sku}-MANGO-5`,
      sellingPricePcsCents: 1250,
      distroPriceCents: null,
      stock: 8,
    },
    { own: false, label: LABELS[3], sku: `${sku}-MG-0`, sellingPricePcsCents: 1250, distroPriceCents: 600, stock: 0 },
  ]);
  // The product form above shows the own variant's new price without being reloaded.
  await expect(page.getByLabel("Selling price per piece ($)", { exact: true })).toHaveValue("12.50");

  // Reloaded, the grid is as saved.
  await page.reload();
  await expect(rows).toHaveCount(4);
  for (const [index, label] of LABELS.entries())
    await expect(rows.nth(index).getByRole("rowheader")).toContainText(label);
  await expect(cell("SKU", "Mango / 0%")).toHaveValue(`${sku}-MG-0`);
  await expect(cell("Distro price ($)", "Mango / 0%")).toHaveValue("6.00");
  await expect(cell("Stock", "Mango / 5%")).toHaveValue("8");
  await expect(cell("Selling price per piece ($)", "Mango / 0%")).toHaveValue("12.50");
  await expect(section.getByLabel("Flavour value 2", { exact: true })).toHaveValue("Mango");
  await expectNoViolations(page, "the grid as saved");
  await section.scrollIntoViewIfNeeded();
  await shot("variants-saved");

  // The Stock panel counts and adjusts each variant apart.
  const panel = page.getByRole("region", { name: "Stock", exact: true });
  await panel.getByLabel("Variant").selectOption({ label: `Mango / 5% · ${sku}-MANGO-5 (8 in stock)` });
  await expect(panel.getByText("8", { exact: true })).toBeVisible();
  const history = panel.getByRole("list", { name: "Stock history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem").first()).toContainText("Count when the variant was added");
  await panel.getByLabel("Change").fill("-2");
  await panel.getByLabel("Reason").fill("Damaged in transit");
  await panel.getByRole("button", { name: "Adjust stock" }).click();
  await toastAtRest(page, "6 in stock now");
  await expect(history.getByRole("listitem")).toHaveCount(2);
  // The grid, untouched, shows the new count.
  await expect(cell("Stock", "Mango / 5%")).toHaveValue("6");
  await expectNoViolations(page, "the Stock panel of a variant");
  await panel.scrollIntoViewIfNeeded();
  await shot("variants-stock");
});

test("a variant low on stock links to its product's page, its Stock panel on that variant", async ({ page }) => {
  const name = `E2E Variants ${tag} Low`;
  const sku = `E2E-${tag}-L`.toUpperCase();
  const id = await createProduct(page.request, name, sku);
  const put = await page.request.put(`/api/admin/products/${id}/variants`, {
    headers: { Origin: origin },
    data: {
      options: [{ name: "Size", values: ["3.5 g", "7 g"] }],
      variants: [
        {
          id,
          options: ["3.5 g"],
          sku,
          priceCents: null,
          distroPriceCents: null,
          sellingPricePcsCents: 999,
          sellingPriceBoxCents: null,
          pcsPerPack: null,
          packPerBox: null,
          stock: 40,
          active: true,
        },
        {
          options: ["7 g"],
          sku: `${sku}-7G`,
          priceCents: null,
          distroPriceCents: null,
          sellingPricePcsCents: 1799,
          sellingPriceBoxCents: null,
          pcsPerPack: null,
          packPerBox: null,
          stock: 1,
          active: true,
        },
      ],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const seven = ((await put.json()) as AdminProductVariants).variants[1]?.id ?? "";
  // The low-stock list shows active products only: this one is on for the moment the test looks.
  const on = async (action: "activate" | "deactivate") => {
    const response = await page.request.post("/api/admin/products/bulk", {
      headers: { Origin: origin },
      data: { ids: [id], action },
    });
    expect(response.status()).toBe(200);
  };
  await on("activate");
  try {
    await page.goto("/dashboard");
    const low = page.getByRole("region", { name: /Low on stock/ });
    const link = low.getByRole("link", { name: new RegExp(`${name} \\(7 g\\)`) });
    await expect(link).toContainText("1 left");
    await expect(low.getByRole("link", { name: new RegExp(`${name} \\(3.5 g\\)`) })).toHaveCount(0);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/products/${id}/edit\\?variant=${seven}#stock$`));
    const panel = page.getByRole("region", { name: "Stock", exact: true });
    await expect(panel).toBeInViewport();
    await expect(panel.getByLabel("Variant")).toHaveValue(seven);
    await expect(panel.getByText("1", { exact: true })).toBeVisible();
  } finally {
    await on("deactivate");
  }
});

test("staff see what a variant's tax facts read from the product, set its millilitres, system and cost, and find them saved @phone", async ({
  page,
}, testInfo) => {
  test.slow(); // two saves, a reload and two axe scans
  const shot = fullPageShots(page, testInfo);
  const name = `E2E Variants ${tag} Facts`;
  const sku = `E2E-${tag}-F`.toUpperCase();
  const id = await createProduct(page.request, name, sku, {
    Liquid: "18 mL",
    NicotineStrength: "5%",
    DistroPrice: "5.50",
  });
  const variant = (options: string[], extra: Record<string, unknown>) => ({
    options,
    priceCents: null,
    sellingPricePcsCents: 999,
    sellingPriceBoxCents: null,
    pcsPerPack: null,
    packPerBox: null,
    active: true,
    ...extra,
  });
  const put = await page.request.put(`/api/admin/products/${id}/variants`, {
    headers: { Origin: origin },
    data: {
      options: [{ name: "Flavour", values: ["Mango", "Grape"] }],
      variants: [
        variant(["Mango"], { id, sku, distroPriceCents: 550 }),
        variant(["Grape"], { sku: `${sku}-GRAPE`, distroPriceCents: 600, stock: 3 }),
      ],
    },
  });
  expect(put.status(), await put.text()).toBe(200);

  await page.goto(`/dashboard/products/${id}/edit`);
  const section = page.getByRole("region", { name: "Options and variants" });
  const cell = (column: string, label: string) => section.getByLabel(`${column} of ${label}`, { exact: true });
  const showFacts = section.getByRole("button", { name: "Tax facts" });
  const showSale = section.getByRole("button", { name: "Prices and stock" });
  await expect(showSale).toHaveAttribute("aria-pressed", "true");
  await expect(cell("Liquid (ml)", "Grape")).toHaveCount(0);
  await showFacts.click();
  await expect(showFacts).toHaveAttribute("aria-pressed", "true");
  await expect(cell("SKU", "Grape")).toHaveCount(0);

  // Each empty fact says what the product's fields give it, and where from.
  await expect(cell("Liquid (ml)", "Grape")).toHaveAttribute("placeholder", "18");
  await expect(cell("Liquid (ml)", "Grape")).toHaveAccessibleDescription("18 ml from the Liquid field");
  await expect(cell("Nicotine (mg/ml)", "Mango")).toHaveAccessibleDescription(
    "50 mg/ml from the Nicotine strength field (“5%”)",
  );
  await expect(cell("System", "Grape").locator("option:checked")).toHaveText("From product type");
  await expect(cell("System", "Grape")).toHaveAccessibleDescription("Prefilled from the product type “Disposable”");
  await expect(cell("Wholesale cost ($)", "Mango")).toHaveAccessibleDescription("$5.50 from the Distro price");
  await expect(cell("Wholesale cost ($)", "Grape")).toHaveAccessibleDescription("$6.00 from the Distro price");
  await expectNoViolations(page, "the grid's tax facts");

  // Millilitres no one writes are refused at their cell before anything is sent, from either view.
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT") puts.push(request.url());
  });
  await cell("Liquid (ml)", "Grape").fill("ten");
  await showSale.click();
  await section.getByRole("button", { name: "Save variants" }).click();
  const ml = "Please enter the millilitres of liquid in a piece, such as 10 or 2.5.";
  await toastAtRest(page, `Failed to save the variants: Grape: ${ml}`);
  await expect(showFacts).toHaveAttribute("aria-pressed", "true");
  await expect(cell("Liquid (ml)", "Grape")).toBeFocused();
  await expect(cell("Liquid (ml)", "Grape")).toHaveAccessibleDescription(
    `${ml} Instead of 18 ml from the Liquid field`,
  );
  expect(puts).toEqual([]);
  // The other view tells of the problem it hides.
  await showSale.click();
  await expect(section.getByRole("button", { name: "Tax facts 1 problem" })).toBeVisible();
  await showFacts.click();

  await cell("Liquid (ml)", "Grape").fill("2.5");
  await cell("System", "Grape").selectOption({ label: "Open system" });
  await cell("Wholesale cost ($)", "Grape").fill("4.25");
  await expect(cell("Liquid (ml)", "Grape")).toHaveAccessibleDescription("Instead of 18 ml from the Liquid field");
  await section.getByRole("button", { name: "Save variants" }).click();
  await toastAtRest(page, `Saved the options and variants of ${name}`);
  await expect(cell("Liquid (ml)", "Grape")).not.toHaveAttribute("aria-invalid", "true");

  const saved = (await (await page.request.get(`/api/admin/products/${id}/variants`)).json()) as AdminProductVariants;
  expect(
    saved.variants.map(({ options, liquidMl, nicotineMgPerMl, vapeSystem, wholesaleCostCents }) => ({
      label: options.join(" / "),
      liquidMl,
      nicotineMgPerMl,
      vapeSystem,
      wholesaleCostCents,
    })),
  ).toEqual([
    { label: "Mango", liquidMl: null, nicotineMgPerMl: null, vapeSystem: null, wholesaleCostCents: null },
    { label: "Grape", liquidMl: 2_500, nicotineMgPerMl: null, vapeSystem: "open", wholesaleCostCents: 425 },
  ]);

  // Reloaded, the facts are as saved, each saying what it stands in for.
  await page.reload();
  await showFacts.click();
  await expect(cell("Liquid (ml)", "Grape")).toHaveValue("2.5");
  await expect(cell("Liquid (ml)", "Grape")).toHaveAccessibleDescription("Instead of 18 ml from the Liquid field");
  await expect(cell("Liquid (ml)", "Mango")).toHaveValue("");
  await expect(cell("System", "Grape")).toHaveValue("open");
  await expect(cell("Wholesale cost ($)", "Grape")).toHaveValue("4.25");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "the grid's tax facts as saved");
  await section.scrollIntoViewIfNeeded();
  await shot("variants-facts");
});
