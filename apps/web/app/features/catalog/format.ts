import type { AdminProductRow } from "@shop/shared";
import { formatCents } from "@shop/shared/rules";

/** The price a buyer pays for one: selling per piece, else per box, else the list price (spec section 3). */
export function shownPrice(product: AdminProductRow): { cents: number; unit: string } | null {
  if (product.sellingPricePcsCents !== null) return { cents: product.sellingPricePcsCents, unit: "per piece" };
  if (product.sellingPriceBoxCents !== null) return { cents: product.sellingPriceBoxCents, unit: "per box" };
  if (product.priceCents !== null) return { cents: product.priceCents, unit: "price" };
  return null;
}

export function formatPrice(product: AdminProductRow): string {
  const price = shownPrice(product);
  return price ? formatCents(price.cents) : "—";
}
