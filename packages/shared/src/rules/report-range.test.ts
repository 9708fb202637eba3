import { describe, expect, it } from "vitest";
import { bucketSeries, bucketStart, presetOf, presetRange, rangeBuckets, reportBucket } from "./report-range.ts";

describe("report ranges", () => {
  it("choose day buckets up to 31 days, weeks up to 26 weeks, then months", () => {
    expect(reportBucket({ from: "2026-11-01", to: "2026-12-01" })).toBe("day");
    expect(reportBucket({ from: "2026-11-01", to: "2026-12-02" })).toBe("week");
    expect(reportBucket({ from: "2026-01-01", to: "2026-07-01" })).toBe("week");
    expect(reportBucket({ from: "2026-01-01", to: "2026-07-02" })).toBe("month");
  });

  it("start a week on its Monday and a month on its first", () => {
    expect(bucketStart("2026-11-24", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-23", "week")).toBe("2026-11-23");
    expect(bucketStart("2026-11-22", "week")).toBe("2026-11-16");
    expect(bucketStart("2026-11-24", "month")).toBe("2026-11-01");
  });

  it("list every bucket a range touches", () => {
    expect(rangeBuckets({ from: "2026-01-30", to: "2026-04-02" }, "month")).toEqual([
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
    ]);
    expect(rangeBuckets({ from: "2026-11-20", to: "2026-12-01" }, "week")).toEqual([
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
  });

  it("sum days into buckets with zeros where nothing was sold", () => {
    const series = bucketSeries(
      { from: "2026-11-20", to: "2026-12-01" },
      "week",
      [
        { day: "2026-11-20", orders: 2, revenueCents: 500 },
        { day: "2026-11-22", orders: 1, revenueCents: 100 },
        { day: "2026-12-01", orders: 4, revenueCents: 900 },
      ],
      ["orders", "revenueCents"],
    );
    expect(series).toEqual([
      { start: "2026-11-16", orders: 3, revenueCents: 600 },
      { start: "2026-11-23", orders: 0, revenueCents: 0 },
      { start: "2026-11-30", orders: 4, revenueCents: 900 },
    ]);
  });

  it("name a range's preset, or custom", () => {
    expect(presetRange("last_7_days", "2026-03-02")).toEqual({ from: "2026-02-24", to: "2026-03-02" });
    expect(presetRange("custom", "2026-03-02")).toBeNull();
    expect(presetOf({ from: "2026-01-01", to: "2026-03-02" }, "2026-03-02")).toBe("this_year");
    expect(presetOf({ from: "2026-01-02", to: "2026-03-02" }, "2026-03-02")).toBe("custom");
  });
});
