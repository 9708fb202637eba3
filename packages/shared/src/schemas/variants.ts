import { z } from "zod";
import { PRICE_MAX_CENTS } from "../constants/catalog.ts";
import { PRODUCT_STOCK_MAX } from "../constants/products.ts";
import { VAPE_SYSTEMS } from "../constants/taxes.ts";
import { onSalePriceProblem } from "../rules/unit-price.ts";
import { productOptionSchema } from "./catalog.ts";
import { idSchema, imageSchema } from "./common.ts";

/** At most three options a product (Flavour, Nicotine strength, Size), as every peer allows. */
export const PRODUCT_OPTIONS_MAX = 3;
/** Values an option may have, and variants a product may have. */
export const OPTION_VALUES_MAX = 60;
export const PRODUCT_VARIANTS_MAX = 250;

const text = (what: string, max: number) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, { error: `must not be empty` })
    .max(max, { error: `must be at most ${max} characters` });
const price = z
  .int({ error: "must be a whole number of cents" })
  .min(0, { error: "must not be below $0.00" })
  .max(PRICE_MAX_CENTS, { error: "is too high" })
  .nullable();
const packCount = z
  .int({ error: "must be a whole number" })
  .min(1, { error: "must be at least 1" })
  .max(10_000, { error: "must be at most 10,000" })
  .nullable();
const thousandths = (max: number, words: string) =>
  z
    .int({ error: "must be a whole number of thousandths" })
    .min(0, { error: "must not be below 0" })
    .max(max, { error: `must be at most ${words}` })
    .nullable();
const sameText = (a: string, b: string) => a.toLocaleLowerCase("en-US") === b.toLocaleLowerCase("en-US");

