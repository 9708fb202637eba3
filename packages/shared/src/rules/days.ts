// Calendar days as the shop writes them: YYYY-MM-DD, in UTC (localDayOf alone reads the viewer's
// calendar). One module for the whole shop, so that "today", a day's arithmetic and what counts as
// a day agree on the server and in the browser (decision 069).

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** The UTC day an instant falls on. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The day an instant falls on in the viewer's own calendar (the browser's time zone): what a person
 * filling in a form calls today, as a date field's starting value.
 */
export function localDayOf(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The UTC day `days` after a day (before it, for a negative number). */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(msOf(day) + days * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((msOf(to) - msOf(from)) / DAY_MS);
}

/** Whether a text is a day that exists, written YYYY-MM-DD (2026-02-29 is not one). */
export function isCalendarDay(text: string): boolean {
  if (!CALENDAR_DAY.test(text)) return false;
  const at = msOf(text);
  return !Number.isNaN(at) && dayOf(new Date(at)) === text;
}

/** The weekday of a day, Monday 0 to Sunday 6. */
export function weekdayOf(day: string): number {
  return (new Date(msOf(day)).getUTCDay() + 6) % 7;
}

/**
 * The ways a date is shown to people: on the pages, in letters and in the rules' messages.
 * Pages the server renders print dates in UTC, so that the server and the browser print the same
 * day (or hydration breaks). The dashboard loads its data in the browser and shows moments in the
 * viewer's own time zone. A calendar day (YYYY-MM-DD) is read as UTC midnight, so "long" and
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
  /** "March 4, 2026 at 3:05 PM": a moment in UTC, for letters whoever reads them where (add "UTC"). */
  utcMoment: { dateStyle: "long", timeStyle: "short", timeZone: "UTC" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** One formatter per style, made on first use: making one takes longer than formatting a date. */
const dateFormats = new Map<keyof typeof dateStyles, Intl.DateTimeFormat>();

/** A date (YYYY-MM-DD or an ISO moment) in US English words. */
export function formatDate(date: string, style: keyof typeof dateStyles = "long"): string {
  let format = dateFormats.get(style);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", dateStyles[style]);
    dateFormats.set(style, format);
  }
  return format.format(new Date(date));
}
