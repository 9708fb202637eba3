import type { AuditPage, ProductImportResult } from "@shop/shared";
import { PRODUCT_CSV_COLUMNS, PRODUCT_IMPORT_MAX_ROWS } from "@shop/shared/constants";
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

/** A snapshot of what an import may change: every product row, class, movement and audit entry. */
async function everything() {
  const db = shop.app.db.kysely;
  return JSON.stringify([
    await db.selectFrom("products").selectAll().orderBy("id").execute(),
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
    expect(rowsOf(response.body)).toHaveLength(all.json().total);

    // The same filters and sort as the list: by name, only the category's active products.
    const category = (await shop.app.inject({ url: "/api/MasterCategory" })).json()[1];
    const query = `?category=${category.id}&active=true&sort=name`;
    const page = await shop.app.inject({ url: `/api/admin/products${query}`, headers: { cookie: cookies.staff } });
    const rows = rowsOf((await exportCsv(query)).body);
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
    const edited = rows.map((row) => ({ ...row, Brand: `${row.Brand} (rebranded)` }));
    const csv = csvOf([...edited, newProduct("ROLLBACK-1")]);
    const preview: ProductImportResult = (await importCsv(csv)).json();
    expect(preview.counts).toMatchObject({ update: rows.length, create: 1, error: 0 });
    const before = await everything();
    // The entries are written, then the write fails: neither they nor any product change stay.
    const { audit } = shop.app.services;
    const recordMany = audit.recordMany.bind(audit);
    vi.spyOn(audit, "recordMany").mockImplementation(async (executor, changes) => {
      expect(await recordMany(executor, changes)).toBeGreaterThan(rows.length);
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
    expect(await message(many)).toBe("The CSV file has 20,001 products: please import at most 20,000 at a time.");
    expect(await message(`Sku\r\n${"x".repeat(11 * 1024 * 1024)}`)).toMatch(/too large: at most 10 MB/);
  });
});
