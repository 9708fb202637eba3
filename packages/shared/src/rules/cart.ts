import type { VariantSummary } from "../schemas/catalog.ts";
import {
  type CartItem,
  type CartUnit,
  cartLineId,
  MAX_LINE_QUANTITY,
  parseCartStorage,
  type SavedCart,
} from "./cart-storage.ts";
import { type ShippingRules, shippingFeeCents } from "./price.ts";
import { unitSale } from "./unit-sale.ts";
import { lineName } from "./variant.ts";

export interface CartTotals {
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  totalItems: number;
}

export interface CartState extends CartTotals {
  items: CartItem[];
  isOpen: boolean;
}

/** A line as handed to `addItem`: the quantity may be left out and then means 1. */
export type NewCartItem = Omit<CartItem, "quantity"> & { quantity?: number };

/** What a refresh from the server changed, so the buyer can be told. `name` is the line's name as the buyer saw it. */
export type CartChange =
  | { kind: "removed" | "out_of_stock"; id: string; name: string }
  | { kind: "price"; id: string; name: string; beforeCents: number; afterCents: number }
  | { kind: "quantity"; id: string; name: string; before: number; after: number };

function assertWholeQuantity(quantity: number): void {
  if (!Number.isInteger(quantity)) throw new RangeError(`quantity must be a whole number, got ${quantity}`);
}

/** A quantity being put into the cart: at least 1, and more than the line cap is quietly capped. */
function addedQuantity(quantity: number): number {
  assertWholeQuantity(quantity);
  if (quantity < 1) throw new RangeError(`quantity to add must be at least 1, got ${quantity}`);
  return Math.min(quantity, MAX_LINE_QUANTITY);
}

/** A line of one variant by `unit`: what the buyer sees of it now, to be checked against the shop later. */
export function cartItemFromVariant(product: VariantSummary, unit: CartUnit, quantity = 1): CartItem {
  const sale = unitSale(product, unit);
  if (!sale) throw new Error(`variant ${product.sku} is not sold by the box`);
  return {
    id: cartLineId(product.variantId, unit),
    productId: product.id,
    variantId: product.variantId,
    sku: product.sku,
    name: product.name,
    options: product.options.map(({ name, value }) => ({ name, value })),
    brand: product.brand,
    image: product.image,
    categorySlug: product.category.slug,
    unit,
    ...sale,
    stock: product.stock,
    deliveryAvailable: product.deliveryAvailable,
    quantity: addedQuantity(quantity),
  };
}

/**
 * The cart's lines as an order or a quote names them: product, variant, unit and quantity; the
 * server prices them.
 */
export function orderLines(
  items: readonly Pick<CartItem, "productId" | "variantId" | "unit" | "quantity">[],
): { productId: string; variantId: string; unit: CartUnit; quantity: number }[] {
  return items.map(({ productId, variantId, unit, quantity }) => ({ productId, variantId, unit, quantity }));
}

export function cartTotals(
  items: readonly Pick<CartItem, "unitPriceCents" | "quantity">[],
  rules: ShippingRules,
): CartTotals {
  let subtotalCents = 0;
  let totalItems = 0;
  for (const item of items) {
    subtotalCents += item.unitPriceCents * item.quantity;
    totalItems += item.quantity;
  }
  const shippingCents = shippingFeeCents(subtotalCents, items.length, rules);
  return { subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents, totalItems };
}

function withTotals(items: CartItem[], isOpen: boolean, rules: ShippingRules): CartState {
  return { items, ...cartTotals(items, rules), isOpen };
}

export function emptyCart(): CartState {
  return { items: [], subtotalCents: 0, shippingCents: 0, totalCents: 0, totalItems: 0, isOpen: false };
}

/** How many of a line the shop can sell: its stock in whole units, and at most the line cap. */
export function lineLimit(item: Pick<CartItem, "stock" | "piecesPerUnit">): number {
  return Math.min(MAX_LINE_QUANTITY, Math.floor(item.stock / item.piecesPerUnit));
}

