import { type TaxRuleInput, type TaxRuleItem, taxRuleInputSchema } from "@shop/shared";
import type { TaxBasis, TaxWholesaleProvision } from "@shop/shared/constants";
import type { FieldError, Resolver } from "react-hook-form";
import { fieldProblemInWords } from "../../../lib/form-errors.ts";

/** Where a tax applies: never the whole country. */
export type TaxLevel = "state" | "locality" | "zip_set";

/** What the tax rule form holds: text for the inputs, the jurisdiction's fields side by side (the level picks which count). */
export interface TaxRuleFormValues {
  level: TaxLevel;
  state: string;
  locality: string;
  zipSetName: string;
  /** ZIP codes as typed: separated by spaces, commas or lines. */
  zips: string;
  name: string;
  regulatoryClass: string;
  nicotine: string;
  system: string;
  liquid: string;
  basis: TaxBasis;
  rate: string;
  /** "" until chosen; counts only for a per-millilitre tax. */
  mlRounding: string;
  afterDiscount: boolean;
  salesTaxOnTop: boolean;
  /** What the tax says of a sale to a licensed retailer (a wholesale order). */
  wholesale: TaxWholesaleProvision;
  effectiveFrom: string;
  effectiveTo: string;
  sourceUrl: string;
  sourceDate: string;
  lastCheckedOn: string;
  notes: string;
  isExample: boolean;
}
export type TaxRuleFormField = keyof TaxRuleFormValues;

export const taxFieldLabels: Record<TaxRuleFormField, string> = {
  level: "Applies in",
  state: "State",
  locality: "County or city",
  zipSetName: "Name of the ZIP set",
  zips: "ZIP codes",
  name: "Name",
  regulatoryClass: "Regulatory class",
  nicotine: "Nicotine",
  system: "Kind of device",
  liquid: "Liquid",
  basis: "Basis",
  rate: "Rate",
  mlRounding: "Part of a millilitre",
  afterDiscount: "Of the price after discounts",
  salesTaxOnTop: "Sales tax is charged on this tax too",
  wholesale: "Sales to licensed retailers",
  effectiveFrom: "Start date",
  effectiveTo: "End date",
  sourceUrl: "Source address",
  sourceDate: "Source date",
  lastCheckedOn: "Last checked",
  notes: "Notes",
  isExample: "Example data",
};

/** A rate as staff read it in the list: "$0.10 per ml", "$0.50 per unit", "12.5% of retail", "40% of wholesale". */
export function taxRateInWords(basis: TaxBasis, rate: string): string {
  switch (basis) {
    case "per_ml":
      return `$${rate} per ml`;
    case "per_unit":
      return `$${rate} per unit`;
    case "retail_percent":
      return `${rate}% of retail`;
    case "wholesale_percent":
      return `${rate}% of wholesale`;
  }
}

/** The form's first values: a saved tax rule's, or a new one's (a state's nicotine tax per ml, checked today). */
export function taxRuleFormValues(rule: TaxRuleItem | undefined, today: string): TaxRuleFormValues {
  const j = rule?.jurisdiction;
  return {
    level: j?.level === "locality" || j?.level === "zip_set" ? j.level : "state",
    state: j && j.level !== "country" ? j.state : "",
    locality: j?.level === "locality" ? j.locality : "",
    zipSetName: j?.level === "zip_set" ? j.name : "",
    zips: j?.level === "zip_set" ? j.zips.join(" ") : "",
    name: rule?.name ?? "",
    regulatoryClass: rule?.regulatoryClass ?? "ENDS",
    nicotine: rule?.nicotine ?? "any",
    system: rule?.system ?? "any",
    liquid: rule?.liquid ?? "any",
    basis: rule?.basis ?? "per_ml",
    rate: rule?.rate ?? "",
    mlRounding: rule?.mlRounding ?? "",
    afterDiscount: rule?.afterDiscount ?? false,
    salesTaxOnTop: rule?.salesTaxOnTop ?? false,
    wholesale: rule?.wholesale ?? "charged",
    effectiveFrom: rule?.effectiveFrom ?? today,
    effectiveTo: rule?.effectiveTo ?? "",
    sourceUrl: rule?.sourceUrl ?? "",
    sourceDate: rule?.sourceDate ?? "",
    lastCheckedOn: rule?.lastCheckedOn ?? today,
    notes: rule?.notes ?? "",
    isExample: rule?.isExample ?? false,
  };
}

