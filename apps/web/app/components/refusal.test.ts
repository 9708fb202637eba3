import { describe, expect, it } from "vitest";
import { lineRefusals, type QuoteCompliance } from "./refusal.tsx";

const allowed = (minAge: number | null = null) => ({ allowed: true, reason: null, sourceUrl: null, minAge });
const kratomBan = {
  allowed: false,
  reason: "Kratom is not sold to Alabama.",
  sourceUrl: "https://www.alabamapublichealth.gov/",
  minAge: null,
};
const verdicts = (lines: QuoteCompliance["lines"]): QuoteCompliance => ({ lines, minAge: 21, requirements: [] });

describe("lineRefusals: the server's verdicts in words, by line", () => {
  it("marks a banned line with the rule's reason and source, and nothing beside an allowed one", () => {
    expect(lineRefusals(verdicts([allowed(21), kratomBan]), 2)).toEqual([
      undefined,
      { text: "Kratom is not sold to Alabama.", sourceUrl: "https://www.alabamapublichealth.gov/" },
    ]);
  });

  it("marks nothing without verdicts (no state yet) or for lines the answer does not cover", () => {
    expect(lineRefusals(null, 2)).toEqual([undefined, undefined]);
    expect(lineRefusals(undefined, 1)).toEqual([undefined]);
    expect(lineRefusals(verdicts([kratomBan]), 2)[1]).toBeUndefined();
  });
});
