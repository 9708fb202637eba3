// The compliance domain's plain values: regulatory classes, what a
// jurisdiction rule can do and require, and when a rule is stale. Rules are data staff edit.

/** What a rule keys on: a product's regulatory classes, not its catalogue category (one product may carry several). */
export const REGULATORY_CLASSES = [
  "ENDS",
  "ENDS_ACCESSORY",
  "NICOTINE",
  "FLAVORED",
  "HEMP_INTOX",
  "HEMP_THCA_FLOWER",
  "HEMP_NONINTOX",
  "KRATOM",
  "ALK_7OH",
  "ALK_MP",
  "GENERAL",
] as const;
export type RegulatoryClass = (typeof REGULATORY_CLASSES)[number];

export const regulatoryClassLabels: Record<RegulatoryClass, string> = {
  ENDS: "Vape device or cartridge (ENDS)",
  ENDS_ACCESSORY: "Vape accessory",
  NICOTINE: "Contains nicotine",
  FLAVORED: "Flavoured (not tobacco)",
  HEMP_INTOX: "Intoxicating hemp",
  HEMP_THCA_FLOWER: "THCA / hemp flower",
  HEMP_NONINTOX: "Non-intoxicating hemp (CBD)",
  KRATOM: "Kratom",
  ALK_7OH: "7-OH (7-hydroxymitragynine)",
  ALK_MP: "Pseudo (mitragynine pseudoindoxyl)",
  GENERAL: "General goods",
};

/** allow: sold there (with any age or requirements it sets); ban: not sold there; restrict: sold with conditions. */
export const RULE_EFFECTS = ["allow", "ban", "restrict"] as const;
export type RuleEffect = (typeof RULE_EFFECTS)[number];

/**
 * What a rule may require of the sale and the shipment; requirements of all rules that apply add up.
 * verify_identity asks the identity check at checkout (docs/decisions/099); the others ask it of the delivery.
 */
export const RULE_REQUIREMENTS = [
  "adult_signature_21",
  "no_po_box",
  "no_military_address",
  "no_usps",
  "verify_identity",
] as const;
export type RuleRequirement = (typeof RULE_REQUIREMENTS)[number];

export const ruleRequirementLabels: Record<RuleRequirement, string> = {
  adult_signature_21: "Adult signature 21+ required",
  no_po_box: "No PO boxes",
  no_military_address: "No APO/FPO/DPO addresses",
  no_usps: "Not shipped with USPS",
  verify_identity: "Identity verified at checkout",
};

/**
 * Where a rule applies, from the widest: the whole country, a state, a county or city in a state
 * (by name), or a named set of ZIP codes.
 */
export const JURISDICTION_LEVELS = ["country", "state", "locality", "zip_set"] as const;
export type JurisdictionLevel = (typeof JURISDICTION_LEVELS)[number];

/** The product's words a rule's condition may test ("flavour is not tobacco"). */
export const RULE_CONDITION_TEXT_ATTRIBUTES = [
  "flavour",
  "flavourGroup",
  "productType",
  "brand",
  "nicotineStrength",
] as const;
export type RuleConditionTextAttribute = (typeof RULE_CONDITION_TEXT_ATTRIBUTES)[number];

/**
 * The lab figures a rule's condition may test, from the product's latest COA (by report date):
 * total THC (delta-9 + 0.877 × THCA) and delta-9 THC as a percentage by weight, and the THC of
 * every kind in one container in milligrams. A product with no COA, or whose COA did not report
 * the figure, has none (docs/decisions/047, 076).
 */
export const RULE_CONDITION_NUMBER_ATTRIBUTES = ["totalThc", "delta9Thc", "thcPerContainer"] as const;
export type RuleConditionNumberAttribute = (typeof RULE_CONDITION_NUMBER_ATTRIBUTES)[number];

/** The unit a lab figure is typed and shown in; both are kept in whole thousandths of it. */
export const ruleConditionFigureUnits: Record<RuleConditionNumberAttribute, "%" | "mg"> = {
  totalThc: "%",
  delta9Thc: "%",
  thcPerContainer: "mg",
};

/** Every attribute a rule's condition may test. */
export const RULE_CONDITION_ATTRIBUTES = [
  ...RULE_CONDITION_TEXT_ATTRIBUTES,
  ...RULE_CONDITION_NUMBER_ATTRIBUTES,
] as const;
export type RuleConditionAttribute = (typeof RULE_CONDITION_ATTRIBUTES)[number];

/** How a condition compares words: case-insensitively, after trimming; a missing attribute is "". */
export const RULE_CONDITION_TEXT_OPERATORS = ["is", "is_not", "contains", "does_not_contain"] as const;
/** How a condition compares a lab figure with a number (a percentage or milligrams); a missing figure always passes. */
export const RULE_CONDITION_NUMBER_OPERATORS = ["is_above", "is_at_most"] as const;
export const RULE_CONDITION_OPERATORS = [...RULE_CONDITION_TEXT_OPERATORS, ...RULE_CONDITION_NUMBER_OPERATORS] as const;
export type RuleConditionOperator = (typeof RULE_CONDITION_OPERATORS)[number];

/** Whether a condition attribute is a lab figure (compared as a number) rather than words. */
export const isNumberConditionAttribute = (attribute: string): attribute is RuleConditionNumberAttribute =>
  (RULE_CONDITION_NUMBER_ATTRIBUTES as readonly string[]).includes(attribute);

/** Whether an operator compares numbers ("is above") rather than words. */
export const isNumberConditionOperator = (operator: string): boolean =>
  (RULE_CONDITION_NUMBER_OPERATORS as readonly string[]).includes(operator);

/** A rule whose last check is older than this is stale: shown so on the list and the dashboard home. */
export const RULE_STALE_AFTER_DAYS = 90;

/**
 * Short words for a class in sentences a buyer reads ("Kratom is not sold to Alabama."); `plural`
 * picks the verb ("Vapes are …").
 */
export const regulatoryClassShortNames: Record<RegulatoryClass, { name: string; plural: boolean }> = {
  ENDS: { name: "Vapes", plural: true },
  ENDS_ACCESSORY: { name: "Vape accessories", plural: true },
  NICOTINE: { name: "Nicotine products", plural: true },
  FLAVORED: { name: "Flavoured vapes", plural: true },
  HEMP_INTOX: { name: "Intoxicating hemp", plural: false },
  HEMP_THCA_FLOWER: { name: "THCA flower", plural: false },
  HEMP_NONINTOX: { name: "CBD and other non-intoxicating hemp", plural: false },
  KRATOM: { name: "Kratom", plural: false },
  ALK_7OH: { name: "7-OH products", plural: true },
  ALK_MP: { name: "Pseudo (mitragynine pseudoindoxyl) products", plural: true },
  GENERAL: { name: "These goods", plural: true },
};

/** How a rule's condition reads in a sentence: "whose flavour is not “Tobacco”". */
export const ruleConditionAttributeWords: Record<RuleConditionAttribute, string> = {
  flavour: "flavour",
  flavourGroup: "flavour family",
  productType: "product type",
  brand: "brand",
  nicotineStrength: "nicotine strength",
  totalThc: "total THC (delta-9 + 0.877 × THCA)",
  delta9Thc: "delta-9 THC",
  thcPerContainer: "total THC per container",
};
export const ruleConditionOperatorWords: Record<RuleConditionOperator, string> = {
  is: "is",
  is_not: "is not",
  contains: "contains",
  does_not_contain: "does not contain",
  is_above: "is above",
  is_at_most: "is at most",
};
