import { addDays, daysBetween, weekdayOf } from "./days.ts";

// The reports' date ranges (decision 055): UTC days written YYYY-MM-DD, both ends included.

export const REPORT_PRESETS = [
  "today",
  "last_7_days",
  "last_30_days",
  "this_month",
  "last_month",
  "this_year",
  "custom",
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const reportPresetLabels: Record<ReportPreset, string> = {
  today: "Today",
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
  this_month: "This month",
  last_month: "Last month",
  this_year: "This year",
  custom: "Custom",
};

export interface ReportRange {
  from: string;
  to: string;
}

/** How a range's figures are grouped over time: by day up to 31 days, by week up to 26 weeks, else by month. */
export type ReportBucket = "day" | "week" | "month";

/** The longest range a report covers (10 years of months stay a small chart). */
export const REPORT_MAX_DAYS = 3660;

/** Days from `from` to `to`, both included. */
export function daysInRange({ from, to }: ReportRange): number {
  return daysBetween(from, to) + 1;
}

/** The range a preset names, seen on `today` (UTC); null for custom. */
export function presetRange(preset: ReportPreset, today: string): ReportRange | null {
  const [year, month] = today.split("-") as [string, string];
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "last_7_days":
      return { from: addDays(today, -6), to: today };
    case "last_30_days":
      return { from: addDays(today, -29), to: today };
    case "this_month":
      return { from: `${year}-${month}-01`, to: today };
    case "last_month": {
      const firstOfThis = `${year}-${month}-01`;
      const lastOfPrevious = addDays(firstOfThis, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case "this_year":
      return { from: `${year}-01-01`, to: today };
    case "custom":
      return null;
  }
}

/** The preset a range is, seen on `today`, or custom. */
export function presetOf(range: ReportRange, today: string): ReportPreset {
  return (
    REPORT_PRESETS.find((preset) => {
      const named = presetRange(preset, today);
      return named !== null && named.from === range.from && named.to === range.to;
    }) ?? "custom"
  );
}

export function reportBucket(range: ReportRange): ReportBucket {
  const days = daysInRange(range);
  if (days <= 31) return "day";
  if (days <= 182) return "week";
  return "month";
}

/** The first day of the bucket `day` falls in: itself, its week's Monday, or its month's first. */
export function bucketStart(day: string, bucket: ReportBucket): string {
  if (bucket === "day") return day;
  if (bucket === "month") return `${day.slice(0, 7)}-01`;
  return addDays(day, -weekdayOf(day));
}

/** Every bucket a range touches, in order, by its first day. */
export function rangeBuckets(range: ReportRange, bucket: ReportBucket): string[] {
  const starts: string[] = [];
  let start = bucketStart(range.from, bucket);
  while (start <= range.to) {
    starts.push(start);
    start =
      bucket === "day"
        ? addDays(start, 1)
        : bucket === "week"
          ? addDays(start, 7)
          : bucketStart(addDays(start, 31), "month");
  }
  return starts;
}

/**
 * Figures per day summed into the range's buckets, every bucket present (zeros where nothing was
 * sold), so a chart's bars stand where their dates are.
 */
export function bucketSeries<T extends { day: string }, K extends Exclude<keyof T, "day">>(
  range: ReportRange,
  bucket: ReportBucket,
  days: readonly T[],
  keys: readonly K[],
): ({ start: string } & Record<K, number>)[] {
  const byStart = new Map(
    rangeBuckets(range, bucket).map((start) => [
      start,
      { start, ...Object.fromEntries(keys.map((key) => [key, 0])) } as { start: string } & Record<K, number>,
    ]),
  );
  for (const row of days) {
    const entry = byStart.get(bucketStart(row.day, bucket));
    if (!entry) continue;
    for (const key of keys) (entry as Record<K, number>)[key] += Number(row[key]);
  }
  return [...byStart.values()];
}
