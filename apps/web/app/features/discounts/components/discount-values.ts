import { type Discount, type DiscountInput, discountInputSchema } from "@shop/shared";
import { centsToDollars, type DiscountKind, parseDollarsToCents } from "@shop/shared/rules";
import type { FieldError, Resolver } from "react-hook-form";
import { fieldProblemInWords } from "../../../lib/form-errors.ts";

export type AppliesTo = "everything" | "categories" | "products";
export interface ChosenProduct {
  id: string;
  name: string;
  sku: string;
}

/** What the discount form holds: text for the inputs (dollars, not cents), the eligible goods as chosen. */
export interface DiscountFormValues {
  code: string;
  description: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  minimum: string;
  startsOn: string;
  endsOn: string;
  usageLimit: string;
  perBuyerLimit: string;
  active: boolean;
  appliesTo: AppliesTo;
  categoryIds: string[];
  products: ChosenProduct[];
}
export type DiscountFormField = keyof DiscountFormValues;

export const discountFieldLabels: Record<DiscountFormField, string> = {
  code: "Code",
  description: "Description",
  kind: "Type",
  percent: "Percentage off",
  amount: "Amount off",
  minimum: "Minimum purchase",
  startsOn: "Starts on",
  endsOn: "Ends on",
  usageLimit: "Total uses",
  perBuyerLimit: "Uses per buyer",
  active: "Active",
  appliesTo: "Applies to",
  categoryIds: "Categories",
  products: "Products",
};

const limitText = (limit: number | null | undefined) => (limit === null || limit === undefined ? "" : String(limit));

/** The form's first values: a saved code's, or a new one's (10 % off everything, active). */
export function discountFormValues(discount?: Discount): DiscountFormValues {
  const kind = discount?.kind ?? "percent";
  return {
    code: discount?.code ?? "",
    description: discount?.description ?? "",
    kind,
    percent: discount && kind === "percent" ? String(discount.value) : "10",
    amount: discount && kind === "fixed" ? centsToDollars(discount.value) : "",
    minimum: discount && discount.minSubtotalCents > 0 ? centsToDollars(discount.minSubtotalCents) : "",
    startsOn: discount?.startsOn ?? "",
    endsOn: discount?.endsOn ?? "",
    usageLimit: limitText(discount?.usageLimit),
    perBuyerLimit: limitText(discount?.perBuyerLimit),
    active: discount?.active ?? true,
    appliesTo: discount?.productIds.length ? "products" : discount?.categoryIds.length ? "categories" : "everything",
    categoryIds: discount?.categoryIds ?? [],
    products: discount?.products ?? [],
  };
}

/** A whole number typed, or the text itself for the schema to refuse; empty is no limit. */
const limitOf = (text: string) => {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return (/^\d+$/.test(trimmed) ? Number(trimmed) : trimmed) as number;
};

const DOLLARS = "Please enter an amount in dollars, such as 5 or 4.99.";

/** Money fields the schema cannot word well: checked here first, in dollars. */
function moneyProblems(values: DiscountFormValues): Partial<Record<DiscountFormField, string>> {
  const problems: Partial<Record<DiscountFormField, string>> = {};
  if (values.kind === "fixed" && parseDollarsToCents(values.amount) === null) problems.amount = DOLLARS;
  if (values.minimum.trim() !== "" && parseDollarsToCents(values.minimum) === null) problems.minimum = DOLLARS;
  if (values.appliesTo === "categories" && values.categoryIds.length === 0) {
    problems.categoryIds = "Please choose at least one category.";
  }
  if (values.appliesTo === "products" && values.products.length === 0) {
    problems.products = "Please add at least one product.";
  }
  return problems;
}

/** The API's input from the form (the schema checks it). */
export function discountInputOf(values: DiscountFormValues): DiscountInput {
  const percent = values.percent.trim();
  return {
    code: values.code,
    description: values.description,
    kind: values.kind,
    value:
      values.kind === "percent"
        ? ((/^\d+$/.test(percent) ? Number(percent) : percent) as number)
        : (parseDollarsToCents(values.amount) ?? 0),
    minSubtotalCents: values.minimum.trim() === "" ? 0 : (parseDollarsToCents(values.minimum) ?? 0),
    startsOn: values.startsOn || null,
    endsOn: values.endsOn || null,
    usageLimit: limitOf(values.usageLimit),
    perBuyerLimit: limitOf(values.perBuyerLimit),
    active: values.active,
    categoryIds: values.appliesTo === "categories" ? values.categoryIds : [],
    productIds: values.appliesTo === "products" ? values.products.map((product) => product.id) : [],
  };
}

/** Which form field a path of the API's schema (or its 400's fields) is about. */
export function discountFieldOf(path: string, values: Pick<DiscountFormValues, "kind">): DiscountFormField {
  const first = path.split(".")[0] ?? "";
  if (first === "value") return values.kind === "percent" ? "percent" : "amount";
  if (first === "minSubtotalCents") return "minimum";
  if (first === "productIds") return "products";
  return first in discountFieldLabels ? (first as DiscountFormField) : "code";
}

/** The form's resolver: the money checked in dollars, then the API's own schema, each problem beside its field. */
export const discountResolver: Resolver<DiscountFormValues, unknown, DiscountInput> = async (values) => {
  const errors: Partial<Record<DiscountFormField, FieldError>> = {};
  for (const [field, message] of Object.entries(moneyProblems(values))) {
    errors[field as DiscountFormField] = { type: "custom", message };
  }
  const parsed = discountInputSchema.safeParse(discountInputOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = discountFieldOf(issue.path.map(String).join("."), values);
      errors[field] ??= { type: issue.code, message: fieldProblemInWords(discountFieldLabels[field], issue.message) };
    }
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: parsed.data as DiscountInput, errors: {} };
};
