/**
 * The one place the web formats phone numbers, tax rates and counts with their nouns for people to
 * read. Dates, money and bare numbers have their one place in @shop/shared (formatDate, formatCents,
 * centsToDollars, parseDollarsToCents, formatCount), which the server's letters and the rules'
 * messages use too; pages import them from there.
 */

import { formatCount } from "@shop/shared/rules";

/** A stored 10-digit US phone number as people write it: (555) 123-4567; anything else as stored. */
export const formatPhone = (digits: string): string => digits.replace(/^(\d{3})(\d{3})(\d{4})$/, "($1) $2-$3");

/** A sales-tax rate in basis points as people write it: 625 → "6.25%", 800 → "8%". */
export function formatTaxRate(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** A count with its noun: "1 item", "1,234 items". */
export const countOf = (count: number, one: string, many: string): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** "1 item", "3 items". */
export const itemCount = (count: number): string => countOf(count, "item", "items");
