import { type ComplianceRuleInput, type ComplianceRuleItem, complianceRuleInputSchema } from "@shop/shared";
import type { JurisdictionLevel, RuleRequirement } from "@shop/shared/constants";
import type { FieldError, Resolver } from "react-hook-form";
import { fieldProblemInWords } from "../../../lib/form-errors.ts";

/** What the rule form holds: text for the inputs, the jurisdiction's fields side by side (the level picks which count). */
export interface RuleFormValues {
  level: JurisdictionLevel;
  state: string;
  locality: string;
  zipSetName: string;
  /** ZIP codes as typed: separated by spaces, commas or lines. */
  zips: string;
  regulatoryClass: string;
  effect: string;
  minAge: string;
  requirements: RuleRequirement[];
  statement: string;
  /** "" for no condition. */
  conditionAttribute: string;
  conditionOperator: string;
  conditionValue: string;
  effectiveFrom: string;
  effectiveTo: string;
  sourceUrl: string;
  sourceDate: string;
  lastCheckedOn: string;
  notes: string;
  /** A ban that spares a licensed business's wholesale order (Maine, Nebraska). */
  exceptLicensed: boolean;
  isExample: boolean;
}
export type RuleFormField = keyof RuleFormValues;

export const ruleFieldLabels: Record<RuleFormField, string> = {
  level: "Applies to",
  state: "State",
  locality: "County or city",
  zipSetName: "Name of the ZIP set",
  zips: "ZIP codes",
  regulatoryClass: "Regulatory class",
  effect: "Effect",
  minAge: "Minimum age",
  requirements: "Requirements",
  statement: "Statement for shipping documents",
  conditionAttribute: "Condition",
  conditionOperator: "Comparison",
  conditionValue: "Value",
  effectiveFrom: "Start date",
  effectiveTo: "End date",
  sourceUrl: "Source address",
  sourceDate: "Source date",
  lastCheckedOn: "Last checked",
  notes: "Notes",
  exceptLicensed: "Does not apply to licensed businesses",
  isExample: "Example data",
};

/** The form's first values: a saved rule's, or a new rule's (a state rule, checked today). */
export function ruleFormValues(rule: ComplianceRuleItem | undefined, today: string): RuleFormValues {
  const j = rule?.jurisdiction;
  return {
    level: j?.level ?? "state",
    state: j && j.level !== "country" ? j.state : "",
    locality: j?.level === "locality" ? j.locality : "",
    zipSetName: j?.level === "zip_set" ? j.name : "",
    zips: j?.level === "zip_set" ? j.zips.join(" ") : "",
    regulatoryClass: rule?.regulatoryClass ?? "",
    effect: rule?.effect ?? "ban",
    minAge: rule?.minAge === null || rule?.minAge === undefined ? "" : String(rule.minAge),
    requirements: rule?.requirements ?? [],
    statement: rule?.statement ?? "",
    conditionAttribute: rule?.condition?.attribute ?? "",
    conditionOperator: rule?.condition?.operator ?? "is_not",
    conditionValue: rule?.condition?.value ?? "",
    effectiveFrom: rule?.effectiveFrom ?? today,
    effectiveTo: rule?.effectiveTo ?? "",
    sourceUrl: rule?.sourceUrl ?? "",
    sourceDate: rule?.sourceDate ?? "",
    lastCheckedOn: rule?.lastCheckedOn ?? today,
    notes: rule?.notes ?? "",
    exceptLicensed: rule?.exceptLicensed ?? false,
    isExample: rule?.isExample ?? false,
  };
}

