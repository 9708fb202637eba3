import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_VARIANT_COLUMNS,
  type ProductCsvColumn,
  type RegulatoryClass,
  sortRegulatoryClasses,
} from "@shop/shared";
import type { ProductsTable, ProductVariantsTable } from "../../db/types.ts";
import { fieldsOf, saleFieldsOf } from "./product-fields.ts";

/** A row of the product CSV: each column's cell as the export writes it, in PRODUCT_CSV_COLUMNS' order (docs/decisions/095). */
export type Cells = string[];

/** Each column's place in a row. */
export const COLUMN_INDEX = new Map(PRODUCT_CSV_COLUMNS.map((column, index) => [column, index]));
export type ProductOption = { name: string; values: string[] };

/** A variant's columns that the CSV reads and writes. */
export type VariantState = Pick<
  ProductVariantsTable,
  | "sku"
  | "option1"
  | "option2"
  | "option3"
  | "price_cents"
  | "distro_price_cents"
  | "selling_price_pcs_cents"
  | "selling_price_box_cents"
  | "pcs_per_pack"
  | "pack_per_box"
  | "stock"
  | "active"
>;

export const OPTION_NAME_COLUMNS = ["Option1Name", "Option2Name", "Option3Name"] as const;
export const OPTION_VALUE_COLUMNS = ["Option1Value", "Option2Value", "Option3Value"] as const;
const OPTION_KEYS = ["option1", "option2", "option3"] as const;
const VARIANT_COLUMNS = new Set<ProductCsvColumn>(PRODUCT_CSV_VARIANT_COLUMNS);

/** Whether a column is a variant's (a cell on each row) rather than the product's (read from its first row). */
export const isVariantColumn = (column: ProductCsvColumn) => VARIANT_COLUMNS.has(column);

export const BOOLEAN_COLUMNS = new Set<ProductCsvColumn>([
  "Puffs9000PerDevice",
  "TypeCRechargeablePort",
  "DeliveryAvailable",
  "InStoreStockAvailable",
  "FeatureProduct",
  "Active",
  "VariantActive",
]);
const TRUE = new Set(["true", "yes", "y", "1", "on"]);
const FALSE = new Set(["false", "no", "n", "0", "off"]);

/** A flag's cell read: true, false, empty (the default), or a problem in words. */
export function readFlag(cell: string): boolean | "" | { problem: string } {
  const word = cell.trim().toLowerCase();
  if (TRUE.has(word)) return true;
  if (FALSE.has(word)) return false;
  if (word === "") return "";
  return { problem: `must be true or false ("${cell.trim().slice(0, 20)}" is neither)` };
}

/** Option names and values are the same when they differ only in case, as the variants grid says. */
export const sameText = (a: string, b: string) => a.toLocaleLowerCase("en-US") === b.toLocaleLowerCase("en-US");

/** A variant's option values, in the options' order. */
export const optionValues = (variant: Pick<VariantState, "option1" | "option2" | "option3">, count: number) =>
  OPTION_KEYS.slice(0, count).map((key) => variant[key] ?? "");

/** A variant's cell in one of the variants' columns. */
function variantCell(column: ProductCsvColumn, variant: VariantState, sale: ReturnType<typeof saleFieldsOf>): string {
  switch (column) {
    case "Option1Value":
      return variant.option1 ?? "";
    case "Option2Value":
      return variant.option2 ?? "";
    case "Option3Value":
      return variant.option3 ?? "";
    case "VariantActive":
      return variant.active === 1 ? "true" : "false";
    default:
      return sale[column as keyof typeof sale];
  }
}

/**
 * A product's first row, in the columns' order: its fields, its options' names and its own
 * variant's cells (the product's sale columns are its own variant's, docs/decisions/093).
 */
export function productCells(
  handle: string,
  product: ProductsTable,
  own: VariantState,
  category: string,
  classes: readonly RegulatoryClass[],
  options: readonly ProductOption[],
): Cells {
  const fields = fieldsOf(product);
  const sale = saleFieldsOf(own);
  return PRODUCT_CSV_COLUMNS.map((column) => {
    if (isVariantColumn(column)) return variantCell(column, own, sale);
    switch (column) {
      case "Handle":
        return handle;
      case "Category":
        return category;
      case "RegulatoryClasses":
        return sortRegulatoryClasses(classes).join(", ");
      case "Option1Name":
        return options[0]?.name ?? "";
      case "Option2Name":
        return options[1]?.name ?? "";
      case "Option3Name":
        return options[2]?.name ?? "";
      default:
        return fields[column] ?? "";
    }
  });
}

/** Another variant's row, in the columns' order: its cells under the product's handle, the product's left empty. */
export function variantRowCells(handle: string, variant: VariantState): Cells {
  const sale = saleFieldsOf(variant);
  return PRODUCT_CSV_COLUMNS.map((column) =>
    column === "Handle" ? handle : isVariantColumn(column) ? variantCell(column, variant, sale) : "",
  );
}

/** A category named in a cell: by slug, else by name (any case). */
export function categoryFinder(categories: { id: string; name: string; slug: string }[]) {
  const bySlug = new Map(categories.map((c) => [c.slug.toLowerCase(), c]));
  const byName = new Map<string, { id: string; name: string; slug: string }[]>();
  for (const c of categories) byName.set(c.name.toLowerCase(), [...(byName.get(c.name.toLowerCase()) ?? []), c]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  return {
    byId,
    find(text: string): { id: string; slug: string } | { problem: string } {
      const key = text.trim().toLowerCase();
      const named = byName.get(key) ?? [];
      const found = bySlug.get(key) ?? (named.length === 1 ? named[0] : undefined);
      if (found) return found;
      if (named.length > 1) return { problem: `"${text.trim()}" names ${named.length} categories: use its slug` };
      return { problem: `names no category ("${text.trim().slice(0, 60)}"): use a category's name or slug` };
    },
  };
}
