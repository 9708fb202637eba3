import { describe, expect, it } from "vitest";
import { accountAgeProblem, ageOn, purchaseAgeProblem } from "./age.ts";

describe("ageOn", () => {
  it.each([
    ["2005-11-21", "2026-11-21", 21],
    ["2005-11-22", "2026-11-21", 20],
    ["2005-12-01", "2026-11-21", 20],
    ["2005-01-01", "2026-11-21", 21],
    ["2008-02-29", "2026-02-28", 17],
    ["2008-02-29", "2026-03-01", 18],
    ["2008-02-29", "2028-02-29", 20],
    ["2026-11-21", "2026-11-21", 0],
  ])("someone born %s is, on %s, %i years old", (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });
});

describe("accountAgeProblem", () => {
  it("refuses a date of birth younger than the gate's age, in words, and accepts the birthday itself", () => {
    expect(accountAgeProblem("2008-11-24", "2026-11-23", 18)).toBe("You must be 18 or older to have an account.");
    expect(accountAgeProblem("2008-11-23", "2026-11-23", 18)).toBeNull();
    expect(accountAgeProblem("2005-11-24", "2026-11-23", 21)).toBe("You must be 21 or older to have an account.");
  });
});

describe("purchaseAgeProblem", () => {
  it("refuses a buyer younger than the purchase age, in words, and accepts the birthday itself", () => {
    expect(purchaseAgeProblem("2005-11-24", "2026-11-23", 21)).toBe("You must be 21 or older to buy from this shop.");
    expect(purchaseAgeProblem("2005-11-23", "2026-11-23", 21)).toBeNull();
    expect(purchaseAgeProblem("2006-01-01", "2026-11-23", 18)).toBeNull();
  });
});
