import { US_STATES, type UsState } from "../constants/addresses.ts";
import {
  isNumberConditionAttribute,
  JURISDICTION_LEVELS,
  type JurisdictionLevel,
  type RegulatoryClass,
  RULE_REQUIREMENTS,
  RULE_STALE_AFTER_DAYS,
  type RuleConditionNumberAttribute,
  type RuleConditionTextAttribute,
  type RuleEffect,
  type RuleRequirement,
  regulatoryClassShortNames,
  ruleConditionAttributeWords,
  ruleConditionFigureUnits,
  ruleConditionOperatorWords,
} from "../constants/compliance.ts";
import type { ComplianceRule, Jurisdiction, RuleCondition } from "../schemas/compliance.ts";
import { formatMicrogramsAsMg, formatMilliPercent } from "./coa.ts";
import { addDays, daysBetween } from "./days.ts";

/**
 * Evaluating jurisdiction rules (docs/decisions/038): which rules
 * apply to a line shipped to a destination on a day, and what they decide. Pure and zod-free, so
 * the product page, the cart, the checkout and the server all decide the same way.
 */

/** Where a line goes, as far as rules care: the state, and the city, county and ZIP when known. */
export interface ComplianceDestination {
  state: UsState;
  city?: string | null;
  county?: string | null;
  zip?: string | null;
  /**
   * A wholesale order whose buyer holds a valid licence for the state (docs/decisions/102): a ban
   * marked exceptLicensed does not apply to it. Left out: a retail order.
   */
  licensed?: boolean;
}

/**
 * The attributes a condition tests: the product's words, and the lab figures of its latest COA in
 * whole thousandths of their unit, as COAs store them: thousandths of a percent by weight (24_860
 * is 24.86 %), micrograms for the THC per container (380 is 0.38 mg). A figure that is missing or
 * null is not known: no COA, or not reported.
 */
export type ComplianceAttributes = Partial<Record<RuleConditionTextAttribute, string | null>> &
  Partial<Record<RuleConditionNumberAttribute, number | null>>;

/** What rules look at on a line: its regulatory classes and the attributes conditions test. */
export interface ComplianceLine {
  classes: readonly RegulatoryClass[];
  attributes: ComplianceAttributes;
}

/** The rule fields evaluation reads (a saved ComplianceRule has them all). */
export type EvaluatedRule = Pick<
  ComplianceRule,
  | "id"
  | "version"
  | "jurisdiction"
  | "regulatoryClass"
  | "effect"
  | "minAge"
  | "requirements"
  | "statement"
  | "condition"
  | "effectiveFrom"
  | "effectiveTo"
  | "sourceUrl"
> &
  Partial<Pick<ComplianceRule, "exceptLicensed">>;

export interface AppliedRule {
  ruleId: string;
  version: number;
  effect: RuleEffect;
  level: JurisdictionLevel;
}

export interface RuleBan {
  ruleId: string;
  version: number;
  /** Words a buyer reads: "Kratom is not sold to Alabama." */
  reason: string;
  sourceUrl: string;
}

export interface LineDecision {
  outcome: "allowed" | "banned";
  /** The highest minimum age of the applied allow and restrict rules; null when none sets one. */
  minAge: number | null;
  /** Of the applied allow and restrict rules, each once, in RULE_REQUIREMENTS order. */
  requirements: RuleRequirement[];
  /** The shipping-document statements of the applied allow and restrict rules, each once. */
  statements: string[];
  /** Every rule that applied (bans too), along the chain US → state → locality → ZIP set. */
  applied: AppliedRule[];
  bans: RuleBan[];
}

export interface OrderComplianceDecision {
  /** One decision per line, in the lines' order. */
  lines: LineDecision[];
  /** Banned when any line is. */
  outcome: "allowed" | "banned";
  /** The order's purchase age: the highest minimum age of its lines, or null. */
  minAge: number | null;
  requirements: RuleRequirement[];
  statements: string[];
}

