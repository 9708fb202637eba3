/**
 * Certificates of analysis. Cannabinoid results are kept as whole thousandths of
 * a percent by weight ("milli-percent": 284 = 0.284 %), alkaloids as whole micrograms per
 * serving, so that no floating point is stored (docs/decisions/016).
 */

import { addDays, dayOf, isCalendarDay } from "./days.ts";

/**
 * Total THC = delta-9 THC + 0.877 × THCA, in thousandths of a percent, rounded to the nearest
 * whole thousandth: THCA loses its carboxyl group when heated, and what remains is 0.877 of its
 * weight as delta-9 THC. Unknown (null) when either result is missing: a total that silently counts
 * an untested THCA as zero would understate it.
 */
export function totalThcMilliPercent(delta9: number | null, thca: number | null): number | null {
  if (delta9 === null || thca === null) return null;
  // 877 / 1000 in integers, so 0.877 × 1000 never drifts in floating point.
  return delta9 + Math.round((thca * 877) / 1000);
}

/** The day (YYYY-MM-DD) a report turns one year old; a report of 29 February turns on 1 March. */
export function coaFirstAnniversary(reportDate: string): string {
  const sameDay = `${String(Number(reportDate.slice(0, 4)) + 1).padStart(4, "0")}${reportDate.slice(4)}`;
  return isCalendarDay(sameDay) ? sameDay : addDays(sameDay.replace("-02-29", "-02-28"), 1);
}

/**
 * A COA is older than a year from the day after its first anniversary (UTC): a report dated
 * 2025-11-21 is still current on 2026-11-21 and out of date on 2026-11-22.
 */
export function coaIsOlderThanAYear(reportDate: string, now: Date): boolean {
  return dayOf(now) > coaFirstAnniversary(reportDate);
}

/**
 * Whole thousandths as a decimal is typed (284 → "0.284", 25310 → "25.31", 88000 → "88"): at most
 * three decimals, no trailing zeros; what parseThousandths reads back.
 */
export function formatThousandths(value: number): string {
  const whole = Math.trunc(value / 1000);
  const fraction = String(Math.abs(value % 1000))
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""}`;
}

/** "0.284 %", "25.31 %", "88 %": at most three decimals, no trailing zeros. */
export function formatMilliPercent(value: number): string {
  return `${formatThousandths(value)} %`;
}

/** Micrograms shown as milligrams: 15000 → "15 mg", 12500 → "12.5 mg", 380 → "0.38 mg". */
export function formatMicrogramsAsMg(value: number): string {
  return `${formatThousandths(value)} mg`;
}

/** Lot numbers are matched whatever their case and surrounding spaces: " hmh-vcs-2610a " is HMH-VCS-2610A. */
export function normalizeLotNumber(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * A decimal as typed ("0.284", "25", "12.5") to whole thousandths (284, 25000, 12500), without
 * floating point; null when it is not a plain number of at most three decimals.
 */
export function parseThousandths(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
}
