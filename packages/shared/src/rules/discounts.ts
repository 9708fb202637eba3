import { formatDate } from "./days.ts";
import { formatCents } from "./numbers.ts";

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** What a code gives and when it may be used (docs/decisions/057); `usedCount` counts orders not cancelled. */
export interface DiscountTerms {
  code: string;
  kind: DiscountKind;
  /** Percent off (1 to 100) or cents off. */
  value: number;
  minSubtotalCents: number;
  /** First and last day it may be used (UTC days, both included); null: no bound. */
  startsOn: string | null;
  endsOn: string | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  usedCount: number;
  active: boolean;
  /** What it applies to; both empty: everything. */
  productIds: readonly string[];
  categoryIds: readonly string[];
}

/** A priced cart line as a discount sees it. */
export interface DiscountLine {
  productId: string;
  categoryId: string;
  lineTotalCents: number;
}

/** Codes are typed in any case, with stray spaces: "save10 " is SAVE10. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export function lineEligible(terms: Pick<DiscountTerms, "productIds" | "categoryIds">, line: DiscountLine): boolean {
  if (terms.productIds.length === 0 && terms.categoryIds.length === 0) return true;
  return terms.productIds.includes(line.productId) || terms.categoryIds.includes(line.categoryId);
}

/** The goods a code applies to, in cents. */
export function eligibleSubtotalCents(
  terms: Pick<DiscountTerms, "productIds" | "categoryIds">,
  lines: readonly DiscountLine[],
): number {
  return lines.filter((line) => lineEligible(terms, line)).reduce((sum, line) => sum + line.lineTotalCents, 0);
}

/**
 * Why a code cannot be used on these lines today, in words a buyer reads; null when it can.
 * `buyerUses` is how many of the buyer's orders (not cancelled) used it; unknown (no buyer yet) skips that check.
 */
export function discountRefusal(
  typed: string,
  terms: DiscountTerms | null,
  lines: readonly DiscountLine[],
  today: string,
  buyerUses: number | null = null,
): string | null {
  const code = normalizeDiscountCode(typed);
  if (!terms) return `There is no discount code “${code}”. Please check how it is spelt.`;
  if (!terms.active) return `The code “${code}” is no longer active.`;
  if (terms.startsOn && today < terms.startsOn)
    return `The code “${code}” can be used from ${formatDate(terms.startsOn)}.`;
  if (terms.endsOn && today > terms.endsOn) return `The code “${code}” expired on ${formatDate(terms.endsOn)}.`;
  if (terms.usageLimit !== null && terms.usedCount >= terms.usageLimit) {
    return `The code “${code}” has been used as many times as it may be.`;
  }
  if (terms.perBuyerLimit !== null && buyerUses !== null && buyerUses >= terms.perBuyerLimit) {
    return terms.perBuyerLimit === 1
      ? `You have already used the code “${code}”.`
      : `You have already used the code “${code}” ${terms.perBuyerLimit} times, as many as it allows.`;
  }
  const eligible = eligibleSubtotalCents(terms, lines);
  if (eligible === 0) return `The code “${code}” does not apply to anything in your cart.`;
  if (eligible < terms.minSubtotalCents) {
    const what = terms.productIds.length + terms.categoryIds.length > 0 ? "of the goods it applies to" : "of goods";
    return `The code “${code}” needs ${formatCents(terms.minSubtotalCents)} ${what}; your cart has ${formatCents(eligible)}.`;
  }
  return null;
}

/** What a usable code takes off: a percentage of the eligible goods (rounded half up), or a fixed sum up to them. */
export function discountCents(
  terms: Pick<DiscountTerms, "kind" | "value" | "productIds" | "categoryIds">,
  lines: readonly DiscountLine[],
): number {
  const eligible = eligibleSubtotalCents(terms, lines);
  if (terms.kind === "percent") return Math.round((eligible * Math.min(terms.value, 100)) / 100);
  return Math.min(terms.value, eligible);
}

/** "10 % off" / "$5.00 off": what a code gives, in words. */
export function discountInWords(terms: Pick<DiscountTerms, "kind" | "value">): string {
  return terms.kind === "percent" ? `${terms.value} % off` : `${formatCents(terms.value)} off`;
}
