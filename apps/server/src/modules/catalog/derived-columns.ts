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

/** The columns the app keeps for search and the price filter; every product write sets them. */
export function derivedProductColumns(row: Source): Pick<ProductsTable, "search_text" | "unit_price_cents"> {
  return { search_text: productSearchText({ ...row, strainName: row.strain_name }), ...unitPriceColumn(row) };
}

/** The price filter's column alone (a write that changes no searched words keeps its search_text). */
export function unitPriceColumn(row: Source): Pick<ProductsTable, "unit_price_cents"> {
  return {
    unit_price_cents: unitPriceCents({
      sellingPricePcsCents: row.selling_price_pcs_cents,
      sellingPriceBoxCents: row.selling_price_box_cents,
      priceCents: row.price_cents,
    }),
  };
}
