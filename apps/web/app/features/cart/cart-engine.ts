import type { ProductBatch, ProductSummary } from "@shop/shared";
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
  cartItemFromProduct,
  clearCart,
  emptyCart,
  reconcileCart,
  removeItem,
  restoreCart,
  serializeCart,
  toggleOpen,
  updateQuantity,
} from "@shop/shared";

/** Asks the shop for the current price and stock of every product in the cart (the cart's products route). */
export async function freshProducts(cart: CartState): Promise<Map<string, ProductSummary | null>> {
  const ids = [...new Set(cart.items.map((item) => item.productId))];
  const search = new URLSearchParams({ ids: ids.join(",") });
  const { items } = await loadRouteData<ProductBatch>(`${href("/cart/products")}?${search}`);
  const found = new Map(items.map((product) => [product.id, product]));
  // A product the shop no longer answers for is no longer sold.
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
}
