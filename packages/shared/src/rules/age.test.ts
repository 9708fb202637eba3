import { describe, expect, it } from "vitest";
import { accountAgeProblem, ageOn, lineAges, purchaseAgeProblem, shopAgesProblem } from "./age.ts";

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

describe("shopAgesProblem", () => {
  it("lets the age to buy equal or pass the gate's age", () => {
    expect(shopAgesProblem({ gateMinAge: 18, purchaseMinAge: 18 }, ["purchaseMinAge"])).toBeNull();
    expect(shopAgesProblem({ gateMinAge: 18, purchaseMinAge: 21 }, ["gateMinAge"])).toBeNull();
  });

  it("refuses an age to buy below the gate's beside the field that was changed", () => {
    expect(shopAgesProblem({ gateMinAge: 21, purchaseMinAge: 19 }, ["purchaseMinAge"])).toEqual({
      field: "purchaseMinAge",
      message: "The age to buy cannot be below the age gate (21): every buyer has passed the gate.",
    });
    expect(shopAgesProblem({ gateMinAge: 25, purchaseMinAge: 21 }, ["gateMinAge"])).toEqual({
      field: "gateMinAge",
      message: "The age gate cannot be above the age to buy (21): raise the age to buy first.",
    });
    expect(shopAgesProblem({ gateMinAge: 25, purchaseMinAge: 21 }, ["gateMinAge", "purchaseMinAge"])?.field).toBe(
      "purchaseMinAge",
    );
  });
});

describe("lineAges", () => {
  it("holds each line to the shop's age, or a rule's higher one", () => {
    expect(lineAges(18, [21, null, 16], null)).toEqual([
      { minAge: 21, tooYoung: null },
      { minAge: 18, tooYoung: null },
      { minAge: 18, tooYoung: null },
    ]);
  });

  it("marks exactly the lines a buyer of known age is too young for", () => {
    expect(lineAges(18, [21, null], 19).map((line) => line.tooYoung)).toEqual([true, false]);
    expect(lineAges(21, [21, null], 19).map((line) => line.tooYoung)).toEqual([true, true]);
    expect(lineAges(18, [21, null], 21).map((line) => line.tooYoung)).toEqual([false, false]);
  });
});
