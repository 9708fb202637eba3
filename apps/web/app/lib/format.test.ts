import { describe, expect, it } from "vitest";
import { formatPhone, formatTaxRate, itemCount } from "./format.ts";

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
