import { productSearchText, unitPriceCents } from "@shop/shared";
import type { ProductsTable } from "../../db/types.ts";

type Source = Pick<
  ProductsTable,
  | "name"
  | "brand"
  | "flavour"
  | "strain_name"
  | "description"
  | "price_cents"
  | "selling_price_pcs_cents"
  | "selling_price_box_cents"
>;

type PriceColumns = "unit_price_cents" | "max_unit_price_cents" | "variant_count";

/**
 * The columns the app keeps for search and the price filter; every product write sets them. The
 * price columns are those of a product with its own variant alone; a write to products with
 * variants refreshes them from the variants after (variants-repository.ts).
 */
export function derivedProductColumns(row: Source): Pick<ProductsTable, "search_text" | PriceColumns> {
  return { search_text: productSearchText({ ...row, strainName: row.strain_name }), ...unitPriceColumn(row) };
}

/** The price filter's columns alone (a write that changes no searched words keeps its search_text). */
export function unitPriceColumn(row: Source): Pick<ProductsTable, PriceColumns> {
  const unit = unitPriceCents({
    sellingPricePcsCents: row.selling_price_pcs_cents,
    sellingPriceBoxCents: row.selling_price_box_cents,
    priceCents: row.price_cents,
  });
  return { unit_price_cents: unit, max_unit_price_cents: unit, variant_count: 1 };
}
