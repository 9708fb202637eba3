import { z } from "zod";
import {
  CATEGORY_DESCRIPTION_MAX_LENGTH,
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_NAME_REQUIRED,
  PRICE_MAX_CENTS,
  PRODUCTS_BATCH_MAX,
  PRODUCTS_MAX_PAGE_SIZE,
  PRODUCTS_PAGE_SIZE,
  productSorts,
} from "../constants/catalog.ts";
import { formatCents, formatCount, parseDollarsToCents } from "../rules/numbers.ts";
import { SEARCH_COUNT_LIMIT, SEARCH_QUERY_MAX_LENGTH } from "../rules/search.ts";
import { US_STATE_CODES } from "./addresses.ts";
import { idSchema, imageSchema, pageQuery, queryBoolean, queryInt } from "./common.ts";
import { regulatoryClassSchema } from "./compliance.ts";

const cents = z.int().min(0).describe("US cents");
const nullableText = z.string().nullable();

export const categoryRefSchema = z
  .object({ id: idSchema, name: z.string(), slug: z.string() })
  .meta({ id: "CategoryRef" });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const masterCategorySchema = z
  .object({
    id: idSchema,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: imageSchema.nullable(),
    imageIsPlaceholder: z
      .boolean()
      .describe("True when no picture was chosen and the image is the shop's placeholder (default.svg)"),
    productCount: z.int().min(0).describe("Active products in the category"),
  })
  .meta({ id: "MasterCategory" });
export type MasterCategory = z.infer<typeof masterCategorySchema>;

/**
 * The text fields of the spec's Create Master Category form (multipart Name, Slug, Description,
 * Image). The slug is always derived from Name on the server with slugify(); a Slug sent along is
 * accepted for the spec's sake and ignored. RemoveImage=true (edit only) puts the placeholder back.
 */
export const categoryFormSchema = z.strictObject({
  Name: z
    .string({ error: CATEGORY_NAME_REQUIRED })
    .trim()
    .min(1, { error: CATEGORY_NAME_REQUIRED })
    .max(CATEGORY_NAME_MAX_LENGTH, { error: `must be at most ${CATEGORY_NAME_MAX_LENGTH} characters` }),
  Slug: z.string().max(1000).optional().describe("Ignored: the server derives the slug from Name"),
  Description: z
    .string()
    .trim()
    .max(CATEGORY_DESCRIPTION_MAX_LENGTH, { error: `must be at most ${CATEGORY_DESCRIPTION_MAX_LENGTH} characters` })
    .default(""),
  RemoveImage: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((value) => value === "true")
    .describe("true: drop the chosen picture and show the placeholder again"),
});
export type CategoryFormInput = z.input<typeof categoryFormSchema>;
export type CategoryForm = z.output<typeof categoryFormSchema>;

export const categoryIdParamsSchema = z.strictObject({ id: idSchema });

/** One of a variant's option values, named: { name: "Flavour", value: "Blue Razz" }. */
export const variantOptionSchema = z.object({ name: z.string(), value: z.string() }).meta({ id: "VariantOption" });
export type VariantOption = z.infer<typeof variantOptionSchema>;

/** One of a product's options (at most three) and its values in their order. */
export const productOptionSchema = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .meta({ id: "ProductOption" });
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * What is sold: one combination of the product's option values (docs/decisions/093). A product
 * without options has one variant, with the product's id.
 */