/** In force from the start of effectiveFrom to the end of effectiveTo (both YYYY-MM-DD, both inclusive; null = open). */
export function ruleInForce(rule: Pick<ComplianceRule, "effectiveFrom" | "effectiveTo">, on: string): boolean {
  return rule.effectiveFrom <= on && (rule.effectiveTo === null || on <= rule.effectiveTo);
}

/**
 * Stale when not checked for RULE_STALE_AFTER_DAYS days: checked 89 days before today is still
 * fresh, 90 days before today is stale (the "not checked for 90 days").
 */
export function ruleIsStale(rule: Pick<ComplianceRule, "lastCheckedOn">, today: string): boolean {
  return daysBetween(rule.lastCheckedOn, today) >= RULE_STALE_AFTER_DAYS;
}

/**
 * The latest check date that is stale today (today − RULE_STALE_AFTER_DAYS days), for a query's
 * `last_checked_on <= …`: it agrees with ruleIsStale on every day.
 */
export function ruleStaleCheckedOnOrBefore(today: string): string {
  return addDays(today, -RULE_STALE_AFTER_DAYS);
}

/** A place name for comparing: lower case, no full stops, single spaces ("St.  Louis " → "st louis"). */
export function normalizeLocality(name: string): string {
  return name.toLowerCase().replace(/\./g, " ").replace(/\s+/g, " ").trim();
}

/**
 * Whether a jurisdiction takes in the destination. The country takes in every destination; a
 * state, a locality and a ZIP set only destinations in their state. A locality matches the city or
 * the county by name (normalizeLocality); a county given without the word ("Jefferson") is read
 * as "Jefferson County", but a city never matches a rule naming a county. A ZIP set matches the
 * first five characters of the ZIP when they are digits ("35203-1234" → "35203").
 */
export function jurisdictionCovers(jurisdiction: Jurisdiction, destination: ComplianceDestination): boolean {
  if (jurisdiction.level === "country") return true;
  if (jurisdiction.state !== destination.state) return false;
  switch (jurisdiction.level) {
    case "state":
      return true;
    case "locality": {
      const wanted = normalizeLocality(jurisdiction.locality);
      if (wanted === "") return false;
      const city = destination.city ? normalizeLocality(destination.city) : "";
      const county = destination.county ? normalizeLocality(destination.county) : "";
      return city === wanted || (county !== "" && (county === wanted || `${county} county` === wanted));
    }
    case "zip_set": {
      const zip = /^\d{5}/.exec(destination.zip?.trim() ?? "")?.[0];
      return zip !== undefined && jurisdiction.zips.includes(zip);
    }
  }
}

/** A condition's number ("0.3" %, "0.4" mg) in thousandths of its unit (300, 400); null when it is not one. */
export function conditionThousandths(value: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
}

/**
 * Whether a line passes a rule's condition. Words compare case-insensitively after trimming, a
 * missing one being "". A lab figure compares with the condition's number in whole thousandths of
 * its unit (no rounding drift): "is above 0.3" holds for 0.301 %, not for 0.3 %. A figure the line does not
 * have (no COA, not tested) passes every figure condition, as does a condition that cannot be read:
 * rules only ever ban or add an age or a requirement, so a fact nobody knows counts on the safe side.
 */
export function conditionHolds(condition: RuleCondition, attributes: ComplianceAttributes): boolean {
  if (isNumberConditionAttribute(condition.attribute)) {
    const actual = attributes[condition.attribute];
    const limit = conditionThousandths(condition.value);
    if (actual === null || actual === undefined || limit === null) return true;
    if (condition.operator === "is_above") return actual > limit;
    if (condition.operator === "is_at_most") return actual <= limit;
    return true;
  }
  const actual = (attributes[condition.attribute] ?? "").trim().toLowerCase();
  const value = condition.value.trim().toLowerCase();
  switch (condition.operator) {
    case "is":
      return actual === value;
    case "is_not":
      return actual !== value;
    case "contains":
      return actual.includes(value);
    case "does_not_contain":
      return !actual.includes(value);
    default:
      return true;
  }
}

/**
 * Whether a rule speaks to the line on the day, wherever it applies: in force, of one of the
 * line's classes, and its condition (if any) holding for the line's attributes.
 */