/** Adds to the cart, never past the stock the line knows of; adding never lowers a line. */
export function addItem(state: CartState, item: NewCartItem, rules: ShippingRules): CartState {
  const quantity = addedQuantity(item.quantity ?? 1);
  const limit = lineLimit(item);
  const existing = state.items.find((line) => line.id === item.id);
  if (!existing && limit < 1) return state;
  // Merging keeps the line's snapshot: prices change only through reconcileCart, which tells the buyer.
  const items = existing
    ? state.items.map((line) =>
        line === existing
          ? { ...line, quantity: Math.max(line.quantity, Math.min(line.quantity + quantity, limit)) }
          : line,
      )
    : [...state.items, { ...item, quantity: Math.min(quantity, limit) }];
  return withTotals(items, state.isOpen, rules);
}

export function removeItem(state: CartState, id: string, rules: ShippingRules): CartState {
  return withTotals(
    state.items.filter((line) => line.id !== id),
    state.isOpen,
    rules,
  );
}

export function updateQuantity(state: CartState, id: string, quantity: number, rules: ShippingRules): CartState {
  assertWholeQuantity(quantity);
  if (quantity <= 0) return removeItem(state, id, rules);
  const capped = Math.min(quantity, MAX_LINE_QUANTITY);
  const items = state.items.map((line) => (line.id === id ? { ...line, quantity: capped } : line));
  return withTotals(items, state.isOpen, rules);
}

export function clearCart(state: CartState): CartState {
  return { ...emptyCart(), isOpen: state.isOpen };
}

export function toggleOpen(state: CartState, open?: boolean): CartState {
  return { ...state, isOpen: open ?? !state.isOpen };
}

/** The spec's `cartState`, totals in dollars; `restoreCart` reads only the lines and the open flag. */
export function serializeCart(state: CartState): string {
  const stored: SavedCart = {
    items: state.items,
    subtotal: state.subtotalCents / 100,
    shipping: state.shippingCents / 100,
    total: state.totalCents / 100,
    totalItems: state.totalItems,
    isOpen: state.isOpen,
  };
  return JSON.stringify(stored);
}

/** Anything unreadable gives an empty cart: a broken store must never break the shop. */
export function restoreCart(text: string | null, rules: ShippingRules): CartState {
  if (text === null) return emptyCart();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return emptyCart();
  }
  const stored = parseCartStorage(data);
  return stored ? withTotals(stored.items, stored.isOpen, rules) : emptyCart();
}

/**
 * Brings each line up to date with `fresh` (variant id → the variant now, null when no longer
 * sold). Lines whose variant is not in the map are kept as they are. Stock is checked line by
 * line; the server checks the whole order again at checkout.
 */
export function reconcileCart(
  state: CartState,
  fresh: ReadonlyMap<string, VariantSummary | null>,
  rules: ShippingRules,
): { state: CartState; changes: CartChange[] } {
  const items: CartItem[] = [];
  const changes: CartChange[] = [];
  for (const line of state.items) {
    const product = fresh.get(line.variantId);
    if (product === undefined) {
      items.push(line);
      continue;
    }
    const { id } = line;
    const name = lineName(line);
    // A variant answered for another product than the line's is not what the buyer chose.
    const gone = product === null || product.id !== line.productId;
    if (gone || (line.unit === "box" && product.sellingPriceBoxCents === null)) {
      changes.push({ kind: "removed", id, name });
      continue;
    }
    const updated = cartItemFromVariant(product, line.unit, line.quantity);
    // Stock counts pieces, so a box line with fewer pieces left than one box holds is out of stock too.
    const allowed = Math.floor(updated.stock / updated.piecesPerUnit);
    if (allowed === 0) {
      changes.push({ kind: "out_of_stock", id, name });
      continue;
    }
    if (updated.unitPriceCents !== line.unitPriceCents) {
      changes.push({ kind: "price", id, name, beforeCents: line.unitPriceCents, afterCents: updated.unitPriceCents });
    }
    if (line.quantity > allowed) {
      changes.push({ kind: "quantity", id, name, before: line.quantity, after: allowed });
    }
    items.push({ ...updated, quantity: Math.min(line.quantity, allowed) });
  }
  return { state: withTotals(items, state.isOpen, rules), changes };
}
