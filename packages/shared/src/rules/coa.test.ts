import { describe, expect, it } from "vitest";
import {
  coaFirstAnniversary,
  coaIsOlderThanAYear,
  formatMicrogramsAsMg,
  formatMilliPercent,
  formatThousandths,
  normalizeLotNumber,
  parseThousandths,
  totalThcMilliPercent,
} from "./coa.ts";

describe("totalThcMilliPercent", () => {
  it.each([
    // delta-9, THCA (thousandths of a percent) → delta-9 + 0.877 × THCA
    [0, 0, 0],
    [300, 0, 300],
    [0, 1000, 877],
    [210, 24_500, 21_697], // 0.21 % + 0.877 × 24.5 % = 21.6965 % → 21.697 %
    [120, 1, 121], // 0.877 thousandths round up to 1
    [120, 2, 122], // 1.754 → 2
    [50, 57, 100], // 49.989 → 50
    [250, 100_000, 87_950],
  ])("delta-9 %i and THCA %i give %i", (delta9, thca, total) => {
    expect(totalThcMilliPercent(delta9, thca)).toBe(total);
  });

  it("is unknown when either result is missing, never a silent zero", () => {
    expect(totalThcMilliPercent(null, 24_500)).toBeNull();
    expect(totalThcMilliPercent(210, null)).toBeNull();
    expect(totalThcMilliPercent(null, null)).toBeNull();
  });
});

describe("coaIsOlderThanAYear", () => {
  it.each([
    ["2025-11-21", "2026-11-20T23:59:59.999Z", false],
    ["2025-11-21", "2026-11-21T00:00:00.000Z", false],
    ["2025-11-21", "2026-11-21T23:59:59.999Z", false],
    ["2025-11-21", "2026-11-22T00:00:00.000Z", true],
    ["2024-06-30", "2026-11-21T10:00:00.000Z", true],
    ["2026-11-21", "2026-11-21T10:00:00.000Z", false],
    ["2026-12-01", "2026-11-21T10:00:00.000Z", false],
    ["2025-12-31", "2026-12-31T12:00:00.000Z", false],
    ["2025-12-31", "2027-01-01T00:00:00.000Z", true],
    // 29 February: its first anniversary in a common year is 1 March.
    ["2024-02-29", "2025-02-28T12:00:00.000Z", false],
    ["2024-02-29", "2025-03-01T12:00:00.000Z", false],
    ["2024-02-29", "2025-03-02T00:00:00.000Z", true],
    ["2027-02-28", "2028-02-29T00:00:00.000Z", true],
  ])("a report of %s, seen at %s, is older than a year: %s", (reportDate, now, older) => {
    expect(coaIsOlderThanAYear(reportDate, new Date(now))).toBe(older);
  });

  it("names the first anniversary", () => {
    expect(coaFirstAnniversary("2025-11-21")).toBe("2026-11-21");
    expect(coaFirstAnniversary("2024-02-29")).toBe("2025-03-01");
    expect(coaFirstAnniversary("2027-02-29")).toBe("2028-02-29");
  });
});

describe("formatting results", () => {
  it.each([
    [284, "0.284 %"],
    [25_310, "25.31 %"],
    [88_000, "88 %"],
    [5, "0.005 %"],
    [0, "0 %"],
    [100_000, "100 %"],
  ])("%i thousandths of a percent read %s", (value, text) => {
    expect(formatMilliPercent(value)).toBe(text);
  });

  it.each([
    [15_000, "15 mg"],
    [12_500, "12.5 mg"],
    [380, "0.38 mg"],
    [1, "0.001 mg"],
    [0, "0 mg"],
  ])("%i micrograms read %s", (value, text) => {
    expect(formatMicrogramsAsMg(value)).toBe(text);
  });
});

describe("normalizeLotNumber", () => {
  it("trims and upper-cases", () => {
    expect(normalizeLotNumber("  hmh-vcs-2610a ")).toBe("HMH-VCS-2610A");
    expect(normalizeLotNumber("KRT-01")).toBe("KRT-01");
  });
});

describe("parseThousandths", () => {
  it.each([
    ["0.284", 284],
    ["25", 25_000],
    ["12.5", 12_500],
    [" 0.005 ", 5],
    ["100", 100_000],
    ["0", 0],
  ])("%s is %i thousandths", (text, value) => {
    expect(parseThousandths(text)).toBe(value);
  });

  it.each(["", "abc", "1.2345", "-1", "1e3", ".5", "1.", "1,5", "0x10"])("refuses %j", (text) => {
    expect(parseThousandths(text)).toBeNull();
  });

  it.each([0, 5, 284, 12_500, 25_310, 1_000_000_000])("reads back what formatThousandths writes of %i", (value) => {
    expect(parseThousandths(formatThousandths(value))).toBe(value);
  });
});
