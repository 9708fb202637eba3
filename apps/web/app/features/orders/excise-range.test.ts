import { describe, expect, it } from "vitest";
import { chooseMonths } from "./excise-range.ts";

const choose = (search: string) => chooseMonths(new URLSearchParams(search), "2026-11-29");

describe("chooseMonths", () => {
  it("is this month (UTC) by default, and one month when only the first is given", () => {
    expect(choose("")).toMatchObject({ range: { from: "2026-11", to: "2026-11" }, problem: null });
    expect(choose("from=2026-09")).toMatchObject({ range: { from: "2026-09", to: "2026-09" } });
    expect(choose("from=2026-01&to=2026-03").range).toEqual({ from: "2026-01", to: "2026-03" });
  });

  it("names what is wrong beside its month, with no range to ask for", () => {
    expect(choose("from=2026-13")).toMatchObject({ range: null, problem: { field: "from" } });
    expect(choose("from=2026-11&to=nope")).toMatchObject({ range: null, problem: { field: "to" } });
    expect(choose("from=2026-11&to=2026-10")).toMatchObject({
      range: null,
      problem: { field: "to", message: "The last month cannot be before the first." },
    });
    expect(choose("from=2020-01&to=2026-11").problem?.message).toBe("Please choose at most 36 months.");
    expect(choose("from=2024-01&to=2026-12").range).toEqual({ from: "2024-01", to: "2026-12" });
  });
});
