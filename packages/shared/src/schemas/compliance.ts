import { z } from "zod";
import { US_STATES, type UsState } from "../constants/addresses.ts";
import {
  REGULATORY_CLASSES,
  RULE_CONDITION_ATTRIBUTES,
  RULE_CONDITION_OPERATORS,
  RULE_EFFECTS,
  RULE_REQUIREMENTS,
} from "../constants/compliance.ts";
import { isoDateSchema } from "./accounts.ts";

// No OpenAPI ids (`.meta({ id })`) here until a route answers with these: an id on a schema whose
// input and output differ (trimmed text) makes the OpenAPI document fail with a name collision.

const stateCodes = Object.keys(US_STATES) as [UsState, ...UsState[]];
const state = z.enum(stateCodes, { error: "Please choose a state." });
const name = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, { error: `Please enter the ${label}.` })
    .max(max, { error: `Please keep the ${label} under ${max} characters.` });

export const regulatoryClassSchema = z.enum(REGULATORY_CLASSES, { error: "must be one of the regulatory classes" });

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

/** An optional test on a product attribute: the rule applies only to lines that pass it. */
export const ruleConditionSchema = z.strictObject({
  attribute: z.enum(RULE_CONDITION_ATTRIBUTES, { error: "must be a product attribute rules may test" }),
  operator: z.enum(RULE_CONDITION_OPERATORS, { error: "must be is, is_not, contains or does_not_contain" }),
  value: name("value to compare with", 100),
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
  isExample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ComplianceRule = z.infer<typeof complianceRuleSchema>;
