import type { ProductList, ProductSummary } from "@shop/shared";

/** The spec's local-storage key for the featured products (decision 081). */
export const FEATURED_STORAGE_KEY = "productsState";

/** How many pages of featured products the saved state keeps beside the one shown. */
const CACHED_PAGES = 5;

/**
 * The spec's featured-products state: products, loading, error, currentPage, totalPages,
 * totalProducts, productsPerPage (10) and cache, the pages seen by their number.
 */
export interface FeaturedState {
  products: ProductSummary[];
  loading: boolean;
  error: string | null;
  currentPage: number;
  totalPages: number;
  totalProducts: number;
  productsPerPage: number;
  cache: Record<string, ProductSummary[]>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The pages a saved state holds; anything unreadable holds none. */
function savedCache(text: string | null): Record<string, ProductSummary[]> {
  let saved: unknown = null;
  try {
    saved = text === null ? null : JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(saved) || !isObject(saved.cache)) return {};
  return Object.fromEntries(
    Object.entries(saved.cache).filter(
      (entry): entry is [string, ProductSummary[]] =>
        /^[1-9]\d{0,3}$/.test(entry[0]) && Array.isArray(entry[1]) && entry[1].every(isObject),
    ),
  );
}

/**
 * The state to save for the page of featured products the server gave: that page as the
 * products, and the pages saved before restored into the cache (the nearest few to this one).
 * The server's page is always what is shown; the saved copy is for the spec's shape.
 */
export function featuredState(list: ProductList, saved: string | null): FeaturedState {
  const cache: Record<string, ProductSummary[]> = { ...savedCache(saved), [list.currentPage]: list.items };
  const nearest = Object.keys(cache)
    .map(Number)
    .sort((a, b) => Math.abs(a - list.currentPage) - Math.abs(b - list.currentPage) || a - b)
    .slice(0, CACHED_PAGES);
  return {
    products: list.items,
    loading: false,
    error: null,
    currentPage: list.currentPage,
    totalPages: list.totalPages,
    totalProducts: list.totalProducts,
    productsPerPage: list.productsPerPage,
    cache: Object.fromEntries(nearest.map((page) => [page, cache[page] ?? []])),
  };
}

/** Saves the featured products shown as `productsState`; a browser that refuses storage is left alone. */
export function saveFeaturedState(list: ProductList): void {
  try {
    const saved = window.localStorage.getItem(FEATURED_STORAGE_KEY);
    window.localStorage.setItem(FEATURED_STORAGE_KEY, JSON.stringify(featuredState(list, saved)));
  } catch {
    // Private mode or a full store: the page works without it.
  }
}
