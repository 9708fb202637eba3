export const PRODUCTS_PAGE_SIZE = 10;
export const PRODUCTS_MAX_PAGE_SIZE = 100;

export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 2000;
/** The spec's alert for a blank category name (section 5), also the API's message. */
export const CATEGORY_NAME_REQUIRED = "Enter category name";

export const productSorts = ["newest", "price_asc", "price_desc", "name"] as const;
export type ProductSort = (typeof productSorts)[number];

/** The highest price a product can have: the product form takes at most 7 digits of dollars. */
export const PRICE_MAX_CENTS = 999_999_999;

export const PRODUCTS_BATCH_MAX = 100;

export function productNotFoundMessage(id: string): string {
  return `product with id ${id} not found.`;
}

/** The home page's featured products come in pages of 10; the page is `featuredPage`. */
export const FEATURED_PAGE_SIZE = 10;
