import type { VariantSummary } from "@shop/shared";
import type { CartState } from "@shop/shared/rules";
import { href } from "react-router";
import { loadRouteData } from "../../lib/route-data.ts";

/**
 * What reads, checks and changes the cart: the shared rules, the saved copy and the check against
 * the shop, for components/cart-context.tsx.
 */
export {
  addItem,
  CART_STORAGE_KEY,
  cartItemFromVariant,
  clearCart,
  emptyCart,
  reconcileCart,
  removeItem,
  restoreCart,
  serializeCart,
  toggleOpen,
  updateQuantity,
} from "@shop/shared";

/** The cart's products route's answer: the variants asked for that are for sale. */
export interface CartVariants {
  items: VariantSummary[];
}

/** Asks the shop for the current price and stock of every variant in the cart (the cart's products route). */
export async function freshVariants(cart: CartState): Promise<Map<string, VariantSummary | null>> {
  const ids = [...new Set(cart.items.map((item) => item.variantId))];
  const search = new URLSearchParams({ ids: ids.join(",") });
  const { items } = await loadRouteData<CartVariants>(`${href("/cart/products")}?${search}`);
  const found = new Map(items.map((variant) => [variant.variantId, variant]));
  // A variant the shop no longer answers for is no longer sold.
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
}