export function ruleHoldsFor(rule: EvaluatedRule, line: ComplianceLine, on: string): boolean {
  return (
    ruleInForce(rule, on) &&
    line.classes.includes(rule.regulatoryClass) &&
    (rule.condition === null || conditionHolds(rule.condition, line.attributes))
  );
}

/**
 * Whether a rule applies to the line at the destination on the day; a ban that spares licensed
 * businesses does not apply to a licensed wholesale buyer's order.
 */
export function ruleApplies(
  rule: EvaluatedRule,
  line: ComplianceLine,
  destination: ComplianceDestination,
  on: string,
): boolean {
  if (rule.effect === "ban" && rule.exceptLicensed && destination.licensed) return false;
  return ruleHoldsFor(rule, line, on) && jurisdictionCovers(rule.jurisdiction, destination);
}

/** A ban rule as the pages show it: the rule and version, the reason in words (banReason's) and its source. */
export function ruleBan(rule: EvaluatedRule, line?: Pick<ComplianceLine, "attributes">): RuleBan {
  return {
    ruleId: rule.id,
    version: rule.version,
    reason: banReason(rule, line),
    sourceUrl: rule.sourceUrl,
  };
}

function placeWords(jurisdiction: Jurisdiction): string {
  switch (jurisdiction.level) {
    case "country":
      return "anywhere in the United States";
    case "state":
      return `to ${US_STATES[jurisdiction.state]}`;
    case "locality":
      return `to ${jurisdiction.locality.trim()}, ${jurisdiction.state}`;
    case "zip_set":
      return `to ZIP codes of ${jurisdiction.name.trim()}, ${jurisdiction.state}`;
  }
}

/** Where a rule applies, for staff: "United States", "Alabama", "Denver, Colorado", "Town of X (3 ZIP codes), Florida". */
export function whereInWords(j: Jurisdiction): string {
  if (j.level === "country") return "United States";
  const state = US_STATES[j.state];
  if (j.level === "state") return state;
  if (j.level === "locality") return `${j.locality}, ${state}`;
  return `${j.name} (${j.zips.length} ZIP code${j.zips.length === 1 ? "" : "s"}), ${state}`;
}

const figureShortWords: Record<RuleConditionNumberAttribute, string> = {
  totalThc: "total THC",
  delta9Thc: "delta-9 THC",
  thcPerContainer: "total THC per container",
};

/** A lab figure in its unit, from whole thousandths: "24.86 %", "0.38 mg". */
function formatFigure(attribute: RuleConditionNumberAttribute, thousandths: number): string {
  return ruleConditionFigureUnits[attribute] === "mg"
    ? formatMicrogramsAsMg(thousandths)
    : formatMilliPercent(thousandths);
}

/**
 * A ban in words a buyer reads: "Kratom is not sold to Alabama.", "Vapes whose flavour is not
 * “Tobacco” are not sold to Massachusetts.", "Kratom is not sold to ZIP codes of Sarasota, FL."
 * A lab-figure condition reads with its percentage, and, given the line, opens with what the
 * product's latest COA shows or that it has none: "Its latest lab result (COA) shows 24.86 % total
 * THC (delta-9 + 0.877 × THCA). THCA flower whose total THC (…) is above 0.3 % is not sold
 * anywhere in the United States."
 */
export function banReason(
  rule: Pick<EvaluatedRule, "regulatoryClass" | "jurisdiction" | "condition">,
  line?: Pick<ComplianceLine, "attributes">,
): string {
  const { name, plural } = regulatoryClassShortNames[rule.regulatoryClass];
  const { condition } = rule;
  const figure = condition !== null && isNumberConditionAttribute(condition.attribute) ? condition.attribute : null;
  const value = condition
    ? figure
      ? `${condition.value.trim()} ${ruleConditionFigureUnits[figure]}`
      : `“${condition.value.trim()}”`
    : "";
  const words = condition
    ? ` whose ${ruleConditionAttributeWords[condition.attribute]} ${ruleConditionOperatorWords[condition.operator]} ${value}`
    : "";
  const ban = `${name}${words} ${plural ? "are" : "is"} not sold ${placeWords(rule.jurisdiction)}.`;
  if (figure === null || line === undefined) return ban;
  const actual = line.attributes[figure];
  const what = figureShortWords[figure];
  const shown =
    actual === null || actual === undefined
      ? `It has no lab result (COA) showing its ${what}, so it counts as over the limit.`
      : `Its latest lab result (COA) shows ${formatFigure(figure, actual)} ${what}.`;
  return `${shown} ${ban}`;
}

