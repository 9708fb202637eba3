import { describe, expect, it } from "vitest";
import { labelledBars, scaleTop } from "./chart-scale.ts";
import { bucketWords, chooseRange, rangeSearch, rangeWords } from "./report-range.ts";

const today = "2026-11-24";
const choose = (search: string) => chooseRange(new URLSearchParams(search), today);

describe("the reports' range from the address", () => {
  it("opens on the last 30 days", () => {
    expect(choose("")).toMatchObject({
      preset: "last_30_days",
      range: { from: "2026-10-26", to: today },
      problem: null,
    });
  });

  it("reads each preset against today (UTC)", () => {
    expect(choose("?range=today").range).toEqual({ from: today, to: today });
    expect(choose("?range=last_7_days").range).toEqual({ from: "2026-11-18", to: today });
    expect(choose("?range=this_month").range).toEqual({ from: "2026-11-01", to: today });
    expect(choose("?range=last_month").range).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(choose("?range=this_year").range).toEqual({ from: "2026-01-01", to: today });
    expect(chooseRange(new URLSearchParams("?range=last_month"), "2026-03-05").range).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
  });

  it("takes two days in order as a custom range", () => {
    expect(choose("?range=custom&from=2026-02-01&to=2026-02-14")).toMatchObject({
      preset: "custom",
      range: { from: "2026-02-01", to: "2026-02-14" },
      problem: null,
    });
  });

  it("says what is wrong with a custom range beside the date, and asks for nothing", () => {
    expect(choose("?range=custom&from=2026-02-14&to=2026-02-01")).toMatchObject({
      range: null,
      problem: { field: "to", message: "The end date must be on or after the start date." },
    });
    expect(choose("?range=custom&from=&to=2026-02-01")).toMatchObject({
      range: null,
      problem: { field: "from", message: "Choose a start date." },
    });
    expect(choose("?range=custom&from=2000-01-01&to=2026-02-01").problem?.field).toBe("to");
    expect(choose("?range=custom&from=2026-02-30&to=2026-03-05")).toMatchObject({
      range: null,
      problem: { field: "from", message: "Choose a start date." },
    });
  });

  it("writes the address back, the default without a parameter", () => {
    expect(rangeSearch({ preset: "last_30_days" })).toBe("");
    expect(rangeSearch({ preset: "this_year" })).toBe("?range=this_year");
    expect(rangeSearch({ preset: "custom", from: "2026-02-01", to: "2026-02-14" })).toBe(
      "?range=custom&from=2026-02-01&to=2026-02-14",
    );
  });

  it("names ranges and buckets in words", () => {
    expect(rangeWords({ from: "2026-11-01", to: today })).toBe("Nov 1 – Nov 24, 2026");
    expect(rangeWords({ from: "2025-12-30", to: "2026-01-02" })).toBe("Dec 30, 2025 – Jan 2, 2026");
    expect(rangeWords({ from: today, to: today })).toBe("Nov 24, 2026");
    expect(bucketWords("2026-11-16", "week")).toBe("Week of Nov 16");
    expect(bucketWords("2026-11-01", "month")).toBe("November 2026");
  });
});

describe("the chart's scale", () => {
  it("rounds the largest value up to 1, 2 or 5 times a power of ten", () => {
    expect(scaleTop([0, 0])).toBe(1);
    expect(scaleTop([1_234])).toBe(2_000);
    expect(scaleTop([3, 50_001])).toBe(100_000);
    expect(scaleTop([500])).toBe(500);
    expect(scaleTop([7])).toBe(10);
  });

  it("puts dates under the first, the last and a few bars between", () => {
    expect([...labelledBars(3, 5)]).toEqual([0, 1, 2]);
    expect([...labelledBars(30, 5)]).toEqual([0, 7, 15, 22, 29]);
  });
});
