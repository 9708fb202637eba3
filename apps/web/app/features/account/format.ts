/** A stored 10-digit US phone number as people write it: (555) 123-4567. */
export function formatPhone(digits: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

// A calendar date, not a moment: printed in UTC so the server and the browser print the same day.
const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A YYYY-MM-DD date in words: March 4, 1990. */
export function formatCalendarDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
