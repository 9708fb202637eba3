import { formatCents } from "@shop/shared/rules";

/** "SellingPricePCS" → "Selling price PCS", "min_age" → "Min age", "shippingFlatFeeCents" → "Shipping flat fee". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/Cents$/, "")
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(" ")
    .filter(Boolean)
    .map((word, index) => (/^[A-Z0-9]{2,}$/.test(word) ? word : index === 0 ? word : word.toLowerCase()));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A value as a person reads it: amounts in cents as dollars, yes and no, "(empty)" for nothing. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "number" && key.endsWith("Cents")) return formatCents(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (value === "true") return "Yes";
  if (value === "false") return "No";
  if (typeof value === "object") return JSON.stringify(value, null, 1).replace(/\s*\n\s*/g, " ");
  return String(value);
}

/** The fields an entry names, in the order they came, with both sides as words. */
export function changedRows(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { key: string; label: string; before: string | null; after: string | null }[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => ({
    key,
    label: fieldLabel(key),
    before: before ? valueText(key, before[key]) : null,
    after: after ? valueText(key, after[key]) : null,
  }));
}
