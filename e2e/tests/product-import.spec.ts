import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { logInAsAdmin } from "./accounts.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { fullPageShots, toastAtRest } from "./pages.ts";

// Other specs count and search the demo products: the products made here are inactive, named
// "E2E Import <tag> …", and deleted before the test ends; demo products are never changed.

const LIST = "/dashboard/products";
/** The columns before options and variants (decision 059): files staff keep still import. */
const HEADER =
  "Sku,ProductName,ProductType,Category,Description,Brand,StrainName,StrainType,Flavour,FlavourGroup,Size,Weight,Battery,Liquid,NicotineStrength,NicotineStrengthDetail,Puffs9000PerDevice,Coil,TypeCRechargeablePort,Price,DistroPrice,SellingPricePCS,SellingPriceBox,PcsPerPack,PackPerBox,DeliveryAvailable,InStoreStockAvailable,FeatureProduct,Stock,Active,RegulatoryClasses";
/** The export's columns: one row a variant under its product's handle (decision 095). */
const EXPORT_HEADER =
  "Handle,Sku,Option1Name,Option1Value,Option2Name,Option2Value,Option3Name,Option3Value,ProductName,ProductType,Category,Description,Brand,StrainName,StrainType,Flavour,FlavourGroup,Size,Weight,Battery,Liquid,NicotineStrength,NicotineStrengthDetail,Puffs9000PerDevice,Coil,TypeCRechargeablePort,Price,DistroPrice,SellingPricePCS,SellingPriceBox,PcsPerPack,PackPerBox,DeliveryAvailable,InStoreStockAvailable,FeatureProduct,Stock,Active,VariantActive,RegulatoryClasses";

/** A product's cells in `header`'s columns (no cell here holds a comma, a quote or a line break). */
function line(cells: Record<string, string>, header = HEADER): string {
  return header
    .split(",")
    .map((column) => cells[column] ?? "")
    .join(",");
}

const product = (sku: string, name: string) => ({
  Sku: sku,
  ProductName: name,
  ProductType: "Charger",
  Category: "Charger",
  Description: "A charger made by the import browser test.",
  SellingPricePCS: "19.99",
  Stock: "5",
  Active: "false",
  RegulatoryClasses: "GENERAL",
});

/** Imports a file through the API as the page does: the preview, then the apply of that preview. */
async function importThroughApi(request: APIRequestContext, origin: string, csv: string) {
  const headers = { Origin: origin };
  const preview = await request.post("/api/admin/products/import", { headers, data: { csv } });
  expect(preview.status()).toBe(200);
  const applied = await request.post("/api/admin/products/import", {
    headers,
    data: { csv, confirm: (await preview.json()).previewId },
  });
  expect((await applied.json()).applied).toBe(true);
}

async function productsTagged(request: APIRequestContext, tag: string) {
  const response = await request.get(`/api/admin/products?q=${encodeURIComponent(`E2E-IMP-${tag}`)}&sort=name`);
  expect(response.status()).toBe(200);
  return (await response.json()).items as { id: string; sku: string; sellingPricePcsCents: number; stock: number }[];
}

