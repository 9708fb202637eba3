import { z } from "zod";
import { REGULATORY_CLASSES } from "../constants/compliance.ts";
import {
  adminProductSorts,
  PRODUCT_FORM_MESSAGES,
  PRODUCT_IMPORT_MAX_BYTES,
  PRODUCT_STOCK_MAX,
} from "../constants/products.ts";
import { megabytes } from "../constants/uploads.ts";
import { parseDollarsToCents } from "../rules/numbers.ts";
import { formCheckbox, imageSchema, staffListSearch } from "./common.ts";
import { regulatoryClassesSchema, regulatoryClassSchema } from "./compliance.ts";
import { licenseExpirySchema } from "./documents.ts";
import { lowStockSchema } from "./stock.ts";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .transform((value) => value || null);

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `must be at most ${max} characters` });

/** Dollars as typed ("12", "12.5", "12.99") to integer cents; blank means none. */
const dollars = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    const text = String(value ?? "").trim();
    if (text === "") return null;
    // At most 7 digits of dollars, and no "$" or thousands commas, which the URL's prices allow.
    const cents = /^\d{1,7}(\.\d{1,2})?$/.test(text) ? parseDollarsToCents(text) : null;
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "must be an amount in dollars, such as 12.99" });
      return z.NEVER;
    }
    return cents;
  });

const wholeNumber = (min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const text = String(value ?? "").trim();
      if (text === "") return null;
      const number = Number(text);
      if (!/^\d+$/.test(text) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return number;
    });

/**
 * RegulatoryClasses as a form sends it: the field repeated (like GalleryImages) or one comma list,
 * checked with the shared regulatoryClassesSchema. A refusal is about the field as a whole, so the
 * form shows it beside the group. Left out: a new product gets the suggested classes and an edit
 * keeps its own (docs/decisions/039).
 */
const regulatoryClassesField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    const codes = [value]
      .flat()
      .flatMap((item) => item.split(","))
      .map((code) => code.trim())
      .filter(Boolean);
    const checked = regulatoryClassesSchema.safeParse(codes);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const bad = typeof issue?.path[0] === "number" ? codes[issue.path[0]] : undefined;
      const message =
        bad === undefined
          ? (issue?.message ?? "must be regulatory classes")
          : `must be regulatory classes (${REGULATORY_CLASSES.join(", ")}): "${bad.slice(0, 40)}" is not one`;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    if (checked.data.includes("GENERAL") && checked.data.length > 1) {
      ctx.addIssue({
        code: "custom",
        message: "General goods means none of the other classes: choose it alone, or untick it.",
      });
      return z.NEVER;
    }
    return checked.data;
  });

/**
 * The Create / Edit Product form (spec section 3) with its field names, as a multipart form
 * sends them: every value a string. Sku, Stock and Active are the shop's own additions.
 * Files (MainImage, GalleryImages) are checked by the route.
 */
export const productFormFieldsSchema = z.strictObject({
  ProductName: requiredText(PRODUCT_FORM_MESSAGES.name, 200),
  ProductType: requiredText(PRODUCT_FORM_MESSAGES.type, 60),
  Description: requiredText(PRODUCT_FORM_MESSAGES.description, 10_000),
  MasterCategoryId: requiredText(PRODUCT_FORM_MESSAGES.category, 64),
  FeatureProduct: formCheckbox,
  Brand: optionalText(100),
  StrainName: optionalText(100),
  StrainType: optionalText(60),
  Flavour: optionalText(100),
  FlavourGroup: optionalText(60),
  Size: optionalText(60),
  Weight: optionalText(60),
  Battery: optionalText(60),
  Liquid: optionalText(60),
  NicotineStrength: optionalText(60),
  NicotineStrengthDetail: optionalText(200),
  Puffs9000PerDevice: formCheckbox,
  Coil: optionalText(60),
  TypeCRechargeablePort: formCheckbox,
  Price: dollars,
  DistroPrice: dollars,
  SellingPricePCS: dollars,
  SellingPriceBox: dollars,
  PcsPerPack: wholeNumber(1, 10_000),
  PackPerBox: wholeNumber(1, 10_000),
  DeliveryAvailable: formCheckbox,
  InStoreStockAvailable: formCheckbox,
  Sku: optionalText(64),
  Stock: wholeNumber(0, PRODUCT_STOCK_MAX),
  Active: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === undefined || value === true || value === "true" || value === "on" || value === "1"),
  /**
   * On edit: the images to keep, in their new order, as image keys separated by commas; the
   * main image comes first. New files are added after them. Left out, every image is kept.
   */
  KeepImages: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : value.split(",").filter(Boolean))),
  RegulatoryClasses: regulatoryClassesField,
});
export type ProductFormFields = z.output<typeof productFormFieldsSchema>;

