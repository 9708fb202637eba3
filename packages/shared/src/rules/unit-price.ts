export interface PricedProduct {
  sellingPricePcsCents: number | null;
  sellingPriceBoxCents: number | null;
  priceCents: number | null;
}

/** The spec's unit price: selling price per piece, else per box, else the list price, else 0. */
export function unitPriceCents(product: PricedProduct): number {
  return product.sellingPricePcsCents ?? product.sellingPriceBoxCents ?? product.priceCents ?? 0;
}

export type PriceField = "SellingPricePCS" | "SellingPriceBox";

/**
 * Why a product may not be on sale at these prices, with the form field to fix; null when it may.
 * A selling price given as $0.00, or no price at all (the unit price would fall back to 0), would
 * sell the product for nothing.
 */
export function onSalePriceProblem(prices: PricedProduct): { field: PriceField; message: string } | null {
  if (prices.sellingPricePcsCents === 0)
    return {
      field: "SellingPricePCS",
      message: "Selling price per piece must be more than $0.00 to sell the product.",
    };
  if (prices.sellingPriceBoxCents === 0)
    return { field: "SellingPriceBox", message: "Selling price per box must be more than $0.00 to sell the product." };
  if (unitPriceCents(prices) <= 0)
    return {
      field: "SellingPricePCS",
      message: "An active product needs a selling price per piece or per box (or a list price) above $0.00.",
    };
  return null;
}
