import {
  addItem,
  CART_STORAGE_KEY,
  type CartChange,
  type CartState,
  type CartUnit,
  cartItemFromProduct,
  clearCart,
  emptyCart,
  type ProductBatch,
  type ProductSummary,
  type PublicSettings,
  reconcileCart,
  removeItem,
  restoreCart,
  type ShippingRules,
  serializeCart,
  toggleOpen,
  updateQuantity,
} from "@shop/shared";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { apiRequest } from "../../lib/api.ts";

interface CartContextValue {
  cart: CartState;
  rules: ShippingRules;
  /** What changed in the saved cart when it was checked against the shop (prices, stock). */
  changes: CartChange[];
  add(product: ProductSummary, unit: CartUnit, quantity: number): void;
  remove(id: string): void;
  setQuantity(id: string, quantity: number): void;
  clear(): void;
  setOpen(open: boolean): void;
  dismissChanges(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart needs a CartProvider above it");
  return value;
}

/** Asks the shop for the current price and stock of every product in the cart. */
async function freshProducts(cart: CartState): Promise<Map<string, ProductSummary | null>> {
  const ids = [...new Set(cart.items.map((item) => item.productId))];
  const { items } = await apiRequest<ProductBatch>(`/api/Product/batch?ids=${ids.map(encodeURIComponent).join(",")}`);
  const found = new Map(items.map((product) => [product.id, product]));
  // A product the shop no longer answers for is no longer sold.
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
}

/**
 * The cart of the spec: the shared pure functions, saved in localStorage as `cartState` and
 * restored on load (closed), then checked against the shop so a changed price or stock is shown,
 * never silently kept. Other tabs follow through the storage event.
 */
export function CartProvider({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  const rules = useMemo<ShippingRules>(
    () => ({ flatFeeCents: settings.shippingFlatFeeCents, freeOverCents: settings.freeShippingOverCents }),
    [settings.shippingFlatFeeCents, settings.freeShippingOverCents],
  );
  const [cart, setCart] = useState<CartState>(emptyCart);
  const [restored, setRestored] = useState(false);
  const [changes, setChanges] = useState<CartChange[]>([]);

  useEffect(() => {
    const saved = toggleOpen(restoreCart(window.localStorage.getItem(CART_STORAGE_KEY), rules), false);
    setCart(saved);
    setRestored(true);
    if (saved.items.length === 0) return;
    freshProducts(saved)
      .then((fresh) => {
        setCart((current) => {
          const result = reconcileCart(current, fresh, rules);
          setChanges(result.changes);
          return result.state;
        });
      })
      .catch((error: unknown) => console.warn("Could not check the cart against the shop", error));
  }, [rules]);

  useEffect(() => {
    if (restored) window.localStorage.setItem(CART_STORAGE_KEY, serializeCart(cart));
  }, [cart, restored]);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY)
        setCart((current) => ({ ...restoreCart(event.newValue, rules), isOpen: current.isOpen }));
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [rules]);

  const add = useCallback(
    (product: ProductSummary, unit: CartUnit, quantity: number) =>
      setCart((current) => addItem(current, cartItemFromProduct(product, unit, quantity), rules)),
    [rules],
  );
  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      rules,
      changes,
      add,
      remove: (id) => setCart((current) => removeItem(current, id, rules)),
      setQuantity: (id, quantity) => setCart((current) => updateQuantity(current, id, quantity, rules)),
      clear: () => setCart((current) => clearCart(current)),
      setOpen: (open) => setCart((current) => toggleOpen(current, open)),
      dismissChanges: () => setChanges([]),
    }),
    [cart, rules, changes, add],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
