import type { AdminProductListQuery } from "@shop/shared";

/** TanStack Query keys of the products screens; a change to one product refreshes every list. */
export const productKeys = {
  all: ["admin-products"] as const,
  lists: ["admin-products", "list"] as const,
  list: (query: AdminProductListQuery) => ["admin-products", "list", query] as const,
  detail: (id: string) => ["admin-products", "detail", id] as const,
  /** A product's stock and its movements, a page at a time. */
  stock: (id: string, page: number) => ["admin-products", "stock", id, page] as const,
  stockOf: (id: string) => ["admin-products", "stock", id] as const,
  /** A product's options and variants, as the grid edits them. */
  variants: (id: string) => ["admin-products", "variants", id] as const,
  /** The dashboard's first screen counts products too, so it refreshes with them. */
  overview: ["admin-products", "overview"] as const,
};