export const zipList = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The API's input from the form (the schema checks it; a minimum age that is not a number stays text to be refused). */
export function ruleInputOf(values: RuleFormValues): ComplianceRuleInput {
  const country = "US" as const;
  const state = values.state as never;
  const jurisdiction =
    values.level === "country"
      ? { level: "country" as const, country }
      : values.level === "state"
        ? { level: "state" as const, country, state }
        : values.level === "locality"
          ? { level: "locality" as const, country, state, locality: values.locality }
          : { level: "zip_set" as const, country, state, name: values.zipSetName, zips: zipList(values.zips) };
  const minAge = values.minAge.trim();
  return {
    jurisdiction,
    regulatoryClass: values.regulatoryClass as ComplianceRuleInput["regulatoryClass"],
    effect: values.effect as ComplianceRuleInput["effect"],
    minAge: (minAge === "" ? null : /^\d+$/.test(minAge) ? Number(minAge) : minAge) as number | null,
    requirements: values.requirements,
    statement: values.statement.trim() || null,
    condition: values.conditionAttribute
      ? ({
          attribute: values.conditionAttribute,
          operator: values.conditionOperator,
          value: values.conditionValue,
        } as ComplianceRuleInput["condition"])
      : null,
    effectiveFrom: values.effectiveFrom,
    effectiveTo: values.effectiveTo || null,
    sourceUrl: values.sourceUrl.trim(),
    sourceDate: values.sourceDate || null,
    lastCheckedOn: values.lastCheckedOn,
    notes: values.notes,
    exceptLicensed: values.exceptLicensed,
    isExample: values.isExample,
  };
}

/** Which form field a path of the API's schema (or of its 400's fields, "jurisdiction.zips.1") is about. */
export function formFieldOf(path: readonly (string | number | symbol)[] | string): RuleFormField {
  const [first, second] = (typeof path === "string" ? path.split(".") : path.map(String)) as string[];
  if (first === "jurisdiction") {
    if (second === "name") return "zipSetName";
    if (second === "state" || second === "locality" || second === "zips") return second;
    return "level";
  }
  if (first === "condition") {
    if (second === "operator") return "conditionOperator";
    if (second === "value") return "conditionValue";
    return "conditionAttribute";
  }
  return first && first in ruleFieldLabels ? (first as RuleFormField) : "level";
}

/** A problem in the form's words: a bad ZIP code is named ("“3423” is not a 5-digit ZIP code."). */
export function ruleProblem(
  path: readonly (string | number | symbol)[] | string,
  message: string,
  values: RuleFormValues,
): [RuleFormField, string] {
  const parts = typeof path === "string" ? path.split(".") : path.map(String);
  const field = formFieldOf(parts);
  if (field === "zips" && parts[2] !== undefined && /^\d+$/.test(parts[2])) {
    const zip = zipList(values.zips)[Number(parts[2])];
    if (zip !== undefined) return [field, `“${zip}” is not a 5-digit ZIP code.`];
  }
  return [field, fieldProblemInWords(ruleFieldLabels[field], message)];
}

/** The form's resolver: the API's own schema, its problems beside the form's fields, in the form's words. */
export const ruleResolver: Resolver<RuleFormValues, unknown, ComplianceRuleInput> = async (values) => {
  const parsed = complianceRuleInputSchema.safeParse(ruleInputOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Partial<Record<RuleFormField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const [field, message] = ruleProblem(issue.path, issue.message, values);
    errors[field] ??= { type: issue.code, message };
  }
  return { values: {}, errors };
};

/**
 * A rule in force `today` for the same place, class and effect as the form's, other than the one
 * being edited: saving would add a second one, which the form warns of first.
 */
export function ruleInForceAlike(
  values: RuleFormValues,
  rules: readonly ComplianceRuleItem[],
  today: string,
  editingId?: string,
): ComplianceRuleItem | undefined {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return rules.find((other) => {
    const j = other.jurisdiction;
    if (other.id === editingId || other.regulatoryClass !== values.regulatoryClass || other.effect !== values.effect) {
      return false;
    }
    if (other.effectiveFrom > today || (other.effectiveTo !== null && other.effectiveTo < today)) return false;
    if (j.level !== values.level) return false;
    if (j.level === "country") return true;
    if (j.state !== values.state) return false;
    if (j.level === "locality") return same(j.locality, values.locality);
    if (j.level === "zip_set") return same(j.name, values.zipSetName);
    return true;
  });
}
