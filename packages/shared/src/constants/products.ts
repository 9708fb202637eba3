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

/** A product CSV import's limits (docs/decisions/059): the file's size in bytes and its rows (variants) under the header. */
export const PRODUCT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 20_000;

/**
 * The product CSV's columns, in order: the export writes them and the import reads them (by name,
 * any order, any case; only Sku is required). One row a variant (docs/decisions/095): rows with the
 * same Handle are one product, the first of them the product with its own variant. The product
 * form's field names, with the category by name (or slug) instead of its id; the options' names
 * and each variant's values as Shopify writes them; Active is the product's state and
 * VariantActive the variant's.
 */
export const PRODUCT_CSV_COLUMNS = [
  "Handle",
  "Sku",
  "Option1Name",
  "Option1Value",
  "Option2Name",
  "Option2Value",
  "Option3Name",
  "Option3Value",
  "ProductName",
  "ProductType",
  "Category",
  "Description",
  "Brand",
  "StrainName",
  "StrainType",
  "Flavour",
  "FlavourGroup",
  "Size",
  "Weight",
  "Battery",
  "Liquid",
  "NicotineStrength",
  "NicotineStrengthDetail",
  "Puffs9000PerDevice",
  "Coil",
  "TypeCRechargeablePort",
  "Price",
  "DistroPrice",
  "SellingPricePCS",
  "SellingPriceBox",
  "PcsPerPack",
  "PackPerBox",
  "DeliveryAvailable",
  "InStoreStockAvailable",
  "FeatureProduct",
  "Stock",
  "Active",
  "VariantActive",
  "RegulatoryClasses",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * The columns that belong to each variant (each row); the others are the product's, read from its
 * first row (docs/decisions/095).
 */
export const PRODUCT_CSV_VARIANT_COLUMNS = [
  "Sku",
  "Option1Value",
  "Option2Value",
  "Option3Value",
  "Price",
  "DistroPrice",
  "SellingPricePCS",
  "SellingPriceBox",
  "PcsPerPack",
  "PackPerBox",
  "Stock",
  "VariantActive",
] as const satisfies readonly ProductCsvColumn[];
