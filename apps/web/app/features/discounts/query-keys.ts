import type { DiscountQuery } from "@shop/shared";

/** TanStack Query keys of Marketing > Discounts; a saved code refreshes every list. */
export const discountKeys = {
  all: ["discounts"] as const,
  list: (query: DiscountQuery) => ["discounts", "list", query] as const,
  detail: (id: string) => ["discounts", "detail", id] as const,
  products: (q: string) => ["discounts", "products", q] as const,
  categories: ["discounts", "categories"] as const,
};