export const productVariantSchema = z
  .object({
    id: idSchema,
    sku: z.string(),
    options: z.array(z.string()).describe("One value for each of the product's options, in their order"),
    priceCents: cents.nullable().describe("List price per piece"),
    sellingPricePcsCents: cents.nullable().describe("Our price per piece"),
    sellingPriceBoxCents: cents.nullable().describe("Our price per box"),
    pcsPerPack: z.int().min(1).nullable(),
    packPerBox: z.int().min(1).nullable(),
    stock: z.int().min(0),
    image: imageSchema.nullable().describe("Its own picture; null shows the product's"),
  })
  .meta({ id: "ProductVariant" });
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** What a product card and a cart line need. */
export const productSummarySchema = z
  .object({
    id: idSchema,
    sku: z.string(),
    name: z.string(),
    productType: z.string(),
    brand: nullableText,
    category: categoryRefSchema,
    flavour: nullableText,
    strainType: nullableText,
    nicotineStrength: nullableText,
    featured: z.boolean(),
    priceCents: cents.nullable().describe("List price per piece"),
    sellingPricePcsCents: cents.nullable().describe("Our price per piece"),
    sellingPriceBoxCents: cents.nullable().describe("Our price per box"),
    pcsPerPack: z.int().min(1).nullable(),
    packPerBox: z.int().min(1).nullable(),
    stock: z.int().min(0),
    deliveryAvailable: z.boolean().describe("False: sold for pickup in store only"),
    soldNowhere: z
      .boolean()
      .describe(
        "True: a country-wide rule in force today bans it (such as the federal hemp limit), so it is not for sale anywhere; its page says why",
      ),
    image: imageSchema.nullable().describe("The main image"),
    variantCount: z.int().min(0).describe("How many variants are for sale (flavours, strengths, sizes)"),
    firstOption: z
      .object({ name: z.string(), values: z.int().min(0) })
      .nullable()
      .describe(
        "The product's first option and how many of its values are for sale (a card's \"12 flavours\"); null without options",
      ),
    unitPriceRange: z
      .object({ minCents: cents, maxCents: cents })
      .describe("The lowest and highest price per unit among its variants for sale"),
    regulatoryClasses: z
      .array(regulatoryClassSchema)
      .describe("What compliance rules key on (ENDS, NICOTINE, KRATOM, …), in a fixed order; at least one"),
  })
  .meta({ id: "ProductSummary" });
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * One variant as a cart line needs it: its product's card with the variant's SKU, prices, stock
 * and picture (its own, else the product's), and its option values named.
 */
export const variantSummarySchema = productSummarySchema
  .extend({
    variantId: idSchema.describe("The variant's id (`id` is its product's)"),
    options: z.array(variantOptionSchema).describe("Its option values, named; empty for a product without options"),
  })
  .meta({ id: "VariantSummary" });
export type VariantSummary = z.infer<typeof variantSummarySchema>;

/**
 * Every public field of the spec's Create Product form, plus what the shop adds. The wholesale
 * (distro) price is staff-only and never part of the public product.
 */
export const productSchema = productSummarySchema
  .extend({
    description: z.string(),
    strainName: nullableText,
    flavourGroup: nullableText,
    size: nullableText,
    weight: nullableText,
    battery: nullableText,
    liquid: nullableText,
    nicotineStrengthDetail: nullableText,
    puffs9000PerDevice: z.boolean(),
    coil: nullableText,
    typeCRechargeablePort: z.boolean(),
    inStoreStockAvailable: z.boolean(),
    images: z.array(imageSchema).describe("Main image first, then the gallery"),
    options: z
      .array(productOptionSchema)
      .describe("At most three, in their order; empty for a product without options"),
    variants: z
      .array(productVariantSchema)
      .describe("The variants for sale, in their order; the product's own first when it is for sale"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof productSchema>;

const filterText = (what: string) =>
  z
    .string()
    .trim()
    .max(100, { error: `must be a ${what} of at most 100 characters` })
    .optional()
    .transform((value) => value || undefined);

/** A price typed in the URL in dollars ("25", "19.99"), held as cents. */
const dollars = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === "") return undefined;
    const cents = parseDollarsToCents(value);
    if (cents === null) {
      context.addIssue({ code: "custom", message: "must be an amount in dollars such as 25 or 19.99" });
      return z.NEVER;
    }
    if (cents > PRICE_MAX_CENTS) {
      // Beyond any price, and beyond what PostgreSQL's integer column compares with (a 500 before).
      context.addIssue({ code: "custom", message: `must be an amount of at most ${formatCents(PRICE_MAX_CENTS)}` });
      return z.NEVER;
    }
    return cents;
  });

/** The product list's filters. Pages ignore unknown parameters (utm tags, click ids). */
export const productListFilterSchema = z.object({
  ...pageQuery({ default: PRODUCTS_PAGE_SIZE, max: PRODUCTS_MAX_PAGE_SIZE }),
  category: z
    .string()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,200}$/, { error: "must be a category slug such as 'disposable'" })
    .optional(),
  featured: queryBoolean.optional(),
  q: z
    .string()
    .max(SEARCH_QUERY_MAX_LENGTH, { error: `must be a search of at most ${SEARCH_QUERY_MAX_LENGTH} characters` })
    .optional()
    .describe("Words to find in the name, brand, flavour, strain or description; every word must match"),
  brand: filterText("brand"),
  flavour: filterText("flavour family").describe("A flavour family such as Fruit"),
  strain: filterText("strain type").describe("Indica, Sativa or Hybrid"),
  nicotine: filterText("nicotine strength").describe("A nicotine strength such as 5%, the product's or a variant's"),
  size: filterText("size").describe("A size such as 3.5 g, the product's or a variant's"),
  puffs9000: queryBoolean.optional().describe("Only devices with 9,000 puffs or more"),
  inStock: queryBoolean.optional(),
  minPrice: dollars.describe("Lowest unit price in dollars"),
  maxPrice: dollars.describe("Highest unit price in dollars"),
  shipsTo: z
    .enum(US_STATE_CODES, { error: "must be a US state code such as TX" })
    .optional()
    .describe(
      "Only products no rule in force today bans in this state, country-wide or state-wide (a city's, county's or ZIP set's rules are not applied)",
    ),
  sort: z.enum(productSorts, { error: "must be newest, price_asc, price_desc or name" }).default("newest"),
});
/** A lowest price above the highest finds nothing by mistake: say so instead (after the last `extend`). */
export function refuseUpsideDownPriceRange(
  query: { minPrice?: number | undefined; maxPrice?: number | undefined },
  context: z.RefinementCtx,
): void {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    context.addIssue({ code: "custom", path: ["minPrice"], message: "must not be above maxPrice" });
  }
}

