import type { PublicSettings, VariantSummary } from "@shop/shared";
import type { CartChange, CartState, CartUnit, ShippingRules } from "@shop/shared/rules";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import * as engine from "../cart-engine.ts";

interface CartContextValue {
  /** Null in the server's HTML and while the page hydrates; the saved cart from then on. */
  cart: CartState | null;
  rules: ShippingRules;
  /** What changed in the saved cart when it was checked against the shop (prices, stock). */
  changes: CartChange[];
  /**
   * Whether the restored cart has been checked against the shop (or held nothing): until then it
   * may hold a product no longer sold, which the server's verdicts would refuse to answer for.
   */
  checked: boolean;
  /** Adds `quantity` of the variant by `unit`. */
  add(variant: VariantSummary, unit: CartUnit, quantity: number): void;
  remove(id: string): void;
  setQuantity(id: string, quantity: number): void;
  clear(): void;
  setOpen(open: boolean): void;
  dismissChanges(): void;
  /** Checks the cart against the shop again (the cart page, reached without a page load); settles when it has (or could not). */
  recheck(): Promise<void>;
}

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
function createCartStore(first: CartSnapshot) {
  let snapshot = first;
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
 * The browser's saved copy, or null where storage is refused (a browser's private mode may throw):
 * the cart then lives as long as the page.
 */
function readSaved(): string | null {
  try {
    return window.localStorage.getItem(engine.CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

function save(cart: CartState): void {
  try {
    window.localStorage.setItem(engine.CART_STORAGE_KEY, engine.serializeCart(cart));
  } catch (error) {
    console.warn("Could not save the cart in this browser", error);
  }
}

/** The cart saved in this browser, closed, as the page starts in it; nothing on the server. */
function savedCart(rules: ShippingRules): CartSnapshot {
  if (typeof window === "undefined") return BEFORE_RESTORE;
  const cart = engine.toggleOpen(engine.restoreCart(readSaved(), rules), false);
  return { cart, changes: [], checked: cart.items.length === 0 };
}

/**
 * The cart of the spec: the shared pure functions, saved in localStorage as `cartState` and
 * restored as the page's script starts (React draws it right after hydrating the server's HTML,
 * which cannot know it), then checked against the shop so a changed price or stock is shown,
 * never silently kept. Other tabs follow through the storage event.
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
  const [store] = useState(() => createCartStore(savedCart(rules)));
  const setCart = useCallback(
    (next: (current: CartState | null) => CartState) =>
      store.update((current) => ({ ...current, cart: next(current.cart) })),
    [store],
  );

  /** Prices and stock as the shop has them now; what changed is kept for the cart page to say. */
  const check = useCallback(
    async (state: CartState) => {
      if (state.items.length === 0) {
        store.update((current) => ({ ...current, checked: true }));
        return;
      }
      const fresh = await engine.freshVariants(state);
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
    (update: (current: CartState) => CartState) => setCart((current) => update(current ?? engine.emptyCart())),
    [setCart],
  );

  // Stable, so that a page can ask once when it opens; a check already under way is shared.
  const checking = useRef<Promise<void> | null>(null);
  const recheck = useCallback(() => {
    const current = store.get().cart;
    if (!current) return Promise.resolve();
    checking.current ??= check(current)
      .catch((error: unknown) => console.warn("Could not check the cart against the shop", error))
      .finally(() => {
        checking.current = null;
      });
    return checking.current;
  }, [store, check]);

  // The restored cart is checked against the shop once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the cart the page started with
  useEffect(() => {
    void recheck();
  }, []);

  // Every change of the cart is saved.
  useEffect(() => {
    let saved = store.get().cart;
    return store.subscribe(() => {
      const { cart } = store.get();
      if (!cart || cart === saved) return;
      saved = cart;
      save(cart);
    });
  }, [store]);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === engine.CART_STORAGE_KEY)
        setCart((current) => ({ ...engine.restoreCart(event.newValue, rules), isOpen: current?.isOpen ?? false }));
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, [rules, setCart]);

  const value = useMemo(
    () => ({
      store,
      actions: {
        rules,
        add: (variant: VariantSummary, unit: CartUnit, quantity: number) =>
          change((current) => engine.addItem(current, engine.cartItemFromVariant(variant, unit, quantity), rules)),
        remove: (id: string) => change((current) => engine.removeItem(current, id, rules)),
        setQuantity: (id: string, quantity: number) =>
          change((current) => engine.updateQuantity(current, id, quantity, rules)),
        clear: () => change((current) => engine.clearCart(current)),
        setOpen: (open: boolean) => change((current) => engine.toggleOpen(current, open)),
        dismissChanges: () => store.update((current) => ({ ...current, changes: [] })),
        recheck,
      },
    }),
    [store, rules, change, recheck],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
