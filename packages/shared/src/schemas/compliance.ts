import { z } from "zod";
import {
  isNumberConditionAttribute,
  isNumberConditionOperator,
  REGULATORY_CLASSES,
  RULE_CONDITION_ATTRIBUTES,
  RULE_CONDITION_OPERATORS,
  RULE_EFFECTS,
  RULE_REQUIREMENTS,
  type RuleConditionNumberAttribute,
  ruleConditionFigureUnits,
} from "../constants/compliance.ts";
import { conditionThousandths } from "../rules/compliance.ts";
import { isoDateSchema } from "./accounts.ts";
import { US_STATE_CODES } from "./addresses.ts";
import { staffListPage, staffListSearch } from "./common.ts";

// No OpenAPI ids (`.meta({ id })`) here until a route answers with these: an id on a schema whose
// input and output differ (trimmed text) makes the OpenAPI document fail with a name collision.

const state = z.enum(US_STATE_CODES, { error: "Please choose a state." });
const name = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, { error: `Please enter the ${label}.` })
    .max(max, { error: `Please keep the ${label} under ${max} characters.` });

export const regulatoryClassSchema = z.enum(REGULATORY_CLASSES, { error: "Please choose a class." });

/** A product's classes: at least one (GENERAL when none of the others), each once. */
export const regulatoryClassesSchema = z
  .array(regulatoryClassSchema)
  .min(1, { error: "Please choose at least one regulatory class (General when none of the others applies)." })
  .refine((classes) => new Set(classes).size === classes.length, { error: "name each class once" });

/** Where a rule applies: the country, a state, a county or city of a state (by name), or a named ZIP set. */
export const jurisdictionSchema = z.discriminatedUnion(
  "level",
  [
    z.strictObject({ level: z.literal("country"), country: z.literal("US") }),
    z.strictObject({ level: z.literal("state"), country: z.literal("US"), state }),
    z.strictObject({
      level: z.literal("locality"),
      country: z.literal("US"),
      state,
      /** A county ("Jefferson County") or a city ("Denver"), matched without regard to case. */
      locality: name("county or city", 80),
    }),
    z.strictObject({
      level: z.literal("zip_set"),
      country: z.literal("US"),
      state,
      /** What the set stands for ("Town of Sarasota"). */
      name: name("name of the ZIP set", 80),
      zips: z
        .array(z.string().regex(/^\d{5}$/, { error: "must be 5-digit ZIP codes" }))
        .min(1, { error: "Please list at least one ZIP code." })
        .max(5000, { error: "A ZIP set may hold at most 5,000 codes." }),
    }),
  ],
  { error: "must be a country, state, locality or ZIP set" },
);
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;

/** What is wrong with a lab figure's number, in the figure's unit. */
function figureValueMessage(attribute: RuleConditionNumberAttribute): string {
  return ruleConditionFigureUnits[attribute] === "mg"
    ? "Please enter milligrams from 0 to 999.999 as a number, such as 0.4 (at most three decimals)."
    : "Please enter a percentage from 0 to 100 as a number, such as 0.3 (at most three decimals).";
}

/**
 * An optional test on a product attribute: the rule applies only to lines that pass it. Words are
 * compared with is / is not / contains / does not contain; a lab figure (total THC, delta-9 THC,
 * THC per container) with is above / is at most and a number in its unit (docs/decisions/047, 076).
 */
