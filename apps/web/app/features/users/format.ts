import type { User } from "@shop/shared";

export const fullName = (user: Pick<User, "firstName" | "lastName">): string =>
  `${user.firstName} ${user.lastName}`.trim();

// Dashboard data is loaded in the browser, so the viewer's own time zone is the one shown.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

const calendarDateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
/** A date without a time (YYYY-MM-DD, e.g. a date of birth): the same day in every time zone. */
export const formatCalendarDate = (date: string): string => calendarDateFormat.format(new Date(`${date}T00:00:00Z`));

/** US numbers are stored as 10 digits; anything else is shown as stored. */
export const formatPhone = (digits: string): string =>
  /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