test("staff export the filtered list, import an edited file after its preview, and a bad file changes nothing @phone", async ({
  page,
  baseURL,
  consoleErrors,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = `${testInfo.project.name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;
  const sku = `E2E-IMP-${tag}-1`;
  const added = `E2E-IMP-${tag}-2`;
  const shot = fullPageShots(page, testInfo);
  await logInAsAdmin(page, baseURL);
  await importThroughApi(page.request, origin, `${HEADER}\r\n${line(product(sku, `E2E Import ${tag} charger`))}\r\n`);

  try {
    // Export: the list searched for the product downloads just that product, with the import's columns.
    await page.goto(LIST);
    await page.getByLabel("Search products").fill(sku);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByRole("table", { name: "Products" }).getByText(sku)).toBeVisible();
    await shot("product-list-export");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(download.url()).toContain(`q=${encodeURIComponent(sku)}`);
    const exported = await readFile((await download.path()) as string, "utf8");
    const [header, row, ...rest] = exported.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(EXPORT_HEADER);
    expect(rest.join("")).toBe("");
    const cells = Object.fromEntries(EXPORT_HEADER.split(",").map((column, i) => [column, row?.split(",")[i] ?? ""]));
    expect(cells).toMatchObject({
      Sku: sku,
      SellingPricePCS: "19.99",
      Stock: "5",
      Category: "Charger",
      Option1Name: "",
    });
    expect(cells.Handle).not.toBe("");

    // Import the edited file: a new price and count, and one more product.
    const edited = `${HEADER}\r\n${line({ ...cells, SellingPricePCS: "21.5", Stock: "9" })}\r\n${line(product(added, `E2E Import ${tag} cable`))}\r\n`;
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();
    await expectNoViolations(page, "product import");
    await page.getByLabel("Choose a CSV file").setInputFiles({
      name: "products-edited.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(edited),
    });
    const preview = page.getByRole("table", { name: "What the import would change, by line of the file" });
    const changed = preview.locator('[data-import-line="2"]');
    await expect(changed).toContainText("Changes");
    await expect(changed).toContainText(/SellingPricePCS\s*from 19\.99\s*→\s*becomes 21\.50/);
    await expect(changed).toContainText(/Stock\s*from 5\s*→\s*becomes 9/);
    const created = preview.locator('[data-import-line="3"]');
    await expect(created).toContainText("New");
    await expect(created).toContainText(`E2E Import ${tag} cable`);
    await expect(page.getByRole("status").filter({ hasText: "1 new" })).toContainText("1 changed");
    await expectNoViolations(page, "product import preview");
    await shot("product-import-preview");
    await page.getByRole("button", { name: "Apply 2 changes" }).click();
    await toastAtRest(page, "Products imported: 1 new, 1 changed, 0 unchanged.");
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    const imported = await productsTagged(page.request, tag);
    expect(imported.map((p) => [p.sku, p.sellingPricePcsCents, p.stock]).sort()).toEqual([
      [sku, 2150, 9],
      [added, 1999, 5],
    ]);

    // A product with variants: its row, and its other variant's under it.
    const flavoured = `E2E-IMP-${tag}-3`;
    const variants = [
      line(
        {
          ...product(flavoured, `E2E Import ${tag} charger in colours`),
          Handle: "colours",
          Option1Name: "Colour",
          Option1Value: "Black",
        },
        EXPORT_HEADER,
      ),
      line(
        { Handle: "colours", Sku: `${flavoured}-W`, Option1Value: "White", SellingPricePCS: "20.5", Stock: "2" },
        EXPORT_HEADER,
      ),
    ];
    await page.goto(`${LIST}/import`);
    await page.getByLabel("Choose a CSV file").setInputFiles({
      name: "products-variants.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${EXPORT_HEADER}\r\n${variants.join("\r\n")}\r\n`),
    });
    await expect(preview.locator('[data-import-line="2"]')).toContainText(`E2E Import ${tag} charger in colours`);
    await expect(preview.locator('[data-import-line="2"]')).toContainText("Black");
    const white = preview.locator('[data-import-line="3"]');
    await expect(white).toContainText("A new variant");
    await expect(white).toContainText(`Variant of E2E Import ${tag} charger in colours: White`);
    await expect(page.getByRole("status").filter({ hasText: "Variants" })).toContainText("2 new");
    await expectNoViolations(page, "product import preview with variants");
    await shot("product-import-variants");
    await page.getByRole("button", { name: "Apply 2 changes" }).click();
    await toastAtRest(
      page,
      "Products imported: 1 new, 0 changed, 0 unchanged; variants: 2 new, 0 changed, 0 unchanged.",
    );

    // A bad file: each problem with its line and column, no Apply, and nothing changes.
    await page.goto(`${LIST}/import`);
    const bad = `${HEADER}\r\n${line({ ...cells, SellingPricePCS: "12.999" })}\r\n${line({ ...product("", "No SKU") })}\r\n`;
    await page.getByLabel("Choose a CSV file").setInputFiles({
      name: "products-bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(bad),
    });
    await expect(preview.locator('[data-import-line="2"]')).toContainText(
      "SellingPricePCS must be an amount in dollars, such as 12.99",
    );
    await expect(preview.locator('[data-import-line="3"]')).toContainText(
      "Sku is required: the import finds products by their SKU",
    );
    await expect(page.getByText("Nothing will be imported: fix the rows with problems")).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();
    await expectNoViolations(page, "product import with problems");
    await shot("product-import-problems");
    // A chosen file is unsaved work: a link away asks first (decision 052); Cancel does not.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Products" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(leave).toContainText("Your changes to this import will be lost.");
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}/import$`));
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`));
    expect(
      (await productsTagged(page.request, tag)).map((p) => [p.sku, p.sellingPricePcsCents, p.stock]).sort(),
    ).toEqual([...imported.map((p) => [p.sku, p.sellingPricePcsCents, p.stock]), [flavoured, 1999, 7]].sort());
    expect(consoleErrors).toEqual([]);
  } finally {
    for (const { id } of await productsTagged(page.request, tag)) {
      await page.request.delete(`/api/Product/${id}`, { headers: { Origin: origin } });
    }
  }
});