export const ruleConditionSchema = z
  .strictObject({
    attribute: z.enum(RULE_CONDITION_ATTRIBUTES, { error: "must be a product attribute rules may test" }),
    operator: z.enum(RULE_CONDITION_OPERATORS, {
      error: "must be is, is_not, contains, does_not_contain, is_above or is_at_most",
    }),
    value: name("value to compare with", 100),
  })
  .superRefine((condition, context) => {
    const figure = isNumberConditionAttribute(condition.attribute);
    if (figure !== isNumberConditionOperator(condition.operator)) {
      context.addIssue({
        code: "custom",
        path: ["operator"],
        message: figure
          ? "A lab figure is compared with “is above” or “is at most”."
          : "Words are compared with “is”, “is not”, “contains” or “does not contain”.",
      });
    }
    if (!isNumberConditionAttribute(condition.attribute)) return;
    // Read as the rules read it (at most three digits and three decimals); a percentage is at most 100.
    const thousandths = conditionThousandths(condition.value);
    const percent = ruleConditionFigureUnits[condition.attribute] === "%";
    if (thousandths === null || (percent && thousandths > 100_000)) {
      context.addIssue({ code: "custom", path: ["value"], message: figureValueMessage(condition.attribute) });
    }
  });
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

/** What staff type to create or change a rule (Settings > Compliance, or a row of the CSV import). */
export const complianceRuleInputSchema = z
  .strictObject({
    jurisdiction: jurisdictionSchema,
    regulatoryClass: regulatoryClassSchema,
    effect: z.enum(RULE_EFFECTS, { error: "must be allow, ban or restrict" }),
    /** The buyer's minimum age where the rule applies; the highest that applies wins. */
    minAge: z.int({ error: "must be a whole number of years" }).min(0).max(99).nullable(),
    requirements: z
      .array(z.enum(RULE_REQUIREMENTS, { error: "must be one of the shipping requirements" }))
      .refine((list) => new Set(list).size === list.length, { error: "name each requirement once" }),
    /** A statement the shipping documents must carry (Florida's for delta-8 delivery sales). */
    statement: z.string().trim().max(1000, { error: "Please keep the statement under 1,000 characters." }).nullable(),
    condition: ruleConditionSchema.nullable(),
    /** In force from the start of this day… */
    effectiveFrom: isoDateSchema,
    /** …to the end of this day; null while it has no end. */
    effectiveTo: isoDateSchema.nullable(),
    sourceUrl: z.url({ protocol: /^https?$/, error: "Please enter the source's web address (http or https)." }),
    sourceDate: isoDateSchema.nullable(),
    /** When staff last checked the rule against its source; 90 days on, it is stale. */
    lastCheckedOn: isoDateSchema,
    notes: z.string().trim().max(2000, { error: "Please keep the notes under 2,000 characters." }),
    /**
     * A ban that does not apply to a wholesale order whose buyer holds a valid licence for the state
     * (Maine, Nebraska: no delivery sales to consumers; docs/decisions/102). Left out: false.
     */
    exceptLicensed: z.boolean({ error: "must be true or false" }).default(false),
    /** Example data shipped with the demo: to be verified before a shop relies on it. */
    isExample: z.boolean(),
  })
  .refine((rule) => rule.effectiveTo === null || rule.effectiveTo >= rule.effectiveFrom, {
    path: ["effectiveTo"],
    error: "The end date cannot be before the start date.",
  });
export type ComplianceRuleInput = z.input<typeof complianceRuleInputSchema>;

