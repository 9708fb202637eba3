import type { VariantOption } from "../schemas/catalog.ts";
import type { Image } from "../schemas/common.ts";

export const CART_STORAGE_KEY = "cartState";
export const MAX_LINE_QUANTITY = 99;

export type CartUnit = "piece" | "box";

/**
 * A line is one variant by one unit: a variant's piece line and box line are separate lines, and
 * two variants never share one. A product's own variant has the product's id (docs/decisions/093),
 * so a line saved before variants keeps its id.
 */
export function cartLineId(variantId: string, unit: CartUnit): string {
  return unit === "box" ? `${variantId}:box` : variantId;
}

/** A cart line: a snapshot of what the buyer saw, refreshed from the server by `reconcileCart`. */
export interface CartItem {
  /** `cartLineId(variantId, unit)` */
  id: string;
  productId: string;
  /** The variant sold: the product's own (its id is the product's) for a product without options. */
  variantId: string;
  /** The variant's SKU. */
  sku: string;
  /** The product's name; `lineName` adds the option values. */
  name: string;
  /** The variant's option values, named; empty for a product without options. */
  options: VariantOption[];
  brand: string | null;
  image: Image | null;
  categorySlug: string;
  unit: CartUnit;
  unitPriceCents: number;
  piecesPerUnit: number;
  stock: number;
  /** False for a product sold for pickup in store only: the cart says it is not shipped. */
  deliveryAvailable: boolean;
  quantity: number;
}

/**
 * What is read back from CART_STORAGE_KEY: the lines and the open flag. The totals stored beside
 * them are not read: they are recomputed on load, so an edited store cannot change what the cart
 * shows.
 */
export interface CartStorage {
  items: CartItem[];
  isOpen: boolean;
}

/**
 * What the browser keeps under CART_STORAGE_KEY: the spec's cart state (items, subtotal,
 * shipping, total, totalItems, isOpen), its money in dollars as the spec's cart counts it.
 */
export interface SavedCart extends CartStorage {
  subtotal: number;
  shipping: number;
  total: number;
  totalItems: number;
}

// The stored cart is checked by hand rather than with zod: this runs on every storefront page,
// and zod would add about 25 KB gzip to the initial JavaScript (decision 010).
type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

function storedImage(value: unknown): Image | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  const { src, srcSet, width, height, alt } = value;
  if (!isString(src) || !isString(srcSet) || !isString(alt) || !isWhole(width, 0) || !isWhole(height, 0))
    return undefined;
  return { src, srcSet, width, height, alt };
}

const isId = (value: unknown): value is string => isString(value) && value.length >= 1 && value.length <= 64;

/** At most three option values, each named; undefined when anything else was stored. */
function storedOptions(value: unknown): VariantOption[] | undefined {
  if (!Array.isArray(value) || value.length > 3) return undefined;
  const options: VariantOption[] = [];
  for (const option of value) {
    if (!isObject(option) || !isString(option.name) || !isString(option.value)) return undefined;
    options.push({ name: option.name, value: option.value });
  }
  return options;
}

function storedItem(value: unknown): CartItem | undefined {
  if (!isObject(value)) return undefined;
  const { id, productId, sku, name, brand, categorySlug, unit, unitPriceCents, piecesPerUnit, stock, quantity } = value;
  const image = storedImage(value.image);
  // A cart saved before variants names no variant: its lines are the products' own variants,
  // whose ids are the products' (docs/decisions/093).
  const variantId = value.variantId === undefined ? productId : value.variantId;
  const options = value.options === undefined ? [] : storedOptions(value.options);
  const valid =
    isId(productId) &&
    isId(variantId) &&
    options !== undefined &&
    (unit === "piece" || unit === "box") &&
    id === cartLineId(variantId, unit) &&
    isString(sku) &&
    isString(name) &&
    (brand === null || isString(brand)) &&
    image !== undefined &&
    isString(categorySlug) &&
    isWhole(unitPriceCents, 0) &&
    isWhole(piecesPerUnit, 1) &&
    isWhole(stock, 0) &&
    isWhole(quantity, 1, MAX_LINE_QUANTITY);
  if (!valid) return undefined;
  // A cart saved before the field existed ships; the next check against the shop sets it.
  const deliveryAvailable = value.deliveryAvailable !== false;
  return {
    id,
    productId,
    variantId,
    sku,
    name,
    options,
    brand,
    image,
    categorySlug,
    unit,
    unitPriceCents,
    piecesPerUnit,
    stock,
    deliveryAvailable,
    quantity,
  };
}

/**
 * Reads what was stored under CART_STORAGE_KEY, or null when any part of it is not a cart this
 * version wrote. Unknown keys (such as totals saved by an older version) are dropped.
 */
export function parseCartStorage(data: unknown): CartStorage | null {
  if (!isObject(data) || !Array.isArray(data.items) || typeof data.isOpen !== "boolean") return null;
  const items: CartItem[] = [];
  for (const value of data.items) {
    const item = storedItem(value);
    if (!item || items.some((other) => other.id === item.id)) return null;
    items.push(item);
  }
  return { items, isOpen: data.isOpen };
}
