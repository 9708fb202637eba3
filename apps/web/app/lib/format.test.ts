import { describe, expect, it } from "vitest";
import { formatDate, formatPhone, formatTaxRate, itemCount } from "./format.ts";

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
});

describe("formatPhone", () => {
  it("writes a stored 10-digit number as people write it and anything else as stored", () => {
    expect(formatPhone("5551234567")).toBe("(555) 123-4567");
    expect(formatPhone("+445551234567")).toBe("+445551234567");
    expect(formatPhone("555123456")).toBe("555123456");
  });
});

describe("order words", () => {
  it("writes a tax rate from basis points without needless decimals", () => {
    expect(formatTaxRate(625)).toBe("6.25%");
    expect(formatTaxRate(800)).toBe("8%");
    expect(formatTaxRate(825)).toBe("8.25%");
    expect(formatTaxRate(1)).toBe("0.01%");
    expect(formatTaxRate(0)).toBe("0%");
  });

  it("counts items in words", () => {
    expect(itemCount(1)).toBe("1 item");
    expect(itemCount(0)).toBe("0 items");
    expect(itemCount(12)).toBe("12 items");
  });
});