/** The API is strict: an unknown parameter is a mistake worth telling the caller about. */
export const productListQuerySchema = z
  .strictObject(productListFilterSchema.shape)
  .superRefine(refuseUpsideDownPriceRange);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListSchema = z
  .object({
    items: z.array(productSummarySchema),
    totalProducts: z
      .int()
      .min(0)
      .describe(
        `How many products match; for a search that matches more than ${formatCount(SEARCH_COUNT_LIMIT)}, ${SEARCH_COUNT_LIMIT} with totalProductsCapped`,
      ),
    totalProductsCapped: z
      .boolean()
      .describe(
        `true when a search matched more products than totalProducts says: show it as "${formatCount(SEARCH_COUNT_LIMIT)}+"`,
      ),
    totalPages: z.int().min(0).describe("Pages of totalProducts"),
    currentPage: z.int().min(1),
    productsPerPage: z.int().min(1),
  })
  .meta({ id: "ProductList" });
export type ProductList = z.infer<typeof productListSchema>;

export const productIdParamsSchema = z.strictObject({ id: idSchema });

/** Several products by id at once, e.g. to refresh a cart: `ids=a,b,c`. */
export const productBatchQuerySchema = z.strictObject({
  ids: z
    .string({ error: "is required: a comma-separated list of product ids" })
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .pipe(
      z
        .array(idSchema)
        .min(1, { error: "must name at least one product id" })
        .max(PRODUCTS_BATCH_MAX, { error: `may name at most ${PRODUCTS_BATCH_MAX} product ids` }),
    ),
});

export const productBatchSchema = z
  .object({ items: z.array(productSummarySchema).describe("The active products among those asked for") })
  .meta({ id: "ProductBatch" });
export type ProductBatch = z.infer<typeof productBatchSchema>;

const facetSchema = z.array(z.object({ value: z.string(), count: z.int().min(0) }));

/** The values a product list can be filtered by, with how many active products have each. */
export const productFacetsSchema = z
  .object({
    brands: facetSchema,
    flavours: facetSchema,
    strains: facetSchema,
    nicotine: facetSchema.describe("The nicotine strengths sold, the products' own and their variants'"),
    sizes: facetSchema.describe("The sizes sold (3.5 g, 7 g, 250 g…), the products' own and their variants'"),
    price: z.object({ minCents: z.int().min(0), maxCents: z.int().min(0) }),
    puffs9000: z
      .int()
      .min(0)
      .describe("How many have 9,000 puffs or more: the filter is worth offering only when some do"),
  })
  .meta({ id: "ProductFacets" });
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const productFacetsQuerySchema = z.strictObject({ category: productListFilterSchema.shape.category });

export const featuredPageQuerySchema = z.object({ featuredPage: queryInt({ min: 1, max: 1000, default: 1 }) });
