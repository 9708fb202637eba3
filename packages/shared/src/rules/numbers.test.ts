import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDollars, formatCents, formatCount, parseDollarsToCents } from "./numbers.ts";

describe("formatCents", () => {
  it("formats cents as US dollars", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(1999)).toBe("$19.99");
    expect(formatCents(123456)).toBe("$1,234.56");
  });

  it("writes what Intl's en-US dollar format writes, for any amount, half cents and refunds included", () => {
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 99999, 100000, -1, -50, -123456, 12.5, 0.4, -0.4, 2 ** 40]) {
      expect(formatCents(cents), String(cents)).toBe(usd.format(cents / 100).replace("-$0.00", "$0.00"));
    }
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => formatCents(cents) === usd.format(cents / 100)),
    );
  });
});

describe("centsToDollars", () => {
  it("writes cents as a dollar amount with two decimals, which parseDollarsToCents reads back", () => {
    for (const cents of [0, 1, 5, 10, 1205, 1999, 129999, 999999999]) {
      const dollars = centsToDollars(cents);
      expect(dollars).toMatch(/^\d+\.\d{2}$/);
      expect(parseDollarsToCents(dollars)).toBe(cents);
    }
    expect(centsToDollars(1250)).toBe("12.50");
  });
});

describe("parseDollarsToCents", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.05", 1205],
    ["$1,299.99", 129999],
    [" 0.01 ", 1],
  ])("reads %s as %i cents", (input, cents) => {
    expect(parseDollarsToCents(input)).toBe(cents);
  });

  it.each(["", "abc", "-1", "1.999", "1e3", "12.", "."])("refuses %j", (input) => {
    expect(parseDollarsToCents(input)).toBeNull();
  });
});

describe("counts in words", () => {
  it("writes a whole number with thousands separators", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    fc.assert(fc.property(fc.maxSafeInteger(), (count) => formatCount(count) === count.toLocaleString("en-US")));
    expect(formatCount(-1234)).toBe("-1,234");
    expect(formatCount(1234.5678)).toBe("1,234.568");
  });
});
