/**
 * The one place the web formats dates, phone numbers, tax rates and counts with their nouns for
 * people to read. Money and bare numbers have their one place in @shop/shared (formatCents,
 * centsToDollars, parseDollarsToCents, formatCount), which the server uses too; they are imported
 * from there rather than through here so that the storefront's shared chunk, which shows prices
 * and counts, does not carry the dashboard's date styles.
 *
 * Pages the server renders print dates in UTC, so that the server and the browser print the same
 * day (or hydration breaks). The dashboard loads its data in the browser and shows moments in the
 * viewer's own time zone.
 */

import { formatCount } from "@shop/shared/rules";

/**
 * The ways a date is shown. A calendar day (YYYY-MM-DD) is read as UTC midnight, so "long" and
 * "calendar" print the same day everywhere; "day" and "moment" are in the viewer's time zone.
 */
const dateStyles = {
  /** "March 4, 1990": calendar days, and the dates of pages the server renders. */
  long: { dateStyle: "long", timeZone: "UTC" },
  /** "Mar 4, 1990": a calendar day in a dashboard's detail. */
  calendar: { dateStyle: "medium", timeZone: "UTC" },
  /** "Mar 4": a calendar day whose year is said elsewhere (a report's range, a chart's day). */
  monthDay: { month: "short", day: "numeric", timeZone: "UTC" },
  /** "Mar 4, 2026": the day of a moment, in the viewer's time zone. */
  day: { dateStyle: "medium" },
  /** "Mar 4, 2026, 3:05 PM": a moment, in the viewer's time zone. */
  moment: { dateStyle: "medium", timeStyle: "short" },
  /** "March 2026": a calendar month (YYYY-MM-01), UTC. */
  month: { month: "long", year: "numeric", timeZone: "UTC" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A date (YYYY-MM-DD or an ISO moment) in US English words. */
export function formatDate(date: string, style: keyof typeof dateStyles = "long"): string {
  return new Intl.DateTimeFormat("en-US", dateStyles[style]).format(new Date(date));
}

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