/**
 * The country-wide bans on a line on a day (YYYY-MM-DD): what stops it being sold anywhere, such
 * as the federal hemp limit, for staff screens that have no buyer's address to evaluate against.
 */
export function nationwideBans(line: ComplianceLine, rules: readonly EvaluatedRule[], on: string): RuleBan[] {
  return rules
    .filter((rule) => rule.effect === "ban" && rule.jurisdiction.level === "country" && ruleHoldsFor(rule, line, on))
    .map((rule) => ruleBan(rule, line));
}

function inRequirementOrder(requirements: Iterable<RuleRequirement>): RuleRequirement[] {
  const present = new Set(requirements);
  return RULE_REQUIREMENTS.filter((requirement) => present.has(requirement));
}

function highest(ages: Iterable<number | null>): number | null {
  let result: number | null = null;
  for (const age of ages) if (age !== null && (result === null || age > result)) result = age;
  return result;
}

function unique(texts: Iterable<string>): string[] {
  return [...new Set(texts)];
}

/**
 * What the rules decide for one line shipped to a destination on a day (YYYY-MM-DD). The rules
 * that apply are taken along the chain (US → state → locality → ZIP set; rules of one level in the
 * order given). Any ban wins. The minimum age is the highest that the applied allow and restrict
 * rules set, and their requirements and statements add up; a ban's own age, requirements and
 * statement are moot (nobody may buy), but a banned line still reports what the others set.
 */
export function evaluateLine(
  line: ComplianceLine,
  destination: ComplianceDestination,
  rules: readonly EvaluatedRule[],
  on: string,
): LineDecision {
  const rank = (rule: EvaluatedRule) => JURISDICTION_LEVELS.indexOf(rule.jurisdiction.level);
  const applying = rules.filter((rule) => ruleApplies(rule, line, destination, on)).sort((a, b) => rank(a) - rank(b)); // Array.prototype.sort is stable: ties keep the given order
  const bans = applying.filter((rule) => rule.effect === "ban");
  const permitting = applying.filter((rule) => rule.effect !== "ban");
  return {
    outcome: bans.length > 0 ? "banned" : "allowed",
    minAge: highest(permitting.map((rule) => rule.minAge)),
    requirements: inRequirementOrder(permitting.flatMap((rule) => rule.requirements)),
    statements: unique(
      permitting.flatMap((rule) => {
        const statement = rule.statement?.trim();
        return statement ? [statement] : [];
      }),
    ),
    applied: applying.map((rule) => ({
      ruleId: rule.id,
      version: rule.version,
      effect: rule.effect,
      level: rule.jurisdiction.level,
    })),
    bans: bans.map((rule) => ruleBan(rule, line)),
  };
}

/**
 * Every line's decision and the order's: banned when any line is, the purchase age is the highest
 * of the lines' minimum ages, and requirements and statements add up over the lines. The server
 * decides with this at checkout.
 */
export function evaluateOrder(
  lines: readonly ComplianceLine[],
  destination: ComplianceDestination,
  rules: readonly EvaluatedRule[],
  on: string,
): OrderComplianceDecision {
  const decisions = lines.map((line) => evaluateLine(line, destination, rules, on));
  return {
    lines: decisions,
    outcome: decisions.some((decision) => decision.outcome === "banned") ? "banned" : "allowed",
    minAge: highest(decisions.map((decision) => decision.minAge)),
    requirements: inRequirementOrder(decisions.flatMap((decision) => decision.requirements)),
    statements: unique(decisions.flatMap((decision) => decision.statements)),
  };
}
