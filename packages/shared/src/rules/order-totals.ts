import { cartTotals, type ShippingRules } from "./cart.ts";
import type { CartItem } from "./cart-storage.ts";

export interface OrderTotals {
  subtotalCents: number;
  /** What a discount code took off the goods (docs/decisions/057); 0 without one. */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** Sales tax on the goods at a rate in basis points (625 = 6.25 %), rounded half up to the cent. */
export function salesTaxCents(subtotalCents: number, basisPoints: number): number {
  return Math.round((subtotalCents * basisPoints) / 10_000);
}

/**
 * What an order costs: the cart's subtotal and shipping (the same rule the cart shows) plus the
 * state's sales tax on the goods. The server prices every quote and order with this from the
 * database's prices; the checkout page only shows what the server answered. A discount comes off
 * the goods before tax, and free shipping is decided on the goods after it (docs/decisions/057).
 */
export function orderTotals(
  items: readonly Pick<CartItem, "unitPriceCents" | "quantity">[],
  shipping: ShippingRules,
  taxBasisPoints: number,
  discount = 0,
): OrderTotals {
  const { subtotalCents } = cartTotals(items, shipping);
  const discountCents = Math.min(Math.max(discount, 0), subtotalCents);
  const goodsCents = subtotalCents - discountCents;
  // The cart's rule (cartTotals), on what the goods cost after the discount.
  const shippingCents = items.length === 0 || goodsCents > shipping.freeOverCents ? 0 : shipping.flatFeeCents;
  const taxCents = salesTaxCents(goodsCents, taxBasisPoints);
  return { subtotalCents, discountCents, shippingCents, taxCents, totalCents: goodsCents + shippingCents + taxCents };
}
