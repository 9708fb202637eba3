import type { AuditPage, ProductImportResult } from "@shop/shared";
import { PRODUCT_CSV_COLUMNS, PRODUCT_CSV_VARIANT_COLUMNS, PRODUCT_IMPORT_MAX_ROWS } from "@shop/shared/constants";
import { parseCsv } from "@shop/shared/csv";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { csvOf, newProduct } from "../../test/products.ts";
import { createShopWithSessions, type TestApp } from "../../test/test-app.ts";

let shop: TestApp;
let cookies: { customer: string; staff: string; manager: string; owner: string };

beforeAll(async () => {
  ({ shop, cookies } = await createShopWithSessions());
});
afterAll(() => shop.close());
afterEach(() => vi.restoreAllMocks());

const exportCsv = (query = "", cookie = cookies.staff) =>
  shop.app.inject({ url: `/api/admin/products.csv${query}`, headers: { cookie } });

const importCsv = (csv: string, confirm?: string, cookie = cookies.staff) =>
  shop.app.inject({
    method: "POST",
    url: "/api/admin/products/import",
    payload: confirm === undefined ? { csv } : { csv, confirm },
    headers: { cookie },
  });

/** The preview, then the apply of exactly that preview. */
async function previewAndApply(csv: string): Promise<{ preview: ProductImportResult; result: ProductImportResult }> {
  const checked = await importCsv(csv);
  expect(checked.statusCode, checked.body).toBe(200);
  const preview: ProductImportResult = checked.json();
  const applied = await importCsv(csv, preview.previewId);
  expect(applied.statusCode, applied.body).toBe(200);
  return { preview, result: applied.json() };
}

const productBySku = (sku: string) =>
  shop.app.db.kysely.selectFrom("products").selectAll().where("sku", "=", sku).executeTakeFirst();

/** A snapshot of what an import may change: every product, variant, option, class, movement and audit entry. */
async function everything() {
  const db = shop.app.db.kysely;
  return JSON.stringify([
    await db.selectFrom("products").selectAll().orderBy("id").execute(),
    await db.selectFrom("product_variants").selectAll().orderBy("id").execute(),
    await db.selectFrom("product_options").selectAll().orderBy("product_id").orderBy("position").execute(),
    await db.selectFrom("product_regulatory_classes").selectAll().orderBy("product_id").orderBy("class").execute(),
    await shop.rowCount("stock_movements"),
    await shop.rowCount("audit_entries"),
  ]);
}

/** The exported file as rows of cells by column. */
function rowsOf(csv: string): Record<string, string>[] {
  const [header, ...body] = parseCsv(csv);
  return body.map((row) => Object.fromEntries((header?.cells ?? []).map((name, i) => [name, row.cells[i] ?? ""])));
}

describe("access", () => {
  it("declares the CSV routes for staff and keeps them from visitors and buyers", async () => {
    const routes = shop.app.routeAccess.filter(
      (route) => route.url.startsWith("/api/admin/products") && /\.csv|import/.test(route.url),
    );
    expect(routes.map((route) => `${route.method} ${route.url} ${route.access}`).sort()).toEqual([
      "GET /api/admin/products.csv staff",
      "POST /api/admin/products/import staff",
    ]);
    for (const cookie of ["", cookies.customer]) {
      expect((await exportCsv("", cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await importCsv("Sku\r\nX\r\n", undefined, cookie)).statusCode).toBe(cookie ? 403 : 401);
    }
  });
});

describe("the export", () => {
  it("downloads every product the list's filters match, every page, in the list's order", async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const [header] = parseCsv(response.body);
    expect(header?.cells).toEqual([...PRODUCT_CSV_COLUMNS]);
    const all = await shop.app.inject({ url: "/api/admin/products", headers: { cookie: cookies.staff } });
    // One row a variant, each product's under its handle.
    expect(rowsOf(response.body)).toHaveLength(await shop.rowCount("product_variants"));
    expect(new Set(rowsOf(response.body).map((row) => row.Handle)).size).toBe(all.json().total);

    // The same filters and sort as the list: by name, only the category's active products.
    const category = (await shop.app.inject({ url: "/api/MasterCategory" })).json()[1];
    const query = `?category=${category.id}&active=true&sort=name`;
    const page = await shop.app.inject({ url: `/api/admin/products${query}`, headers: { cookie: cookies.staff } });
    const rows = rowsOf((await exportCsv(query)).body).filter((row) => row.ProductName !== "");
    expect(rows.map((row) => row.Sku)).toEqual(page.json().items.map((item: { sku: string }) => item.sku));
    expect(new Set(rows.map((row) => row.Category))).toEqual(new Set([category.name]));
    expect(new Set(rows.map((row) => row.Active))).toEqual(new Set(["true"]));
  });

  it("reads past a batch by keyset: 1,100 products export whole and in order", async () => {
    const csv = csvOf(
      Array.from({ length: 1100 }, (_, i) =>
        newProduct(`ZZKEY-${String(i).padStart(4, "0")}`, { ProductName: `Keyset Item ${i % 3}` }),
      ),
    );
    const { result } = await previewAndApply(csv);
    expect(result.counts).toMatchObject({ create: 1100, error: 0 });
    const rows = rowsOf((await exportCsv("?q=ZZKEY-&sort=name")).body);
    expect(rows).toHaveLength(1100);
    const expected = [...rows].sort((a, b) =>
      a.ProductName === b.ProductName ? 0 : (a.ProductName ?? "") < (b.ProductName ?? "") ? -1 : 1,
    );
    expect(rows.map((row) => row.ProductName)).toEqual(expected.map((row) => row.ProductName));
    expect(new Set(rows.map((row) => row.Sku)).size).toBe(1100);
  });
});

