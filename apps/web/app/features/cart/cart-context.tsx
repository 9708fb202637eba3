import type { ProductSummary, PublicSettings } from "@shop/shared";
import type { CartChange, CartState, CartUnit, ShippingRules } from "@shop/shared/rules";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { loadOnce } from "../../lib/lazy-part.ts";

interface CartContextValue {
  /** Null until the saved cart is restored, just after the page has painted. */
  cart: CartState | null;
  rules: ShippingRules;
  /** What changed in the saved cart when it was checked against the shop (prices, stock). */
  changes: CartChange[];
  /**
   * Whether the restored cart has been checked against the shop (or held nothing): until then it
   * may hold a product no longer sold, which the server's verdicts would refuse to answer for.
   */
  checked: boolean;
  add(product: ProductSummary, unit: CartUnit, quantity: number): void;
  remove(id: string): void;
  setQuantity(id: string, quantity: number): void;
  clear(): void;
  setOpen(open: boolean): void;
  dismissChanges(): void;
  /** Checks the cart against the shop again (the cart page, reached without a page load). */
  /** Checks the cart against the shop again; settles when it has (or could not). */
  recheck(): Promise<void>;
}

type CartEngine = typeof import("./cart-engine.ts");

const cartEngine = loadOnce(() => import("./cart-engine.ts"));

interface CartSnapshot {
  cart: CartState | null;
  changes: CartChange[];
  checked: boolean;
}
type CartActions = Omit<CartContextValue, keyof CartSnapshot>;

const BEFORE_RESTORE: CartSnapshot = { cart: null, changes: [], checked: false };

/**
 * The cart lives in a small store outside React's context: a change reaches the components that
 * read the cart and nothing else. A changing context value would also reach every part of the
 * page that is still waiting for its code (a lazy part's server HTML), and React would throw that
 * HTML away and draw the part again once its code arrived.
 */
function createCartStore() {
  let snapshot = BEFORE_RESTORE;
  const listeners = new Set<() => void>();
  return {
    get: () => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(next: (current: CartSnapshot) => CartSnapshot): void {
      snapshot = next(snapshot);
      for (const listener of listeners) listener();
    },
  };
}
type CartStore = ReturnType<typeof createCartStore>;

const CartContext = createContext<{ store: CartStore; actions: CartActions } | null>(null);

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart needs a CartProvider above it");
  const snapshot = useSyncExternalStore(value.store.subscribe, value.store.get, () => BEFORE_RESTORE);
  return { ...value.actions, ...snapshot };
}

/**
 * The cart of the spec: the shared pure functions, saved in localStorage as `cartState` and
 * restored on load (closed), then checked against the shop so a changed price or stock is shown,
 * never silently kept. Other tabs follow through the storage event. The rules and the storage
 * code (cart-engine.ts) load after the first paint; every change waits for them, in order.
 */
export function CartProvider({
  settings,
  children,
}: {
  settings: Pick<PublicSettings, "shippingFlatFeeCents" | "freeShippingOverCents">;
  children: ReactNode;
}) {
  const rules = useMemo<ShippingRules>(
    () => ({ flatFeeCents: settings.shippingFlatFeeCents, freeOverCents: settings.freeShippingOverCents }),
    [settings.shippingFlatFeeCents, settings.freeShippingOverCents],
  );
  const [store] = useState(createCartStore);
  const setCart = useCallback(
    (next: (current: CartState | null) => CartState) =>
      store.update((current) => ({ ...current, cart: next(current.cart) })),
    [store],
  );

  /** Prices and stock as the shop has them now; what changed is kept for the cart page to say. */
  const check = useCallback(
    async (engine: CartEngine, state: CartState) => {
      if (state.items.length === 0) {
        store.update((current) => ({ ...current, checked: true }));
        return;
      }
      const fresh = await engine.freshProducts(state);
      store.update((current) => {
        const result = engine.reconcileCart(current.cart ?? state, fresh, rules);
        return {
          cart: result.state,
          changes: result.changes.length > 0 ? result.changes : current.changes,
          checked: true,
        };
      });
    },
    [store, rules],
  );

  const change = useCallback(
    (update: (engine: CartEngine, current: CartState) => CartState) => {
      void cartEngine().then((engine) => setCart((current) => update(engine, current ?? engine.emptyCart())));
    },
    [setCart],
  );

  // Stable, so that a page can ask once when it opens.
  const recheck = useCallback(async () => {
    // Before the saved cart is restored there is nothing to check again: restoring checks it.
    const current = store.get().cart;
    if (!current) return;
    try {
      await check(await cartEngine(), current);
    } catch (error) {
      console.warn("Could not check the cart against the shop", error);
    }
  }, [store, check]);

  useEffect(() => {
    let stale = false;
    cartEngine()
      .then(async (engine) => {
        const saved = engine.toggleOpen(
          engine.restoreCart(window.localStorage.getItem(engine.CART_STORAGE_KEY), rules),
          false,
        );
        if (stale) return;
        setCart(() => saved);
        await check(engine, saved);
      })
      .catch((error: unknown) => console.warn("Could not check the cart against the shop", error));
    return () => {
      stale = true;
    };
  }, [rules, check, setCart]);

  // Every change of the cart is saved.
  useEffect(() => {
    let saved = store.get().cart;
    return store.subscribe(() => {
      const { cart } = store.get();
      if (!cart || cart === saved) return;
      saved = cart;
      void cartEngine().then((engine) =>
        window.localStorage.setItem(engine.CART_STORAGE_KEY, engine.serializeCart(cart)),
      );
    });
  }, [store]);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      void cartEngine().then((engine) => {
        if (event.key === engine.CART_STORAGE_KEY)
          setCart((current) => ({ ...engine.restoreCart(event.newValue, rules), isOpen: current?.isOpen ?? false }));
      });
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [rules, setCart]);

  const value = useMemo(
    () => ({
      store,
      actions: {
        rules,
        add: (product: ProductSummary, unit: CartUnit, quantity: number) =>
          change((engine, current) =>
            engine.addItem(current, engine.cartItemFromProduct(product, unit, quantity), rules),
          ),
        remove: (id: string) => change((engine, current) => engine.removeItem(current, id, rules)),
        setQuantity: (id: string, quantity: number) =>
          change((engine, current) => engine.updateQuantity(current, id, quantity, rules)),
        clear: () => change((engine, current) => engine.clearCart(current)),
        setOpen: (open: boolean) => change((engine, current) => engine.toggleOpen(current, open)),
        dismissChanges: () => store.update((current) => ({ ...current, changes: [] })),
        recheck,
      },
    }),
    [store, rules, change, recheck],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
