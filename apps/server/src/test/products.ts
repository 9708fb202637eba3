import type { RegulatoryClass } from "@shop/shared/constants";
import { PRODUCT_CSV_COLUMNS } from "@shop/shared/constants";
import { TEST_SHIPPING_ADDRESS } from "@shop/shared/test-fixtures";
import type { Kysely } from "kysely";
import type { App } from "../app-type.ts";
import type { Database, ProductVariantsTable } from "../db/types.ts";
import { newId } from "../lib/ids.ts";
import type { SALE_COLUMNS } from "../modules/catalog/variants-repository.ts";

const { line2: _line2, phone: _phone, ...typed } = TEST_SHIPPING_ADDRESS;
/** Where the tests' buyers have their orders shipped, as they type it at checkout (no second line, no phone). */
export const SHIPPING_ADDRESS = typed;

/**
 * Takes a product off sale behind the catalogue's back (no change is announced) while `work`
 * runs, then puts it back and announces that, so that no cached list keeps it out.
 */
export async function whileInactive(app: App, id: string, work: () => Promise<void>): Promise<void> {
  const setActive = (active: 0 | 1) =>
    app.db.kysely.updateTable("products").set({ active }).where("id", "=", id).execute();
  await setActive(0);
  try {
    await work();
  } finally {
    await setActive(1);
    app.services.catalog.forgetLists();
  }
}

/**
 * The demo products that no one may buy today: the THCA flower and the THC gummies, over the
 * federal hemp definition of 2026-11-12 by their latest COAs (docs/decisions/076, 080).
 */
export const DEMO_SOLD_NOWHERE = ["HMP-HMH-VCS-35", "HMP-CPL-MFC-35", "HMP-HMH-D8G-WM-20", "HMP-CPL-D9G-MB-10"];

/** The demo shop's categories, in the header's order (the spec's), as the tests expect them. */
export const DEMO_CATEGORY_NAMES = ["Kratom", "Disposable", "Hydroxy", "Pseudo", "Hemp Product", "Candy", "Charger"];

/**
 * The demo products a buyer can order by the piece and have shipped: active, priced by the piece,
 * delivered, and not hemp, which the federal hemp limit may ban everywhere by its lab results (the
 * demo's THCA flower and THCA vape are over it from 2026-11-12, docs/decisions/047).
 */
export function sellableProducts(app: App) {
  return app.db.kysely
    .selectFrom("products")
    .where("active", "=", 1)
    .where("delivery_available", "=", 1)
    .where("selling_price_pcs_cents", "is not", null)
    .where("id", "not in", (eb) =>
      eb
        .selectFrom("product_regulatory_classes")
        .select("product_id")
        .where("class", "in", ["HEMP_INTOX", "HEMP_THCA_FLOWER", "HEMP_NONINTOX"]),
    );
}

/** The first sellable product of a regulatory class with ten or more pieces in stock (by id, so the same each run). */
export async function productOfClass(app: App, regulatoryClass: RegulatoryClass): Promise<string> {
  const row = await sellableProducts(app)
    .where("stock", ">=", 10)
    .where("id", "in", (eb) =>
      eb.selectFrom("product_regulatory_classes").select("product_id").where("class", "=", regulatoryClass),
    )
    .select("id")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of the product with a SKU (one of the demo shop's, or one a test made). */
export async function productIdBySku(app: App, sku: string): Promise<string> {
  const row = await app.db.kysely.selectFrom("products").select("id").where("sku", "=", sku).executeTakeFirstOrThrow();
  return row.id;
}

/** How many pieces of a product are in stock now. */
export async function productStock(app: App, id: string): Promise<number> {
  const row = await app.db.kysely.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow();
  return row.stock;
}

/**
 * A CSV of one header and rows of cells by column name (the other columns empty), written as the
 * export writes: every column of today's export, or only `columns`.
 */
export function csvOf(
  rows: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>[],
  columns: readonly (typeof PRODUCT_CSV_COLUMNS)[number][] = PRODUCT_CSV_COLUMNS,
): string {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  return [columns.join(","), ...rows.map((row) => columns.map((c) => quote(row[c] ?? "")).join(","))]
    .map((line) => `${line}\r\n`)
    .join("");
}

/** An import row of a new disposable with its SKU, a price and stock; `overrides` change cells. */
export const newProduct = (
  sku: string,
  overrides: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>> = {},
) => ({
  Sku: sku,
  ProductName: `Imported ${sku}`,
  ProductType: "Disposable",
  Category: "Disposable",
  Description: "Made by an import.",
  Flavour: "Mango",
  NicotineStrength: "5%",
  SellingPricePCS: "19.99",
  Price: "24.99",
  Stock: "12",
  Active: "true",
  ...overrides,
});

/**
 * Publishes a lab result of a batch of its own for `productId`, behind the COA service's back: a
 * copy of any COA of the demo shop with other figures and report date (YYYY-MM-DD): percentages in
 * thousandths, the THC per container in micrograms (null: not stated). Returns its removal.
 */
export async function addLabResult(
  app: App,
  productId: string,
  reportDate: string,
  figures: { delta9: number; thca: number; perContainer: number | null },
): Promise<() => Promise<unknown>> {
  const db = app.db.kysely;
  const source = await db.selectFrom("coas").selectAll().orderBy("id").limit(1).executeTakeFirstOrThrow();
  const batchId = newId();
  await db
    .insertInto("batches")
    .values({
      id: batchId,
      product_id: productId,
      variant_id: productId,
      lot_number: `TEST-${batchId.slice(-12).toUpperCase()}`, // the random end: ids of one millisecond share their start
      created_at: source.created_at,
      updated_at: source.updated_at,
    })
    .execute();
  await db
    .insertInto("coas")
    .values({
      ...source,
      id: newId(),
      batch_id: batchId,
      sample_date: reportDate,
      test_date: reportDate,
      report_date: reportDate,
      delta9_thc_mpct: figures.delta9,
      thca_mpct: figures.thca,
      thc_per_container_ug: figures.perContainer,
    })
    .execute();
  // As the COA service does when staff publish or delete one (docs/decisions/080).
  await app.services.catalog.decideSoldNowhere([productId]);
  return async () => {
    await db.deleteFrom("batches").where("id", "=", batchId).execute();
    await app.services.catalog.decideSoldNowhere([productId]);
  };
}

/**
 * Sets the stock or the sale fields of products without options (their own variants',
 * docs/decisions/093) behind the catalogue's back, for a test's arrangement: all products, or
 * those among `ids`. The products' listing columns get the same values.
 */
export async function setOwnVariants(
  db: Kysely<Database>,
  changes: Partial<Pick<ProductVariantsTable, (typeof SALE_COLUMNS)[number] | "stock">>,
  ids?: readonly string[],
): Promise<void> {
  for (const table of ["product_variants", "products"] as const) {
    let update = db.updateTable(table).set(changes);
    if (ids !== undefined) update = update.where("id", "in", [...ids]);
    await update.execute();
  }
}