describe("the import", () => {
  it("round-trips: the exported file imports as all unchanged and writes nothing", async () => {
    const csv = (await exportCsv()).body;
    const before = await everything();
    const { preview, result } = await previewAndApply(csv);
    expect(preview.counts).toEqual({ create: 0, update: 0, unchanged: rowsOf(csv).length, error: 0 });
    expect(preview.rows).toEqual([]);
    expect(result.applied).toBe(true);
    expect(await everything()).toBe(before);
  });

  it("updates by SKU: the preview shows each changed field before and after, the apply writes it and logs it", async () => {
    const rows = rowsOf((await exportCsv("?sort=name")).body);
    const target = rows.find((row) => row.Active === "true" && row.SellingPricePCS !== "");
    if (!target?.Sku) throw new Error("the demo shop has an active product");
    const stored = await productBySku(target.Sku);
    const edited = rows.map((row) =>
      row.Sku === target.Sku
        ? {
            ...row,
            SellingPricePCS: "7.5",
            Stock: String((stored?.stock ?? 0) + 5),
            Category: "candy",
            Brand: "New Brand",
          }
        : row,
    );
    const { preview, result } = await previewAndApply(csvOf(edited));
    expect(preview.counts).toMatchObject({ create: 0, update: 1, error: 0, unchanged: rows.length - 1 });
    const [row] = preview.rows;
    expect(row).toMatchObject({ action: "update", sku: target.Sku, line: rows.indexOf(target) + 2 });
    expect(row?.changes).toEqual([
      { column: "Category", before: target.Category, after: "Candy" },
      { column: "Brand", before: target.Brand, after: "New Brand" },
      { column: "SellingPricePCS", before: target.SellingPricePCS, after: "7.50" },
      { column: "Stock", before: String(stored?.stock), after: String((stored?.stock ?? 0) + 5) },
    ]);
    expect(result).toMatchObject({ applied: true, counts: { update: 1 } });

    const after = await productBySku(target.Sku);
    expect(after).toMatchObject({ selling_price_pcs_cents: 750, brand: "New Brand", stock: (stored?.stock ?? 0) + 5 });
    // A searched field changed, so its search words did too.
    const found = await shop.app.inject({ url: "/api/admin/products?q=new brand", headers: { cookie: cookies.staff } });
    expect(found.json().items.map((item: { sku: string }) => item.sku)).toContain(target.Sku);
    const movements = await shop.app.db.kysely
      .selectFrom("stock_movements")
      .selectAll()
      .where("product_id", "=", stored?.id ?? "")
      .orderBy("created_at", "desc")
      .execute();
    expect(movements[0]).toMatchObject({ change: 5, kind: "adjustment", note: "Set by a CSV import" });
    const log: AuditPage = (
      await shop.app.inject({ url: "/api/admin/audit", headers: { cookie: cookies.owner } })
    ).json();
    const entries = log.items.filter((entry) => entry.subjectId === stored?.id);
    expect(entries.map((entry) => [entry.kind, entry.action]).sort()).toEqual([
      ["price", "updated by import"],
      ["product", "updated by import"],
      ["stock", `adjusted: Set to ${(stored?.stock ?? 0) + 5} by import`],
    ]);
    expect(entries.find((entry) => entry.kind === "price")).toMatchObject({
      before: { SellingPricePCS: target.SellingPricePCS },
      after: { SellingPricePCS: "7.50" },
    });
  });

  it("creates new SKUs with the form's defaults, the suggested classes, an opening count and a log entry each", async () => {
    const csv = csvOf([newProduct("NEW-001"), newProduct("NEW-002", { Stock: "", RegulatoryClasses: "KRATOM" })]);
    const { preview, result } = await previewAndApply(csv);
    expect(preview.rows.map((row) => [row.line, row.action, row.sku, row.name])).toEqual([
      [2, "create", "NEW-001", "Imported NEW-001"],
      [3, "create", "NEW-002", "Imported NEW-002"],
    ]);
    expect(result.counts).toMatchObject({ create: 2 });
    const first = await productBySku("NEW-001");
    expect(first).toMatchObject({ selling_price_pcs_cents: 1999, stock: 12, active: 1, featured: 0 });
    const classes = await shop.app.db.kysely
      .selectFrom("product_regulatory_classes")
      .select("class")
      .where("product_id", "=", first?.id ?? "")
      .execute();
    expect(classes.map((row) => row.class).sort()).toEqual(["ENDS", "FLAVORED", "NICOTINE"]);
    expect((await productBySku("NEW-002"))?.stock).toBe(0);
    const opening = await shop.app.db.kysely
      .selectFrom("stock_movements")
      .selectAll()
      .where("product_id", "=", first?.id ?? "")
      .executeTakeFirst();
    expect(opening).toMatchObject({ change: 12, kind: "initial" });
    const log: AuditPage = (
      await shop.app.inject({ url: "/api/admin/audit?kind=product", headers: { cookie: cookies.owner } })
    ).json();
    expect(log.items.find((entry) => entry.subjectId === first?.id)).toMatchObject({
      action: "created by import",
      after: { ProductName: "Imported NEW-001", SellingPricePCS: "19.99" },
    });
    // Reading the same file again finds both: nothing more to do.
    expect((await importCsv(csv)).json().counts).toMatchObject({ create: 0, update: 0, unchanged: 2 });
  });

  it("names each problem with its line, column and what is wrong, and the apply changes nothing", async () => {
    const csv =
      `${PRODUCT_CSV_COLUMNS.join(",")}\r\n` +
      csvOf([
        newProduct("ERR-OK"),
        newProduct("ERR-PRICE", { SellingPricePCS: "12,99", Description: "two\r\nlines" }),
        newProduct("ERR-NAME", { ProductName: "  " }),
        newProduct("ERR-CAT", { Category: "Nowhere", Active: "maybe" }),
        newProduct("ERR-OK"),
        newProduct("", {}),
        newProduct("ERR-FREE", { SellingPricePCS: "", Price: "" }),
        newProduct("ERR-CLASS", { RegulatoryClasses: "KRATOM, TOYS" }),
      ])
        .split("\r\n")
        .slice(1)
        .join("\r\n");
    const before = await everything();
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    const preview: ProductImportResult = response.json();
    expect(preview.counts).toMatchObject({ create: 1, error: 7 });
    const problems = preview.rows
      .filter((row) => row.action === "error")
      .map((row) => [row.line, row.problems.map((p) => `${p.column} ${p.message}`)]);
    expect(problems).toEqual([
      // The description's line break puts the next row on line 5.
      [3, ["SellingPricePCS must be an amount in dollars, such as 12.99"]],
      [5, ["ProductName is required"]],
      [
        6,
        [
          `Category names no category ("Nowhere"): use a category's name or slug`,
          `Active must be true or false ("maybe" is neither)`,
        ],
      ],
      [7, ["Sku is also on line 2"]],
      [8, ["Sku is required: the import finds products by their SKU"]],
      [
        9,
        ["SellingPricePCS An active product needs a selling price per piece or per box (or a list price) above $0.00."],
      ],
      [10, [expect.stringContaining(`must be regulatory classes`)]],
    ]);
    const refused = await importCsv(csv, preview.previewId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "import_rows_invalid" });
    expect(refused.json().message).toMatch(/^Nothing was imported: 7 rows have problems/);
    expect(await everything()).toBe(before);
  });

  it("is all or nothing: a failure while writing the last change leaves every product as it was", async () => {
    const rows = rowsOf((await exportCsv()).body);
    // Each product rebranded on its row (its variants' rows leave its fields empty).
    const products = rows.filter((row) => row.ProductName !== "");
    const edited = rows.map((row) => (row.ProductName === "" ? row : { ...row, Brand: `${row.Brand} (rebranded)` }));
    const csv = csvOf([...edited, newProduct("ROLLBACK-1")]);
    const preview: ProductImportResult = (await importCsv(csv)).json();
    expect(preview.counts).toMatchObject({ update: products.length, create: 1, error: 0 });
    expect(preview.products).toMatchObject({ update: products.length, create: 1, error: 0 });
    const before = await everything();
    // The entries are written, then the write fails: neither they nor any product change stay.
    const { audit } = shop.app.services;
    const recordMany = audit.recordMany.bind(audit);
    vi.spyOn(audit, "recordMany").mockImplementation(async (executor, changes) => {
      expect(await recordMany(executor, changes)).toBeGreaterThan(products.length);
      throw new Error("disk full");
    });
    const failed = await importCsv(csv, preview.previewId);
    expect(failed.statusCode).toBe(500);
    expect(await everything()).toBe(before);
  });

  it("applies only what was previewed: a product changed since gives the new preview and writes nothing", async () => {
    const rows = rowsOf((await exportCsv("?sort=name")).body);
    const target = rows.find((row) => row.Active === "true");
    if (!target?.Sku) throw new Error("an active product");
    const csv = csvOf(rows.map((row) => (row.Sku === target.Sku ? { ...row, Stock: "77" } : row)));
    const preview: ProductImportResult = (await importCsv(csv)).json();
    expect(preview.rows[0]?.changes).toEqual([{ column: "Stock", before: target.Stock, after: "77" }]);
    // An order (or a colleague) changes the count in between.
    const id = (await productBySku(target.Sku))?.id ?? "";
    const adjusted = await shop.app.inject({
      method: "POST",
      url: `/api/admin/products/${id}/stock-adjustments`,
      payload: { change: 3, reason: "Found in the back room" },
      headers: { cookie: cookies.staff },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const before = await everything();
    const stale: ProductImportResult = (await importCsv(csv, preview.previewId)).json();
    expect(stale).toMatchObject({ applied: false, changedSincePreview: true });
    expect(stale.previewId).not.toBe(preview.previewId);
    expect(stale.rows[0]?.changes).toEqual([
      { column: "Stock", before: String(Number(target.Stock) + 3), after: "77" },
    ]);
    expect(await everything()).toBe(before);
    // The new preview applies.
    const applied: ProductImportResult = (await importCsv(csv, stale.previewId)).json();
    expect(applied.applied).toBe(true);
    expect((await productBySku(target.Sku))?.stock).toBe(77);
  });

  it("keeps hostile cells as text: formulas, quotes, line breaks, a byte order mark and CRLF round-trip", async () => {
    const hostile = {
      ProductName: '=HYPERLINK("http://evil.test","Click")',
      Brand: "+cmd|' /C calc'!A0",
      Flavour: '-2+3 "quoted" flavour',
      StrainName: "@SUM(1+1)",
      Description: 'Line one\r\nLine two, with a comma\nand "quotes"\ttab',
    };
    const csv = `\uFEFF${csvOf([newProduct("HOSTILE-1", hostile)])}`;
    const { result } = await previewAndApply(csv);
    expect(result.counts).toMatchObject({ create: 1, error: 0 });
    const stored = await productBySku("HOSTILE-1");
    expect(stored).toMatchObject({
      name: hostile.ProductName,
      brand: hostile.Brand,
      flavour: hostile.Flavour,
      strain_name: hostile.StrainName,
      description: hostile.Description,
    });
    const exported = (await exportCsv("?q=HOSTILE-1")).body;
    // Each formula is defused with an apostrophe in the file...
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    expect(exported).toContain("'+cmd|' /C calc'!A0");
    expect(exported).toContain(`"'-2+3 ""quoted"" flavour"`);
    expect(exported).toContain("'@SUM(1+1)");
    // ...and read back as it was: the export imports as unchanged.
    expect((await importCsv(exported)).json().counts).toMatchObject({ unchanged: 1, update: 0, error: 0 });
    // LF line ends and no mark read the same.
    const unix = exported.slice(1).replaceAll("\r\n", "\n");
    expect(rowsOf(unix)[0]?.Description).toBe(hostile.Description.replaceAll("\r\n", "\n"));
  });

  it("reads columns by name in any order and case, and only the ones given", async () => {
    const sku = "PARTIAL-1";
    await previewAndApply(csvOf([newProduct(sku)]));
    const csv = "stock,SKU,sellingpricebox\r\nunused-cell\r\n";
    expect((await importCsv(csv)).json().rows[0]).toMatchObject({ action: "error", line: 2 });
    const { preview } = await previewAndApply(`stock,SKU,sellingpricebox\r\n40,${sku},150\r\n`);
    expect(preview.rows[0]?.changes).toEqual([
      { column: "SellingPriceBox", before: "", after: "150.00" },
      { column: "Stock", before: "12", after: "40" },
    ]);
    expect(await productBySku(sku)).toMatchObject({
      stock: 40,
      selling_price_box_cents: 15000,
      name: `Imported ${sku}`,
    });
  });

  it("refuses files it cannot take, in words", async () => {
    const message = async (csv: string) => {
      const response = await importCsv(csv);
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await message("Name,Colour\r\nx,y\r\n")).toMatch(/columns products do not have: Name, Colour/);
    expect(await message("ProductName\r\nx\r\n")).toMatch(/needs a Sku column/);
    expect(await message("Sku\r\n")).toMatch(/no products under its header/);
    expect(await message('Sku,ProductName\r\nA,"never closed\r\n')).toMatch(
      /cannot be read: A quoted cell that starts on line 2/,
    );
    const many = `Sku\r\n${Array.from({ length: PRODUCT_IMPORT_MAX_ROWS + 1 }, (_, i) => `S${i}`).join("\r\n")}`;
    expect(await message(many)).toBe("The CSV file has 20,001 rows: please import at most 20,000 at a time.");
    expect(await message(`Sku\r\n${"x".repeat(11 * 1024 * 1024)}`)).toMatch(/too large: at most 10 MB/);
  });
});

/** The columns of the export before options and variants (decision 059): the files staff already keep. */
const OLD_COLUMNS = PRODUCT_CSV_COLUMNS.filter(
  (column) => column !== "Handle" && column !== "VariantActive" && !column.startsWith("Option"),
);

const variantsOf = (productId: string) =>
  shop.app.db.kysely
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();

const optionsOf = (productId: string) =>
  shop.app.db.kysely
    .selectFrom("product_options")
    .select(["name", "option_values"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();

const movementsOf = (variantId: string) =>
  shop.app.db.kysely
    .selectFrom("stock_movements")
    .select(["change", "kind", "note", "stock_after"])
    .where("variant_id", "=", variantId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/**
 * A product made as staff make one, apart from the import: through the import's old columns, then
 * three variants saved in the variants grid (its own Mango 5% with 10 pieces, Blue Razz 5% with
 * 4, Mango 0% with none and off sale).
 */
async function productInThreeVariants(sku: string): Promise<string> {
  await previewAndApply(csvOf([newProduct(sku, { ProductName: `Grid ${sku}`, Stock: "10" })], OLD_COLUMNS));
  const id = (await productBySku(sku))?.id ?? "";
  const variant = (options: string[], variantSku: string, cents: number, stock: number, active = true) => ({
    options,
    sku: variantSku,
    priceCents: null,
    distroPriceCents: 500,
    sellingPricePcsCents: cents,
    sellingPriceBoxCents: null,
    pcsPerPack: null,
    packPerBox: null,
    stock,
    active,
  });
  const saved = await shop.app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}/variants`,
    headers: { cookie: cookies.staff },
    payload: {
      options: [
        { name: "Flavour", values: ["Mango", "Blue Razz"] },
        { name: "Strength", values: ["5%", "0%"] },
      ],
      variants: [
        { ...variant(["Mango", "5%"], sku, 1999, 10), id },
        variant(["Blue Razz", "5%"], `${sku}-BR-5`, 2100, 4),
        variant(["Mango", "0%"], `${sku}-MG-0`, 1850, 0, false),
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

describe("products with options and variants", () => {
  it("exports one row a variant under the product's handle, and the export imports as all unchanged", async () => {
    const id = await productInThreeVariants("GRID-RT");
    const rows = rowsOf((await exportCsv("?q=GRID-RT")).body);
    expect(
      rows.map((row) => [row.Handle, row.Sku, row.Option1Value, row.Option2Value, row.Stock, row.VariantActive]),
    ).toEqual([
      [id, "GRID-RT", "Mango", "5%", "10", "true"],
      [id, "GRID-RT-BR-5", "Blue Razz", "5%", "4", "true"],
      [id, "GRID-RT-MG-0", "Mango", "0%", "0", "false"],
    ]);
    // The product's fields and its options' names on its first row only.
    expect(rows.map((row) => [row.ProductName, row.Option1Name, row.Option2Name, row.Active, row.Category])).toEqual([
      ["Grid GRID-RT", "Flavour", "Strength", "true", "Disposable"],
      ["", "", "", "", ""],
      ["", "", "", "", ""],
    ]);
    expect(rows.map((row) => row.SellingPricePCS)).toEqual(["19.99", "21.00", "18.50"]);

    const csv = (await exportCsv()).body;
    const before = await everything();
    const { preview, result } = await previewAndApply(csv);
    expect(preview.counts).toEqual({ create: 0, update: 0, unchanged: rowsOf(csv).length, error: 0 });
    expect(preview.products).toMatchObject({ create: 0, update: 0, error: 0 });
    expect(preview.rows).toEqual([]);
    expect(result.applied).toBe(true);
    expect(await everything()).toBe(before);
    // The product's fields repeated on its variants' rows, as a spreadsheet may write them, read the same.
    const [first = {}, ...others] = rows;
    const repeated = [
      first,
      ...others.map((row) => ({
        ...first,
        ...Object.fromEntries(PRODUCT_CSV_VARIANT_COLUMNS.map((column) => [column, row[column]])),
        Active: "yes",
        Category: "disposable",
        Option1Name: "flavour",
      })),
    ];
    expect((await importCsv(csvOf(repeated))).json().counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
  });

  it("creates a product with its options and variants from rows under one handle, each count an opening movement", async () => {
    const csv = csvOf([
      newProduct("TWIN-OWN", {
        Handle: "twin-vape",
        ProductName: "Twin Vape",
        Option1Name: "Flavour",
        Option1Value: "Mango",
        Option2Name: "Strength",
        Option2Value: "5%",
        Stock: "10",
      }),
      {
        Handle: "twin-vape",
        Sku: "TWIN-BR-5",
        Option1Value: "Blue Razz",
        Option2Value: "5%",
        SellingPricePCS: "21",
        Stock: "4",
      },
      {
        Handle: "twin-vape",
        Sku: "TWIN-MG-0",
        Option1Value: "Mango",
        Option2Value: "0%",
        SellingPricePCS: "18.5",
        Stock: "",
        VariantActive: "false",
      },
      newProduct("TWIN-SINGLE"),
    ]);
    const { preview, result } = await previewAndApply(csv);
    expect(preview.products).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    expect(preview.rows.map((row) => [row.line, row.productLine, row.action, row.sku, row.name, row.options])).toEqual([
      [2, 2, "create", "TWIN-OWN", "Twin Vape", ["Mango", "5%"]],
      [3, 2, "create", "TWIN-BR-5", "Twin Vape", ["Blue Razz", "5%"]],
      [4, 2, "create", "TWIN-MG-0", "Twin Vape", ["Mango", "0%"]],
      [5, 5, "create", "TWIN-SINGLE", "Imported TWIN-SINGLE", []],
    ]);
    expect(result).toMatchObject({ applied: true, counts: { create: 4 } });

    const product = await productBySku("TWIN-OWN");
    const id = product?.id ?? "";
    expect(await optionsOf(id)).toEqual([
      { name: "Flavour", option_values: JSON.stringify(["Mango", "Blue Razz"]) },
      { name: "Strength", option_values: JSON.stringify(["5%", "0%"]) },
    ]);
    const variants = await variantsOf(id);
    expect(
      variants.map((v) => [
        v.id === id,
        v.position,
        v.sku,
        v.option1,
        v.option2,
        v.option3,
        v.selling_price_pcs_cents,
        v.stock,
        v.active,
      ]),
    ).toEqual([
      [true, 0, "TWIN-OWN", "Mango", "5%", null, 1999, 10, 1],
      [false, 1, "TWIN-BR-5", "Blue Razz", "5%", null, 2100, 4, 1],
      [false, 2, "TWIN-MG-0", "Mango", "0%", null, 1850, 0, 0],
    ]);
    // The listing from its variants on sale: their stock, price range and number.
    expect(product).toMatchObject({
      sku: "TWIN-OWN",
      stock: 14,
      unit_price_cents: 1999,
      max_unit_price_cents: 2100,
      variant_count: 2,
    });
    expect(await movementsOf(id)).toEqual([
      { change: 10, kind: "initial", note: "Count when the product was imported", stock_after: 10 },
    ]);
    expect(await movementsOf(variants[1]?.id ?? "")).toEqual([
      { change: 4, kind: "initial", note: "Count when the variant was imported", stock_after: 4 },
    ]);
    expect(await movementsOf(variants[2]?.id ?? "")).toEqual([]);
    // Found by a variant's flavour, as the search finds products (docs/decisions/093).
    const found = await shop.app.inject({ url: "/api/admin/products?q=blue razz", headers: { cookie: cookies.staff } });
    expect(found.json().items.map((item: { sku: string }) => item.sku)).toContain("TWIN-OWN");
    // The grid reads what the import made.
    const grid = await shop.app.inject({
      url: `/api/admin/products/${id}/variants`,
      headers: { cookie: cookies.staff },
    });
    expect(grid.json().variants.map((v: { sku: string; options: string[] }) => [v.sku, v.options])).toEqual([
      ["TWIN-OWN", ["Mango", "5%"]],
      ["TWIN-BR-5", ["Blue Razz", "5%"]],
      ["TWIN-MG-0", ["Mango", "0%"]],
    ]);
    const log: AuditPage = (
      await shop.app.inject({ url: "/api/admin/audit?kind=product", headers: { cookie: cookies.owner } })
    ).json();
    expect(
      log.items
        .filter((entry) => entry.subjectId === id)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(["created by import", "variants created by import"]);
    // The same file again: nothing to do.
    expect((await importCsv(csv)).json().counts).toEqual({ create: 0, update: 0, unchanged: 4, error: 0 });
  });

  it("changes only the variant whose row changed; a new SKU under the handle adds a variant and its value", async () => {
    const id = await productInThreeVariants("GRID-ONE");
    const rows = rowsOf((await exportCsv("?q=GRID-ONE")).body);
    const [, blueRazz] = await variantsOf(id);
    const edited = rows.map((row) =>
      row.Sku === "GRID-ONE-BR-5" ? { ...row, SellingPricePCS: "22.5", Stock: "6" } : row,
    );
    const before = await variantsOf(id);
    const logged = new Set(
      (
        (await shop.app.inject({ url: "/api/admin/audit", headers: { cookie: cookies.owner } })).json() as AuditPage
      ).items.map((entry) => entry.id),
    );
    const { preview } = await previewAndApply(csvOf(edited));
    expect(preview.counts).toEqual({ create: 0, update: 1, unchanged: 2, error: 0 });
    expect(preview.products).toEqual({ create: 0, update: 1, unchanged: 0, error: 0 });
    // The product's row heads its changed variant's.
    expect(
      preview.rows.map((row) => [row.line, row.productLine, row.action, row.sku, row.options, row.changes]),
    ).toEqual([
      [2, 2, "unchanged", "GRID-ONE", ["Mango", "5%"], []],
      [
        3,
        2,
        "update",
        "GRID-ONE-BR-5",
        ["Blue Razz", "5%"],
        [
          { column: "SellingPricePCS", before: "21.00", after: "22.50" },
          { column: "Stock", before: "4", after: "6" },
        ],
      ],
    ]);
    const after = await variantsOf(id);
    expect(after.filter((v) => v.sku !== "GRID-ONE-BR-5")).toEqual(before.filter((v) => v.sku !== "GRID-ONE-BR-5"));
    expect(after.find((v) => v.sku === "GRID-ONE-BR-5")).toMatchObject({
      selling_price_pcs_cents: 2250,
      unit_price_cents: 2250,
      stock: 6,
    });
    expect(await productBySku("GRID-ONE")).toMatchObject({
      stock: 16,
      unit_price_cents: 1999,
      max_unit_price_cents: 2250,
    });
    expect((await movementsOf(blueRazz?.id ?? "")).at(-1)).toEqual({
      change: 2,
      kind: "adjustment",
      note: "Set by a CSV import",
      stock_after: 6,
    });
    const log: AuditPage = (
      await shop.app.inject({ url: "/api/admin/audit", headers: { cookie: cookies.owner } })
    ).json();
    const entries = log.items.filter(
      (entry) => (entry.subjectId === id || entry.subjectId === blueRazz?.id) && !logged.has(entry.id),
    );
    expect(entries.map((entry) => [entry.kind, entry.action, entry.subjectLabel]).sort()).toEqual([
      ["product", "variants updated by import", "Grid GRID-ONE (GRID-ONE)"],
      ["stock", "adjusted: Set to 6 by import", "Grid GRID-ONE (Blue Razz, 5%) (GRID-ONE-BR-5)"],
    ]);
    expect(entries.find((entry) => entry.kind === "product")?.after?.Variants).toContain('"SellingPricePCS":"22.50"');

    // A new SKU under the handle: a new variant, its new value added after the option's others.
    const added = [
      ...rowsOf((await exportCsv("?q=GRID-ONE")).body),
      {
        Handle: id,
        Sku: "GRID-ONE-GR-0",
        Option1Value: "Grape",
        Option2Value: "0%",
        SellingPricePCS: "17",
        Stock: "3",
      },
    ];
    const { preview: adding } = await previewAndApply(csvOf(added));
    expect(adding.rows.map((row) => [row.line, row.action, row.sku])).toEqual([
      [2, "unchanged", "GRID-ONE"],
      [5, "create", "GRID-ONE-GR-0"],
    ]);
    expect(await optionsOf(id)).toEqual([
      { name: "Flavour", option_values: JSON.stringify(["Mango", "Blue Razz", "Grape"]) },
      { name: "Strength", option_values: JSON.stringify(["5%", "0%"]) },
    ]);
    expect((await variantsOf(id)).map((v) => [v.position, v.sku, v.stock])).toEqual([
      [0, "GRID-ONE", 10],
      [1, "GRID-ONE-BR-5", 6],
      [2, "GRID-ONE-MG-0", 0],
      [3, "GRID-ONE-GR-0", 3],
    ]);
    expect(await productBySku("GRID-ONE")).toMatchObject({ stock: 19, unit_price_cents: 1700, variant_count: 3 });
  });

  it("reads the product's own row first when rows of its other variants come before it", async () => {
    const id = await productInThreeVariants("GRID-ORDER");
    const [own, blueRazz, mango0] = rowsOf((await exportCsv("?q=GRID-ORDER")).body);
    const added = {
      Handle: id,
      Sku: "GRID-ORDER-AAA",
      Option1Value: "Grape",
      Option2Value: "5%",
      SellingPricePCS: "9",
    };
    // As a spreadsheet sorted by another column leaves them, the product's name changed on its row.
    const sorted = [blueRazz, added, { ...own, ProductName: "Grid GRID-ORDER renamed" }, mango0].filter(
      (row) => row !== undefined,
    );
    const { preview } = await previewAndApply(csvOf(sorted));
    expect(preview.products).toEqual({ create: 0, update: 1, unchanged: 0, error: 0 });
    expect(preview.rows.map((row) => [row.line, row.productLine, row.kind, row.action, row.sku])).toEqual([
      [4, 4, "product", "update", "GRID-ORDER"],
      [3, 4, "variant", "create", "GRID-ORDER-AAA"],
    ]);
    expect(preview.rows[0]?.changes).toEqual([
      { column: "ProductName", before: "Grid GRID-ORDER", after: "Grid GRID-ORDER renamed" },
    ]);
    expect(await productBySku("GRID-ORDER")).toMatchObject({ name: "Grid GRID-ORDER renamed", variant_count: 3 });
    expect((await variantsOf(id)).map((v) => [v.position, v.sku, v.option1, v.option2])).toEqual([
      [0, "GRID-ORDER", "Mango", "5%"],
      [1, "GRID-ORDER-BR-5", "Blue Razz", "5%"],
      [2, "GRID-ORDER-MG-0", "Mango", "0%"],
      [3, "GRID-ORDER-AAA", "Grape", "5%"],
    ]);
  });

  it("refuses, in words with the line and column, what cannot be a product's variants, and writes nothing", async () => {
    await productInThreeVariants("GRID-ERR");
    await productInThreeVariants("GRID-ERR2");
    await productInThreeVariants("GRID-ERR3");
    await previewAndApply(csvOf([newProduct("ERR-OTHER")]));
    const [own, blueRazz, mango0] = rowsOf((await exportCsv("?q=GRID-ERR&sort=name")).body);
    const [own2] = rowsOf((await exportCsv("?q=GRID-ERR2")).body);
    const [own3] = rowsOf((await exportCsv("?q=GRID-ERR3")).body);
    const csv = csvOf([
      // Line 2: a new product, with its variants on lines 3 to 8.
      newProduct("ERR-NEW", { Handle: "new", Option1Name: "Flavour", Option1Value: "Mango" }),
      { Handle: "new", Sku: "ERR-NEW-2", Option1Value: "mango", SellingPricePCS: "5" },
      { Handle: "new", Sku: "ERR-OTHER", Option1Value: "Grape", SellingPricePCS: "5" },
      { Handle: "new", Sku: "ERR-NEW-4", Option1Value: "Lime", Option2Value: "5%", SellingPricePCS: "5" },
      { Handle: "new", Sku: "ERR-NEW-5", Option1Value: "Kiwi", ProductName: "Another name", SellingPricePCS: "5" },
      { Handle: "new", Sku: "ERR-NEW-6", Option1Value: "Peach", Active: "false", SellingPricePCS: "5" },
      { Handle: "new", Sku: "ERR-NEW-7", Option1Value: "Pear", SellingPricePCS: "" },
      // Line 9: a product without options, and a second row for it.
      newProduct("ERR-PLAIN", { Handle: "plain" }),
      { Handle: "plain", Sku: "ERR-PLAIN-2", SellingPricePCS: "5" },
      // Line 11: a product with variants as it is, then one of them without a strength and a new one
      // with the values of another that is not in the file.
      { ...own, Handle: "err" },
      { ...blueRazz, Handle: "err", Option2Value: "" },
      { Handle: "err", Sku: "GRID-ERR-NEW", Option1Value: "Mango", Option2Value: "0%", SellingPricePCS: "5" },
      // Line 14: an option left out; line 15: an option added while two variants are not in the file.
      { ...own2, Option2Name: "", Option2Value: "" },
      { ...own3, Option3Name: "Size", Option3Value: "Big" },
      // Line 16: a variant of that product under another handle.
      { ...mango0, Handle: "variant-first" },
    ]);
    const before = await everything();
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    const preview: ProductImportResult = response.json();
    const problems = preview.rows
      .filter((row) => row.action === "error")
      .map((row) => [row.line, row.problems.map((p) => `${p.column} ${p.message}`)]);
    expect(problems).toEqual([
      [3, ["Option1Value repeats the option values of line 2 (Mango): each variant has its own"]],
      [4, [`Sku is already the SKU of another product ("Imported ERR-OTHER")`]],
      [5, ["Option2Value is given without its option's name: write Option2Name on line 2, the product's row"]],
      [
        6,
        [
          "ProductName differs from the product's row (line 2): a product's fields are read from there (leave this cell empty or the same)",
        ],
      ],
      [
        7,
        [
          "Active differs from the product's row (line 2): a product's fields are read from there (leave this cell empty or the same); a variant's own state is VariantActive",
        ],
      ],
      [
        8,
        ["SellingPricePCS An active variant needs a selling price per piece or per box (or a list price) above $0.00."],
      ],
      [
        10,
        [
          "Option1Value is required: a product with several variants needs an option (Option1Name on line 9, the product's row) and a value of it on each variant's row",
        ],
      ],
      [12, ["Option2Value is required: each variant of the product has a Strength"]],
      [
        13,
        [
          "Option1Value repeats the option values of GRID-ERR-MG-0, a variant not in the file (Mango / 0%): each variant has its own",
        ],
      ],
      [
        14,
        [
          `Option2Name is empty, but the product has the option "Strength": options are removed in the product's variants grid`,
        ],
      ],
      [
        15,
        [
          `Option3Name adds the option "Size", but 2 of the product's variants are not in the file (GRID-ERR3-BR-5, GRID-ERR3-MG-0): each needs a value of it`,
        ],
      ],
      [16, [`Handle names "Grid GRID-ERR" again, whose rows start on line 11: give a product's rows one handle`]],
    ]);
    expect(preview.products).toEqual({ create: 0, update: 0, unchanged: 0, error: 6 });
    const refused = await importCsv(csv, preview.previewId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "import_rows_invalid" });
    expect(refused.json().message).toMatch(/^Nothing was imported: 12 rows have problems/);
    expect(await everything()).toBe(before);
  });

  it("still imports a file of the columns before variants, as before: a product without options, and a product's own variant", async () => {
    const id = await productInThreeVariants("GRID-OLD");
    const csv = csvOf(
      [
        newProduct("OLD-NEW", { Stock: "7" }),
        newProduct("GRID-OLD", {
          ProductName: "Grid GRID-OLD",
          Price: "",
          DistroPrice: "5",
          SellingPricePCS: "24",
          Stock: "12",
        }),
      ],
      OLD_COLUMNS,
    );
    const variantsBefore = await variantsOf(id);
    const { preview } = await previewAndApply(csv);
    expect(preview.rows.map((row) => [row.line, row.action, row.sku, row.changes])).toEqual([
      [2, "create", "OLD-NEW", []],
      [
        3,
        "update",
        "GRID-OLD",
        [
          { column: "SellingPricePCS", before: "19.99", after: "24.00" },
          { column: "Stock", before: "10", after: "12" },
        ],
      ],
    ]);
    expect(await productBySku("OLD-NEW")).toMatchObject({ stock: 7, variant_count: 1 });
    // The own variant changed; the options and the other variants stay as they were.
    const variantsAfter = await variantsOf(id);
    expect(variantsAfter[0]).toMatchObject({
      sku: "GRID-OLD",
      selling_price_pcs_cents: 2400,
      stock: 12,
      option1: "Mango",
      option2: "5%",
    });
    expect(variantsAfter.slice(1)).toEqual(variantsBefore.slice(1));
    expect((await optionsOf(id)).map((option) => option.name)).toEqual(["Flavour", "Strength"]);
    expect(await productBySku("GRID-OLD")).toMatchObject({
      stock: 16,
      unit_price_cents: 2100,
      max_unit_price_cents: 2400,
    });
    // A stock take: SKUs and counts, in any order, change each variant's count and nothing else.
    const counted = csvOf(
      [
        { Sku: "GRID-OLD-BR-5", Stock: "3" },
        { Sku: "GRID-OLD", Stock: "9" },
        { Sku: "GRID-OLD-MG-0", Stock: "2" },
      ],
      ["Sku", "Stock"],
    );
    const { preview: stockTake } = await previewAndApply(counted);
    expect(stockTake.products).toEqual({ create: 0, update: 1, unchanged: 0, error: 0 });
    // The product's own SKU is its row, wherever it is among them.
    expect(stockTake.rows.map((row) => [row.line, row.productLine, row.kind, row.action, row.changes])).toEqual([
      [3, 3, "product", "update", [{ column: "Stock", before: "12", after: "9" }]],
      [2, 3, "variant", "update", [{ column: "Stock", before: "4", after: "3" }]],
      [4, 3, "variant", "update", [{ column: "Stock", before: "0", after: "2" }]],
    ]);
    expect((await variantsOf(id)).map((v) => [v.sku, v.stock, v.selling_price_pcs_cents])).toEqual([
      ["GRID-OLD", 9, 2400],
      ["GRID-OLD-BR-5", 3, 2100],
      ["GRID-OLD-MG-0", 2, 1850],
    ]);
    expect(await productBySku("GRID-OLD")).toMatchObject({ name: "Grid GRID-OLD", stock: 12 });
    // Without the product's row, its fields on a variant's row must be as they are.
    const renamed = (
      await importCsv(csvOf([{ Sku: "GRID-OLD-BR-5", ProductName: "Renamed" }], ["Sku", "ProductName"]))
    ).json();
    expect(renamed.rows[0].problems).toEqual([
      {
        column: "ProductName",
        message:
          "differs from the product's row: a product's fields are read from there (leave this cell empty or the same)",
      },
    ]);
  });
});
