/** The spec's validation, in its order, with its toast texts (spec section 5). */
export const PRODUCT_FORM_MESSAGES = {
  name: "Product name is required",
  type: "Product type is required",
  description: "Description is required",
  category: "Please select a category",
} as const;

export const DEFAULT_PRODUCT_TYPE = "Disposable";
export const PRODUCT_GALLERY_MAX = 12;
export const PRODUCT_STOCK_MAX = 1_000_000;

export const adminProductSorts = ["updated", "newest", "name", "price_asc", "price_desc", "stock_asc"] as const;
export type AdminProductSort = (typeof adminProductSorts)[number];

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
