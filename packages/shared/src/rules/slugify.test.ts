import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugify, uniqueSlug } from "./slugify.ts";

describe("slugify", () => {
  it.each([
    ["Hemp Product", "hemp-product"],
    ["Crème Brûlée", "creme-brulee"],
    ["  --Kratom & 7-OH!!  ", "kratom-7-oh"],
    ["Über   Čokoláda", "uber-cokolada"],
    ["ÀÉÎÕÜ ñ ç", "aeiou-n-c"],
    ["Straße Smørrebrød Łódź Æble Œuvre", "strasse-smorrebrod-lodz-aeble-oeuvre"],
    ["ＦＵＬＬ　ＷＩＤＴＨ ①", "full-width-1"],
    ["Disposable / Vapes (10-pack)", "disposable-vapes-10-pack"],
    ["a\tb\nc", "a-b-c"],
    ["🌿 Flower 🌿", "flower"],
    ["Кратом", ""],
    ["___", ""],
    ["", ""],
  ])("turns %j into %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("gives only lower-case letters, digits and single dashes inside", () => {
    for (const name of ["A--B", "Ä  Ö", "x!@#$%^&*()y", "-dash-", "1 2 3"]) {
      expect(slugify(name)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
    }
  });

  it("cuts at 200 characters and never ends on a dash", () => {
    const long = `${"a".repeat(199)} b${"c".repeat(50)}`;
    const slug = slugify(long);
    expect(slug).toBe("a".repeat(199));
    expect(slug.endsWith("-")).toBe(false);
    expect(slugify("x".repeat(500))).toHaveLength(SLUG_MAX_LENGTH);
    expect(slugify(`${"é".repeat(300)}`)).toBe("e".repeat(200));
  });

  it("is stable: a slug is its own slug", () => {
    for (const name of ["Hemp Product", "Crème Brûlée", "Kratom & 7-OH"]) {
      expect(slugify(slugify(name))).toBe(slugify(name));
    }
  });
});

describe("uniqueSlug", () => {
  it("keeps a free slug and numbers a taken one from 2", () => {
    expect(uniqueSlug("candy", [])).toBe("candy");
    expect(uniqueSlug("candy", ["candy"])).toBe("candy-2");
    expect(uniqueSlug("candy", ["candy", "candy-2", "candy-3"])).toBe("candy-4");
    expect(uniqueSlug("candy", ["candy", "candy-3"])).toBe("candy-2");
    expect(uniqueSlug("candy", ["candy-2"])).toBe("candy");
  });

  it("stays within 200 characters with the number", () => {
    const long = "a".repeat(200);
    expect(uniqueSlug(long, [long])).toBe(`${"a".repeat(198)}-2`);
    const dashed = `${"a".repeat(198)}-b`;
    expect(uniqueSlug(dashed, [dashed])).toBe(`${"a".repeat(198)}-2`);
    const taken = [long];
    for (let i = 0; i < 9; i++) taken.push(uniqueSlug(long, taken));
    expect(taken.at(-2)).toBe(`${"a".repeat(198)}-9`);
    expect(taken.at(-1)).toBe(`${"a".repeat(197)}-10`);
    expect(taken.every((slug) => slug.length <= SLUG_MAX_LENGTH)).toBe(true);
  });
});
