import {
  daysInRange,
  formatCount,
  formatDate,
  isCalendarDay,
  presetRange,
  REPORT_MAX_DAYS,
  REPORT_PRESETS,
  type ReportPreset,
  type ReportRange,
} from "@shop/shared/rules";

const isDay = (value: string | null): value is string => value !== null && isCalendarDay(value);

/** The range a report page shows, from its address; the problem in words when a custom range is not one. */
export interface ChosenRange {
  preset: ReportPreset;
  /** The days asked for, or null while a custom range is incomplete or wrong. */
  range: ReportRange | null;
  /** The custom days as typed (for the date fields). */
  from: string;
  to: string;
  problem: { field: "from" | "to"; message: string } | null;
}

/** The reports open on the last 30 days. */
export const DEFAULT_PRESET: ReportPreset = "last_30_days";

/**
 * Reads ?range= (a preset) or ?from=&to= (a custom range, both UTC days, both included) against
 * `today` (UTC): a named preset wins; two days in order make a custom range; anything else falls
 * back to the last 30 days, except a custom range being typed, which says what is wrong.
 */
export function chooseRange(search: URLSearchParams, today: string): ChosenRange {
  const named = search.get("range") as ReportPreset | null;
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  if (named && named !== "custom" && REPORT_PRESETS.includes(named)) {
    const range = presetRange(named, today) as ReportRange;
    return { preset: named, range, ...range, problem: null };
  }
  if (named === "custom" || from || to) {
    if (!isDay(from))
      return { preset: "custom", range: null, from, to, problem: { field: "from", message: "Choose a start date." } };
    if (!isDay(to))
      return { preset: "custom", range: null, from, to, problem: { field: "to", message: "Choose an end date." } };
    if (from > to) {
      return {
        preset: "custom",
        range: null,
        from,
        to,
        problem: { field: "to", message: "The end date must be on or after the start date." },
      };
    }
    if (daysInRange({ from, to }) > REPORT_MAX_DAYS) {
      return {
        preset: "custom",
        range: null,
        from,
        to,
        problem: { field: "to", message: `A report covers at most ${formatCount(REPORT_MAX_DAYS)} days.` },
      };
    }
    return { preset: "custom", range: { from, to }, from, to, problem: null };
  }
  const range = presetRange(DEFAULT_PRESET, today) as ReportRange;
  return { preset: DEFAULT_PRESET, range, ...range, problem: null };
}

/** The address of a report page for a preset, or for custom days. */
export function rangeSearch(choice: { preset: ReportPreset; from?: string; to?: string }): string {
  if (choice.preset !== "custom") return choice.preset === DEFAULT_PRESET ? "" : `?range=${choice.preset}`;
  return `?${new URLSearchParams({ range: "custom", from: choice.from ?? "", to: choice.to ?? "" })}`;
}

/** "Nov 1 – Nov 24, 2026", or one day. */
export function rangeWords({ from, to }: ReportRange): string {
  if (from === to) return formatDate(from, "calendar");
  return `${formatDate(from, from.slice(0, 4) === to.slice(0, 4) ? "monthDay" : "calendar")} – ${formatDate(to, "calendar")}`;
}

/** A bucket's first day in words for the chart and its table: "Nov 24", "Week of Nov 17", "November 2026". */
export function bucketWords(start: string, bucket: "day" | "week" | "month"): string {
  if (bucket === "month") return formatDate(start, "month");
  const day = formatDate(start, "monthDay");
  return bucket === "week" ? `Week of ${day}` : day;
}
