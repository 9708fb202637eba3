import { z } from "zod";
import { REGULATORY_CLASSES } from "../constants/compliance.ts";
import {
  ML_ROUNDINGS,
  TAX_BASES,
  TAX_LIQUID_CONDITIONS,
  TAX_NICOTINE_CONDITIONS,
  TAX_SYSTEM_CONDITIONS,
} from "../constants/taxes.ts";
import { TAX_WHOLESALE_PROVISIONS } from "../constants/wholesale.ts";
import { taxRateUnits } from "../rules/excise.ts";
import { isoDateSchema } from "./accounts.ts";
import { staffListPage, staffListSearch } from "./common.ts";
import {
  complianceImportResultSchema,
  complianceImportSchema,
  jurisdictionOutputSchema,
  jurisdictionSchema,
  regulatoryClassSchema,
} from "./compliance.ts";

// Settings > Taxes (docs/decisions/096): excise-tax rules, kept like the compliance rules (versions,
// effective dates, source, last checked, Example marking, CSV). The answers are plain, so that their
// input and output agree and they may carry OpenAPI ids.

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, { error: `Please enter the ${label}.` })
    .max(max, { error: `Please keep the ${label} under ${max} characters.` });

/** What staff type to create or change a tax rule (Settings > Taxes, or a row of the CSV import). */
export const taxRuleInputSchema = z
  .strictObject({
    /** A state, a county or city, or a ZIP set: taxes are never country-wide here. */
    jurisdiction: jurisdictionSchema.refine((where) => where.level !== "country", {
      error: "A tax applies in a state, a county or city, or a set of ZIP codes.",
    }),
    /** What the buyer reads beside the amount: "Ohio vapor products tax". */
    name: text("tax's name", 80),
    regulatoryClass: regulatoryClassSchema,
    nicotine: z.enum(TAX_NICOTINE_CONDITIONS, { error: "must be any, nicotine or nicotine_free" }),
    system: z.enum(TAX_SYSTEM_CONDITIONS, { error: "must be any, prefilled or open" }),
    liquid: z.enum(TAX_LIQUID_CONDITIONS, { error: "must be any, with_liquid or without_liquid" }),
    basis: z.enum(TAX_BASES, { error: "must be per_ml, per_unit, retail_percent or wholesale_percent" }),
    /** Dollars per millilitre or unit ("0.10"), or a percentage ("12.5"), as the basis reads. */
    rate: z.string({ error: "Please enter the rate." }).trim(),
    /** How a per-millilitre tax counts part of a millilitre; null for the other bases. */
    mlRounding: z.enum(ML_ROUNDINGS, { error: "must be whole_ml_down or proportional" }).nullable(),
    /** A percentage of the retail price: of the price after the order's discount (true) or before it. */
    afterDiscount: z.boolean({ error: "must be true or false" }),
    /** Whether sales tax is charged on this tax too. */
    salesTaxOnTop: z.boolean({ error: "must be true or false" }),
    /**
     * Of a sale to a licensed retailer (a wholesale order; docs/decisions/102): charged as to anyone,
     * or exempt (a retail-level tax the retailer collects when it sells). Left out: charged.
     */
    wholesale: z.enum(TAX_WHOLESALE_PROVISIONS, { error: "must be charged or exempt" }).default("charged"),
    effectiveFrom: isoDateSchema,
    effectiveTo: isoDateSchema.nullable(),
    sourceUrl: z.url({ protocol: /^https?$/, error: "Please enter the source's web address (http or https)." }),
    sourceDate: isoDateSchema.nullable(),
    lastCheckedOn: isoDateSchema,
    notes: z.string().trim().max(2000, { error: "Please keep the notes under 2,000 characters." }),
    isExample: z.boolean(),
  })
  .superRefine((rule, context) => {
    if (taxRateUnits(rule.basis, rule.rate) === null) {
      context.addIssue({
        code: "custom",
        path: ["rate"],
        message:
          rule.basis === "per_ml" || rule.basis === "per_unit"
            ? "Please enter dollars from 0 to 999 as a number, such as 0.10 or 0.075 (at most five decimals)."
            : "Please enter a percentage from 0 to 1000 as a number, such as 12.5 (at most two decimals).",
      });
    }
    if ((rule.basis === "per_ml") !== (rule.mlRounding !== null)) {
      context.addIssue({
        code: "custom",
        path: ["mlRounding"],
        message:
          rule.basis === "per_ml"
            ? "Please choose how part of a millilitre is counted."
            : "Only a per-millilitre tax counts millilitres.",
      });
    }
    if (rule.effectiveTo !== null && rule.effectiveTo < rule.effectiveFrom) {
      context.addIssue({
        code: "custom",
        path: ["effectiveTo"],
        message: "The end date cannot be before the start date.",
      });
    }
  });
export type TaxRuleInput = z.input<typeof taxRuleInputSchema>;

/** A saved tax rule as the staff API answers it, with its version and whether it is stale. */
export const taxRuleItemSchema = z
  .object({
    id: z.string(),
    version: z.int().min(1),
    jurisdiction: jurisdictionOutputSchema,
    name: z.string(),
    regulatoryClass: z.enum(REGULATORY_CLASSES),
    nicotine: z.enum(TAX_NICOTINE_CONDITIONS),
    system: z.enum(TAX_SYSTEM_CONDITIONS),
    liquid: z.enum(TAX_LIQUID_CONDITIONS),
    basis: z.enum(TAX_BASES),
    rate: z.string().describe("Dollars per millilitre or unit, or a percentage, as the basis reads"),
    mlRounding: z.enum(ML_ROUNDINGS).nullable(),
    afterDiscount: z.boolean(),
    salesTaxOnTop: z.boolean(),
    wholesale: z.enum(TAX_WHOLESALE_PROVISIONS).describe("Whether a sale to a licensed retailer owes it"),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable(),
    sourceUrl: z.string(),
    sourceDate: z.string().nullable(),
    lastCheckedOn: z.string(),
    notes: z.string(),
    isExample: z.boolean(),
    stale: z.boolean().describe("Not checked against its source for 90 days or more"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "TaxRule" });
export type TaxRuleItem = z.infer<typeof taxRuleItemSchema>;

export const TAX_RULES_PAGE_SIZE = 50;

/** Settings > Taxes' filters (its address carries the same). */
export const taxRuleQuerySchema = z.strictObject({
  state: jurisdictionSchema.options[1].shape.state.optional().describe("Taxes of this state and its places"),
  class: regulatoryClassSchema.optional(),
  basis: z.enum(TAX_BASES, { error: "must be per_ml, per_unit, retail_percent or wholesale_percent" }).optional(),
  stale: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .describe("true: only taxes not checked for 90 days; false: only those checked since"),
  q: staffListSearch().describe("Words in the name, the source address or the notes"),
  page: staffListPage(),
});
export type TaxRuleQuery = z.input<typeof taxRuleQuerySchema>;

export const taxRuleListSchema = z
  .object({
    items: z.array(taxRuleItemSchema),
    total: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  })
  .meta({ id: "TaxRuleList" });
export type TaxRuleList = z.infer<typeof taxRuleListSchema>;

/** A CSV file of tax rules to import: the compliance rules' request, read the same way (docs/decisions/097). */
export const taxImportSchema = complianceImportSchema;

/** What a tax rules import does, row by row: the compliance rules' answer, under its own name. */
export const taxImportResultSchema = complianceImportResultSchema.meta({ id: "TaxImportResult" });
export type TaxImportResult = z.infer<typeof taxImportResultSchema>;
