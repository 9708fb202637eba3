import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayOf, daysBetween, formatDate, isCalendarDay, localDayOf, weekdayOf } from "./days.ts";

describe("days", () => {
  it("takes an instant's day in UTC, whatever the hour", () => {
    expect(dayOf(new Date("2026-11-24T23:59:59.999Z"))).toBe("2026-11-24");
    expect(dayOf(new Date("2026-11-25T00:00:00.000Z"))).toBe("2026-11-25");
    expect(dayOf(new Date("2026-11-24T20:00:00-05:00"))).toBe("2026-11-25");
  });

  it("takes an instant's day in the viewer's calendar too", () => {
    const evening = new Date(2026, 10, 24, 23, 30);
    expect(localDayOf(evening)).toBe("2026-11-24");
    expect(localDayOf(new Date(2026, 0, 5, 0, 0))).toBe("2026-01-05");
  });

  it("adds and takes away days across months, years and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 30)).toBe("2027-01-30");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("counts the days between two days, and adding them back gives the later day", () => {
    expect(daysBetween("2026-11-24", "2026-11-24")).toBe(0);
    expect(daysBetween("2026-02-01", "2026-03-01")).toBe(28);
    expect(daysBetween("2026-03-01", "2026-02-01")).toBe(-28);
    const day = fc.integer({ min: 0, max: 40_000 }).map((n) => addDays("1970-01-01", n));
    fc.assert(
      fc.property(day, fc.integer({ min: -5_000, max: 5_000 }), (from, days) => {
        expect(daysBetween(from, addDays(from, days))).toBe(days);
      }),
    );
  });

  it("knows a day that exists from one that does not", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("2026-1-05")).toBe(false);
    expect(isCalendarDay("2026-01-05T00:00")).toBe(false);
    expect(isCalendarDay("")).toBe(false);
  });

  it("numbers weekdays from Monday", () => {
    expect(weekdayOf("2026-11-23")).toBe(0);
    expect(weekdayOf("2026-11-29")).toBe(6);
  });
});

describe("formatDate", () => {
  it("prints a calendar day as that day, in words or short", () => {
    expect(formatDate("1990-03-04")).toBe("March 4, 1990");
    expect(formatDate("1990-03-04", "calendar")).toBe("Mar 4, 1990");
  });

  it("prints a calendar month as the month and year (the first of the month, UTC)", () => {
    expect(formatDate("2026-11-01", "month")).toBe("November 2026");
    expect(formatDate("2027-01-01", "month")).toBe("January 2027");
  });

  it("prints a moment's UTC day for pages the server renders", () => {
    expect(formatDate("2026-10-14T23:30:00.000Z")).toBe("October 14, 2026");
  });

  it("prints a moment in the viewer's time zone, with the time when asked", () => {
    const moment = "2026-03-04T12:00:00.000Z";
    const local = new Date(moment);
    expect(formatDate(moment, "day")).toBe(
      local.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }),
    );
    expect(formatDate(moment, "moment")).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it("prints a moment in UTC with its time, for letters", () => {
    expect(formatDate("2026-11-24T13:40:00.000Z", "utcMoment")).toMatch(/^November 24, 2026(,| at) 1:40\sPM$/);
  });
});
