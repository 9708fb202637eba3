import { cartTotals, type ShippingRules } from "./cart.ts";
import type { CartItem } from "./cart-storage.ts";

export interface OrderTotals {
  subtotalCents: number;
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
 * database's prices; the checkout page only shows what the server answered.
 */
export function orderTotals(
  items: readonly Pick<CartItem, "unitPriceCents" | "quantity">[],
  shipping: ShippingRules,
  taxBasisPoints: number,
): OrderTotals {
  const { subtotalCents, shippingCents } = cartTotals(items, shipping);
  const taxCents = salesTaxCents(subtotalCents, taxBasisPoints);
  return { subtotalCents, shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}