export const adminProductListQuerySchema = z.strictObject({
  q: staffListSearch(),
  category: z.string().max(64).optional(),
  active: z.enum(["all", "true", "false"], { error: "must be all, true or false" }).default("all"),
  stock: z.enum(["all", "in", "out"], { error: "must be all, in or out" }).default("all"),
  /** Only products with this regulatory class. */
  class: regulatoryClassSchema.optional(),
  sort: z.enum(adminProductSorts, { error: `must be one of ${adminProductSorts.join(", ")}` }).default("updated"),
  page: z.coerce
    .number({ error: "must be a whole number from 1 to 100000" })
    .int({ error: "must be a whole number from 1 to 100000" })
    .min(1, { error: "must be a whole number from 1 to 100000" })
    .max(100_000, { error: "must be a whole number from 1 to 100000" })
    .default(1),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

/** The CSV export: the list's search, filters and sort, every page. */
export const adminProductExportQuerySchema = adminProductListQuerySchema.omit({ page: true });

/** A product as staff see it in the list: with its wholesale price, stock and state. */
export const adminProductRowSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    name: z.string(),
    productType: z.string(),
    category: z.object({ id: z.string(), name: z.string() }),
    brand: z.string().nullable(),
    priceCents: z.int().nullable(),
    sellingPricePcsCents: z.int().nullable(),
    sellingPriceBoxCents: z.int().nullable(),
    stock: z.int(),
    active: z.boolean(),
    featured: z.boolean(),
    image: imageSchema.nullable(),
    regulatoryClasses: z.array(regulatoryClassSchema),
    notSellable: z
      .string()
      .nullable()
      .describe("Why a country-wide rule stops it being sold anywhere today (the first reason), or null"),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminProductRow" });
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductPageSchema = z
  .object({ items: z.array(adminProductRowSchema), total: z.int(), page: z.int(), pageSize: z.int() })
  .meta({ id: "AdminProductPage" });
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;

/** Everything the edit form needs, the spec's field names as keys of `fields` (prices in dollars as text). */
export const adminProductSchema = z
  .object({
    id: z.string(),
    Name: z.string().describe("The product's name: the spec's dashboard reads the create answer for it"),
    fields: z.record(z.string(), z.string()),
    images: z.array(imageSchema.extend({ key: z.string() })).describe("Main image first, then the gallery"),
    saleBans: z
      .array(z.object({ reason: z.string(), sourceUrl: z.string() }))
      .describe(
        "Country-wide rules that stop the product being sold anywhere today (such as the federal hemp limit), with their reasons and sources",
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "AdminProduct" });
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** The dashboard's first screen: how the shop stands, and what changed last. */
export const dashboardOverviewSchema = z
  .object({
    products: z.object({ total: z.int(), active: z.int(), outOfStock: z.int() }),
    categories: z.int(),
    activeBanners: z.int(),
    recentProducts: z.array(adminProductRowSchema),
    orders: z.object({
      today: z.int().min(0).describe("Orders placed since midnight (UTC)"),
      awaitingPayment: z.int().min(0),
      revenueLast30DaysCents: z.int().min(0).describe("Totals of the orders paid for, placed in the last 30 days"),
    }),
    lowStock: lowStockSchema,
    licenses: licenseExpirySchema.describe("Licenses among the documents that expire within 30 days or have expired"),
    staleRules: z.int().min(0).describe("Compliance rules not checked against their source for 90 days or more"),
    staleTaxRules: z.int().min(0).describe("Tax rules not checked against their source for 90 days or more"),
    unsentMail: z.object({
      count: z.int().min(0).describe("E-mails the mail server has not taken yet; they are retried"),
      oldest: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  })
  .meta({ id: "DashboardOverview" });
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const bulkProductActionSchema = z.strictObject({
  ids: z.array(z.string().min(1).max(64)).min(1, { error: "Select at least one product." }).max(100),
  action: z.enum(["activate", "deactivate", "delete"], { error: "must be activate, deactivate or delete" }),
});
export type BulkProductAction = z.infer<typeof bulkProductActionSchema>;

/**
 * A product CSV to import (docs/decisions/059): without `confirm`, checked and answered as a
 * preview; with the preview's `previewId` as `confirm`, applied whole, provided it still does
 * exactly what that preview showed.
 */
export const productImportSchema = z.strictObject({
  csv: z
    .string({ error: "Please choose a CSV file." })
    .min(1, { error: "The CSV file is empty." })
    .max(PRODUCT_IMPORT_MAX_BYTES, {
      error: `The CSV file is too large: at most ${megabytes(PRODUCT_IMPORT_MAX_BYTES)} MB.`,
    }),
  confirm: z.string().max(100).optional(),
});
export type ProductImport = z.infer<typeof productImportSchema>;

export const PRODUCT_IMPORT_ACTIONS = ["create", "update", "unchanged", "error"] as const;

const importCounts = z.object({ create: z.int(), update: z.int(), unchanged: z.int(), error: z.int() });

export const productImportResultSchema = z
  .object({
    applied: z.boolean().describe("Whether the rows were written (never when any row has a problem)"),
    changedSincePreview: z
      .boolean()
      .describe("An apply refused because the shop changed since the preview: this answer is the new preview"),
    previewId: z.string().describe("What this preview would do, as a fingerprint: send it as confirm to apply it"),
    counts: importCounts.describe("The file's rows, one a variant (a product's first row is its own variant)"),
    products: importCounts.describe(
      "The file's products (rows grouped by Handle): new, changed (itself or any of its variants), unchanged, with problems",
    ),
    rows: z
      .array(
        z.object({
          line: z.int().describe("The row's line in the file (the header is line 1)"),
          productLine: z
            .int()
            .describe("The line its product's rows start on: the product's row, or (without it in the file) its first"),
          kind: z
            .enum(["product", "variant"])
            .describe("The product's row (its fields and its own variant) or another variant's row"),
          action: z.enum(PRODUCT_IMPORT_ACTIONS),
          sku: z.string(),
          name: z.string().describe("The product's name (as the file gives it, or as it is)"),
          options: z.array(z.string()).describe("The variant's option values, in the options' order; empty without"),
          changes: z
            .array(z.object({ column: z.string(), before: z.string(), after: z.string() }))
            .describe("An update's changed columns, each value as the CSV writes it (long ones shortened)"),
          problems: z.array(z.object({ column: z.string(), message: z.string() })),
        }),
      )
      .describe(
        "Each product that is new, changes or has a problem, in file order: its first row, then its other rows that are new, change or have a problem; unchanged products are only counted",
      ),
  })
  .meta({ id: "ProductImportResult" });
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