/** One row of the variants grid as staff save it: its option values, SKU, prices, stock and state. */
export const variantInputSchema = z.strictObject({
  id: idSchema.optional().describe("An existing variant's id; left out, a new variant"),
  options: z.array(text("an option value", 60)).max(PRODUCT_OPTIONS_MAX).describe("One value of each option, in order"),
  sku: text("a SKU", 64),
  priceCents: price.describe("List price per piece"),
  distroPriceCents: price.describe("Wholesale price per piece (staff only)"),
  sellingPricePcsCents: price.describe("Our price per piece"),
  sellingPriceBoxCents: price.describe("Our price per box"),
  pcsPerPack: packCount,
  packPerBox: packCount,
  stock: z
    .int({ error: "must be a whole number" })
    .min(0, { error: "must not be below 0" })
    .max(PRODUCT_STOCK_MAX, { error: `must be at most ${PRODUCT_STOCK_MAX.toLocaleString("en-US")}` })
    .optional()
    .describe("The count to set, as an adjustment from the count now; left out, unchanged"),
  active: z.boolean({ error: "must be true or false" }),
  // What the excise taxes need (docs/decisions/096); null: read from the product's fields; left out, unchanged.
  liquidMl: thousandths(10_000_000, "10,000 ml")
    .optional()
    .describe("Liquid per piece in thousandths of a millilitre (10000 = 10 ml); null: the product's Liquid"),
  nicotineMgPerMl: thousandths(1_000_000, "1,000 mg/ml")
    .optional()
    .describe("Nicotine in thousandths of a mg/ml (50000 = 50 mg/ml); null: the product's nicotine strength"),
  vapeSystem: z
    .enum(VAPE_SYSTEMS, { error: "must be prefilled or open" })
    .nullable()
    .optional()
    .describe("Prefilled (closed) or open system; null: told by the product type"),
  wholesaleCostCents: price.optional().describe("Wholesale cost per piece for taxes on it; null: the DistroPrice"),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

const optionInputSchema = z.strictObject({
  name: text("an option name", 40),
  values: z
    .array(text("an option value", 60), { error: "must be a list of values" })
    .min(1, { error: "must hold at least one value" })
    .max(OPTION_VALUES_MAX, { error: `may hold at most ${OPTION_VALUES_MAX} values` }),
});

/**
 * A product's options and variants as staff save them at once (docs/decisions/093). Every
 * problem is named by its field (`options.0.values.2`, `variants.3.sku`) in words.
 */
export const productVariantsInputSchema = z
  .strictObject({
    options: z
      .array(optionInputSchema, { error: "must be a list of options" })
      .max(PRODUCT_OPTIONS_MAX, { error: `may hold at most ${PRODUCT_OPTIONS_MAX} options` }),
    variants: z
      .array(variantInputSchema, { error: "must be a list of variants" })
      .min(1, { error: "must hold at least one variant" })
      .max(PRODUCT_VARIANTS_MAX, { error: `may hold at most ${PRODUCT_VARIANTS_MAX} variants` }),
  })
  .superRefine(({ options, variants }, context) => {
    const problem = (path: (string | number)[], message: string) => context.addIssue({ code: "custom", path, message });
    options.forEach((option, index) => {
      if (options.slice(0, index).some((other) => sameText(other.name, option.name))) {
        problem(["options", index, "name"], `“${option.name}” is already an option`);
      }
      option.values.forEach((value, at) => {
        if (option.values.slice(0, at).some((other) => sameText(other, value))) {
          problem(["options", index, "values", at], `“${value}” is already a value of ${option.name}`);
        }
      });
    });
    if (options.length === 0 && variants.length > 1) {
      problem(["variants"], "A product without options has one variant: add an option (such as Flavour) first");
    }
    const combinations = new Map<string, number>();
    const skus = new Map<string, number>();
    variants.forEach((variant, index) => {
      if (variant.options.length !== options.length) {
        problem(
          ["variants", index, "options"],
          options.length === 0
            ? "must be empty: the product has no options"
            : `must give one value of each option (${options.map((option) => option.name).join(", ")})`,
        );
      } else {
        variant.options.forEach((value, at) => {
          const option = options[at];
          if (option && !option.values.some((known) => known === value)) {
            problem(["variants", index, "options", at], `“${value}” is not a value of ${option.name}`);
          }
        });
      }
      const combination = variant.options.map((value) => value.toLocaleLowerCase("en-US")).join("\u0000");
      const earlier = combinations.get(combination);
      if (earlier !== undefined) {
        problem(["variants", index, "options"], `is the same combination as variant ${earlier + 1}`);
      } else combinations.set(combination, index);
      const sku = variant.sku.toLocaleUpperCase("en-US");
      const sameSku = skus.get(sku);
      if (sameSku !== undefined) problem(["variants", index, "sku"], `is also the SKU of variant ${sameSku + 1}`);
      else skus.set(sku, index);
      if (variant.active) {
        const onSale = onSalePriceProblem(variant);
        if (onSale) {
          const field = onSale.field === "SellingPriceBox" ? "sellingPriceBoxCents" : "sellingPricePcsCents";
          problem(["variants", index, field], onSale.message.replace("the product", "this variant"));
        }
      }
    });
  });
export type ProductVariantsInput = z.input<typeof productVariantsInputSchema>;
export type ProductVariants = z.output<typeof productVariantsInputSchema>;

/** One variant as the staff's grid shows it: every field, the wholesale price and state included. */
export const adminVariantSchema = z
  .object({
    id: idSchema,
    own: z.boolean().describe("The product's own variant (its id is the product's): it cannot be removed"),
    options: z.array(z.string()),
    sku: z.string(),
    priceCents: z.int().nullable(),
    distroPriceCents: z.int().nullable(),
    sellingPricePcsCents: z.int().nullable(),
    sellingPriceBoxCents: z.int().nullable(),
    pcsPerPack: z.int().nullable(),
    packPerBox: z.int().nullable(),
    stock: z.int(),
    active: z.boolean(),
    image: imageSchema.nullable(),
    liquidMl: z.int().nullable().describe("Its own liquid per piece (thousandths of a ml); null: the product's"),
    nicotineMgPerMl: z.int().nullable().describe("Its own nicotine (thousandths of a mg/ml); null: the product's"),
    vapeSystem: z.enum(VAPE_SYSTEMS).nullable(),
    wholesaleCostCents: z.int().nullable().describe("Its own wholesale cost; null: the DistroPrice"),
  })
  .meta({ id: "AdminVariant" });
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminProductVariantsSchema = z
  .object({ options: z.array(productOptionSchema), variants: z.array(adminVariantSchema) })
  .meta({ id: "AdminProductVariants" });
export type AdminProductVariants = z.infer<typeof adminProductVariantsSchema>;
