import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugify } from "./slugify.ts";

describe("slugify", () => {
  it.each([
    ["Hemp Product", "hemp-product"],
    ["Crème Brûlée", "creme-brulee"],
    ["  --Kratom & 7-OH!!  ", "kratom-7-oh"],
    ["Über   Čokoláda", "uber-cokolada"],
    ["___", ""],
  ])("turns %j into %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("cuts at 200 characters and never ends on a dash", () => {
    const long = `${"a".repeat(199)} b${"c".repeat(50)}`;
    const slug = slugify(long);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
    expect(slugify("x".repeat(500))).toHaveLength(SLUG_MAX_LENGTH);
  });
});
