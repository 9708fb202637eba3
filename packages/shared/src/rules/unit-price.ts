export interface PricedProduct {
  sellingPricePcsCents: number | null;
  sellingPriceBoxCents: number | null;
  priceCents: number | null;
}

/** The spec's unit price: selling price per piece, else per box, else the list price, else 0. */
export function unitPriceCents(product: PricedProduct): number {
  return product.sellingPricePcsCents ?? product.sellingPriceBoxCents ?? product.priceCents ?? 0;
}