/** A saved rule: its fields, an id, and a version that grows with each change (decisions name the version). */
export const complianceRuleSchema = z.object({
  id: z.string(),
  version: z.int().min(1),
  jurisdiction: jurisdictionSchema,
  regulatoryClass: regulatoryClassSchema,
  effect: z.enum(RULE_EFFECTS),
  minAge: z.int().nullable(),
  requirements: z.array(z.enum(RULE_REQUIREMENTS)),
  statement: z.string().nullable(),
  condition: ruleConditionSchema.nullable(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  sourceUrl: z.string(),
  sourceDate: z.string().nullable(),
  lastCheckedOn: z.string(),
  notes: z.string(),
  exceptLicensed: z.boolean().describe("A ban that does not apply to a licensed business's wholesale order"),
  isExample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ComplianceRule = z.infer<typeof complianceRuleSchema>;

// Settings > Compliance (docs/decisions/040): what the staff API answers, and its list's filters.
// The answers are plain (no trimming, no checks beyond the shape), so their input and output agree
// and they may carry OpenAPI ids.

/** A jurisdiction as the API answers it. */
export const jurisdictionOutputSchema = z.discriminatedUnion("level", [
  z.object({ level: z.literal("country"), country: z.literal("US") }),
  z.object({ level: z.literal("state"), country: z.literal("US"), state: z.enum(US_STATE_CODES) }),
  z.object({
    level: z.literal("locality"),
    country: z.literal("US"),
    state: z.enum(US_STATE_CODES),
    locality: z.string(),
  }),
  z.object({
    level: z.literal("zip_set"),
    country: z.literal("US"),
    state: z.enum(US_STATE_CODES),
    name: z.string(),
    zips: z.array(z.string()),
  }),
]);

/** A saved rule as the staff API answers it, with whether it is stale (not checked for 90 days). */
export const complianceRuleItemSchema = complianceRuleSchema
  .extend({
    jurisdiction: jurisdictionOutputSchema,
    condition: z
      .object({
        attribute: z.enum(RULE_CONDITION_ATTRIBUTES),
        operator: z.enum(RULE_CONDITION_OPERATORS),
        value: z.string(),
      })
      .nullable(),
    stale: z.boolean().describe("Not checked against its source for 90 days or more"),
  })
  .meta({ id: "ComplianceRule" });
export type ComplianceRuleItem = z.infer<typeof complianceRuleItemSchema>;

export const COMPLIANCE_RULES_PAGE_SIZE = 50;

/** The list's filters (the address of Settings > Compliance carries the same). */
export const complianceRuleQuerySchema = z.strictObject({
  state: state.optional().describe("Rules of this state (its own, its counties' and cities', its ZIP sets)"),
  class: regulatoryClassSchema.optional(),
  effect: z.enum(RULE_EFFECTS, { error: "must be allow, ban or restrict" }).optional(),
  stale: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .describe("true: only rules not checked for 90 days; false: only those checked since"),
  q: staffListSearch().describe("Words in the source address or the notes"),
  page: staffListPage(),
});
export type ComplianceRuleQuery = z.input<typeof complianceRuleQuerySchema>;

export const complianceRuleListSchema = z
  .object({
    items: z.array(complianceRuleItemSchema),
    total: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  })
  .meta({ id: "ComplianceRuleList" });
export type ComplianceRuleList = z.infer<typeof complianceRuleListSchema>;

/** A CSV file of rules to import: checked and shown row by row first (preview), then applied whole or not at all. */
export const complianceImportSchema = z.strictObject({
  csv: z
    .string({ error: "Please choose a CSV file." })
    .min(1, { error: "The CSV file is empty." })
    .max(900_000, { error: "The CSV file is too large: at most 900 KB." }),
  preview: z.boolean({ error: "must be true or false" }),
});

export const COMPLIANCE_IMPORT_ACTIONS = ["create", "update", "unchanged", "error"] as const;

export const complianceImportResultSchema = z
  .object({
    applied: z.boolean().describe("Whether the rows were written (never when any row has a problem)"),
    counts: z.object({ create: z.int(), update: z.int(), unchanged: z.int(), error: z.int() }),
    rows: z.array(
      z.object({
        row: z.int().describe("The row's line in the file (the header is line 1)"),
        action: z.enum(COMPLIANCE_IMPORT_ACTIONS),
        id: z.string().nullable().describe("The rule's id: the one named, or the new rule's once applied"),
        summary: z.string().describe("Which rule, in words"),
        changes: z.array(z.string()).describe("The columns an update changes"),
        problems: z.array(z.object({ column: z.string(), message: z.string() })),
      }),
    ),
  })
  .meta({ id: "ComplianceImportResult" });
export type ComplianceImportResult = z.infer<typeof complianceImportResultSchema>;