const zipList = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The API's input from the form (the schema checks it). Millilitres count only for a per-ml tax,
 * so another basis sends none; a field the basis hides keeps its value, so saving unchanged
 * fields changes nothing.
 */
export function taxRuleInputOf(values: TaxRuleFormValues): TaxRuleInput {
  const country = "US" as const;
  const state = values.state as never;
  const jurisdiction =
    values.level === "state"
      ? { level: "state" as const, country, state }
      : values.level === "locality"
        ? { level: "locality" as const, country, state, locality: values.locality }
        : { level: "zip_set" as const, country, state, name: values.zipSetName, zips: zipList(values.zips) };
  return {
    jurisdiction,
    name: values.name,
    regulatoryClass: values.regulatoryClass as TaxRuleInput["regulatoryClass"],
    nicotine: values.nicotine as TaxRuleInput["nicotine"],
    system: values.system as TaxRuleInput["system"],
    liquid: values.liquid as TaxRuleInput["liquid"],
    basis: values.basis,
    rate: values.rate,
    mlRounding: values.basis === "per_ml" ? ((values.mlRounding || null) as TaxRuleInput["mlRounding"]) : null,
    afterDiscount: values.afterDiscount,
    salesTaxOnTop: values.salesTaxOnTop,
    wholesale: values.wholesale,
    effectiveFrom: values.effectiveFrom,
    effectiveTo: values.effectiveTo || null,
    sourceUrl: values.sourceUrl.trim(),
    sourceDate: values.sourceDate || null,
    lastCheckedOn: values.lastCheckedOn,
    notes: values.notes,
    isExample: values.isExample,
  };
}

/** Which form field a path of the API's schema (or of its 400's fields, "jurisdiction.zips.1") is about. */
export function taxFormFieldOf(path: readonly (string | number | symbol)[] | string): TaxRuleFormField {
  const [first, second] = (typeof path === "string" ? path.split(".") : path.map(String)) as string[];
  if (first === "jurisdiction") {
    if (second === "name") return "zipSetName";
    if (second === "state" || second === "locality" || second === "zips") return second;
    return "level";
  }
  return first && first in taxFieldLabels ? (first as TaxRuleFormField) : "name";
}

/** A problem in the form's words: a bad ZIP code is named ("“3423” is not a 5-digit ZIP code."). */
export function taxRuleProblem(
  path: readonly (string | number | symbol)[] | string,
  message: string,
  values: TaxRuleFormValues,
): [TaxRuleFormField, string] {
  const parts = typeof path === "string" ? path.split(".") : path.map(String);
  const field = taxFormFieldOf(parts);
  if (field === "zips" && parts[2] !== undefined && /^\d+$/.test(parts[2])) {
    const zip = zipList(values.zips)[Number(parts[2])];
    if (zip !== undefined) return [field, `“${zip}” is not a 5-digit ZIP code.`];
  }
  return [field, fieldProblemInWords(taxFieldLabels[field], message)];
}

/** The form's resolver: the API's own schema, its problems beside the form's fields, in the form's words. */
export const taxRuleResolver: Resolver<TaxRuleFormValues, unknown, TaxRuleInput> = async (values) => {
  const parsed = taxRuleInputSchema.safeParse(taxRuleInputOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Partial<Record<TaxRuleFormField, FieldError>> = {};
  for (const issue of parsed.error.issues) {
    const [field, message] = taxRuleProblem(issue.path, issue.message, values);
    errors[field] ??= { type: issue.code, message };
  }
  return { values: {}, errors };
};
