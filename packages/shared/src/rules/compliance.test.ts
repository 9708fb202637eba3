import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { UsState } from "../constants/addresses.ts";
import {
  type RegulatoryClass,
  RULE_CONDITION_TEXT_OPERATORS,
  RULE_EFFECTS,
  RULE_REQUIREMENTS,
  type RuleConditionOperator,
} from "../constants/compliance.ts";
import type { ComplianceRule, Jurisdiction } from "../schemas/compliance.ts";
import { inState, testRule as rule, US } from "../test-fixtures.ts";
import { totalThcMilliPercent } from "./coa.ts";
import {
  banReason,
  type ComplianceDestination,
  type ComplianceLine,
  conditionHolds,
  conditionThousandths,
  evaluateLine,
  evaluateOrder,
  jurisdictionCovers,
  nationwideBans,
  ruleInForce,
  ruleIsStale,
  ruleStaleCheckedOnOrBefore,
  whereInWords,
} from "./compliance.ts";
import { addDays, dayOf } from "./days.ts";

const inLocality = (state: UsState, locality: string): Jurisdiction => ({
  level: "locality",
  country: "US",
  state,
  locality,
});
const inZips = (state: UsState, name: string, zips: string[]): Jurisdiction => ({
  level: "zip_set",
  country: "US",
  state,
  name,
  zips,
});

const line = (classes: RegulatoryClass[], attributes: ComplianceLine["attributes"] = {}): ComplianceLine => ({
  classes,
  attributes,
});
const kratom = line(["KRATOM"]);
const vape = (flavour: string | null = "Mango") => line(["ENDS", "NICOTINE", "FLAVORED"], { flavour });
const TODAY = "2026-11-24";

describe("ruleInForce", () => {
  const dated = { effectiveFrom: "2025-08-01", effectiveTo: "2025-12-31" };

  it("is in force from the start of effectiveFrom to the end of effectiveTo, both days included", () => {
    expect(ruleInForce(dated, "2025-07-31")).toBe(false);
    expect(ruleInForce(dated, "2025-08-01")).toBe(true);
    expect(ruleInForce(dated, "2025-10-15")).toBe(true);
    expect(ruleInForce(dated, "2025-12-31")).toBe(true);
    expect(ruleInForce(dated, "2026-01-01")).toBe(false);
  });

  it("has no end when effectiveTo is null", () => {
    const open = { effectiveFrom: "2025-08-01", effectiveTo: null };
    expect(ruleInForce(open, "2025-07-31")).toBe(false);
    expect(ruleInForce(open, "2025-08-01")).toBe(true);
    expect(ruleInForce(open, "2099-12-31")).toBe(true);
  });

  it("a one-day rule is in force on that day only", () => {
    const oneDay = { effectiveFrom: "2026-02-28", effectiveTo: "2026-02-28" };
    expect(["2026-02-27", "2026-02-28", "2026-03-01"].map((day) => ruleInForce(oneDay, day))).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe("ruleIsStale", () => {
  it("checked 89 days ago is still fresh; 90 days ago is stale", () => {
    expect(ruleIsStale({ lastCheckedOn: "2026-08-27" }, TODAY)).toBe(false); // 89 days before 2026-11-24
    expect(ruleIsStale({ lastCheckedOn: "2026-08-26" }, TODAY)).toBe(true); // 90 days
    expect(ruleIsStale({ lastCheckedOn: "2026-08-25" }, TODAY)).toBe(true); // 91 days
  });

  it("is fresh on the day it was checked, and when the check date is ahead of today", () => {
    expect(ruleIsStale({ lastCheckedOn: TODAY }, TODAY)).toBe(false);
    expect(ruleIsStale({ lastCheckedOn: "2026-12-01" }, TODAY)).toBe(false);
  });

  it("counts calendar days across a leap day and a year's end", () => {
    // 2024-02-01 + 90 days = 2024-05-01 (February 2024 has 29 days).
    expect(ruleIsStale({ lastCheckedOn: "2024-02-01" }, "2024-04-30")).toBe(false);
    expect(ruleIsStale({ lastCheckedOn: "2024-02-01" }, "2024-05-01")).toBe(true);
    // 2025-11-01 + 90 days = 2026-01-30.
    expect(ruleIsStale({ lastCheckedOn: "2025-11-01" }, "2026-01-29")).toBe(false);
    expect(ruleIsStale({ lastCheckedOn: "2025-11-01" }, "2026-01-30")).toBe(true);
  });

  it("does not drift across a daylight-saving change (days are counted in UTC)", () => {
    // 2026-03-08 is the US spring-forward day; 2026-01-01 + 90 days = 2026-04-01.
    expect(ruleIsStale({ lastCheckedOn: "2026-01-01" }, "2026-03-31")).toBe(false);
    expect(ruleIsStale({ lastCheckedOn: "2026-01-01" }, "2026-04-01")).toBe(true);
  });
});

describe("ruleStaleCheckedOnOrBefore", () => {
  it("is the day 90 days before today", () => {
    expect(ruleStaleCheckedOnOrBefore(TODAY)).toBe("2026-08-26");
    expect(ruleStaleCheckedOnOrBefore("2024-05-01")).toBe("2024-02-01");
    expect(ruleStaleCheckedOnOrBefore("2026-01-30")).toBe("2025-11-01");
  });

  it("agrees with ruleIsStale on every day", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }),
        fc.integer({ min: -400, max: 400 }),
        (day, back) => {
          const today = dayOf(day);
          const lastCheckedOn = addDays(dayOf(day), -back);
          expect(lastCheckedOn <= ruleStaleCheckedOnOrBefore(today)).toBe(ruleIsStale({ lastCheckedOn }, today));
        },
      ),
    );
  });
});

describe("jurisdictionCovers", () => {
  it("the country covers every destination", () => {
    expect(jurisdictionCovers(US, { state: "AL" })).toBe(true);
    expect(jurisdictionCovers(US, { state: "HI", city: "Honolulu", zip: "96813" })).toBe(true);
  });

  it("a state covers its own destinations only", () => {
    expect(jurisdictionCovers(inState("AL"), { state: "AL", city: "Birmingham" })).toBe(true);
    expect(jurisdictionCovers(inState("AL"), { state: "GA", city: "Atlanta" })).toBe(false);
  });

  it("a locality matches the city regardless of case, spacing and full stops", () => {
    const stLouis = inLocality("MO", "St. Louis");
    for (const city of ["St. Louis", "st louis", "  ST.  LOUIS ", "St.Louis"]) {
      expect(jurisdictionCovers(stLouis, { state: "MO", city }), city).toBe(true);
    }
    expect(jurisdictionCovers(stLouis, { state: "MO", city: "Kansas City" })).toBe(false);
    expect(jurisdictionCovers(stLouis, { state: "MN", city: "St. Louis" })).toBe(false);
    expect(jurisdictionCovers(stLouis, { state: "MO" })).toBe(false);
    expect(jurisdictionCovers(stLouis, { state: "MO", city: null, county: null })).toBe(false);
  });

  it("a locality naming a county matches the county, with or without the word County, never a city", () => {
    const jefferson = inLocality("CO", "Jefferson County");
    expect(jurisdictionCovers(jefferson, { state: "CO", city: "Golden", county: "Jefferson County" })).toBe(true);
    expect(jurisdictionCovers(jefferson, { state: "CO", city: "Golden", county: "jefferson" })).toBe(true);
    expect(jurisdictionCovers(jefferson, { state: "CO", city: "Golden", county: "Adams" })).toBe(false);
    expect(jurisdictionCovers(jefferson, { state: "CO", city: "Jefferson" })).toBe(false);
    // A city rule does not take in the county of the same name (St. Louis city is not St. Louis County).
    expect(
      jurisdictionCovers(inLocality("MO", "St. Louis"), {
        state: "MO",
        city: "Florissant",
        county: "St. Louis County",
      }),
    ).toBe(false);
    expect(
      jurisdictionCovers(inLocality("MO", "St. Louis County"), { state: "MO", city: "St. Louis", county: null }),
    ).toBe(false);
  });

  it("a ZIP set matches the first five digits of the ZIP in its state", () => {
    const sarasota = inZips("FL", "Sarasota", ["34236", "34237"]);
    expect(jurisdictionCovers(sarasota, { state: "FL", zip: "34236" })).toBe(true);
    expect(jurisdictionCovers(sarasota, { state: "FL", zip: "34237-1234" })).toBe(true);
    expect(jurisdictionCovers(sarasota, { state: "FL", zip: " 34236 " })).toBe(true);
    expect(jurisdictionCovers(sarasota, { state: "FL", zip: "34238" })).toBe(false);
    expect(jurisdictionCovers(sarasota, { state: "FL", zip: "3423" })).toBe(false);
    expect(jurisdictionCovers(sarasota, { state: "FL", zip: null })).toBe(false);
    expect(jurisdictionCovers(sarasota, { state: "FL" })).toBe(false);
    expect(jurisdictionCovers(sarasota, { state: "GA", zip: "34236" })).toBe(false);
  });
});

describe("conditionHolds", () => {
  const cond = (operator: RuleConditionOperator, value: string) => ({ attribute: "flavour" as const, operator, value });
  const tobacco = { flavour: "  Classic TOBACCO " };

  it("compares case-insensitively after trimming, with each of the four operators", () => {
    expect(conditionHolds(cond("is", "classic tobacco"), tobacco)).toBe(true);
    expect(conditionHolds(cond("is", "tobacco"), tobacco)).toBe(false);
    expect(conditionHolds(cond("is_not", " Classic Tobacco"), tobacco)).toBe(false);
    expect(conditionHolds(cond("is_not", "menthol"), tobacco)).toBe(true);
    expect(conditionHolds(cond("contains", "Tobacco "), tobacco)).toBe(true);
    expect(conditionHolds(cond("contains", "menthol"), tobacco)).toBe(false);
    expect(conditionHolds(cond("does_not_contain", "tobacco"), tobacco)).toBe(false);
    expect(conditionHolds(cond("does_not_contain", "menthol"), tobacco)).toBe(true);
  });

  it("a missing or null attribute counts as empty text", () => {
    for (const attributes of [{}, { flavour: null }, { flavour: "   " }, { brand: "Tobacco" }]) {
      expect(conditionHolds(cond("is", "tobacco"), attributes)).toBe(false);
      expect(conditionHolds(cond("is_not", "tobacco"), attributes)).toBe(true);
      expect(conditionHolds(cond("contains", "tobacco"), attributes)).toBe(false);
      expect(conditionHolds(cond("does_not_contain", "tobacco"), attributes)).toBe(true);
    }
  });

  it("tests the attribute it names", () => {
    const brand = { attribute: "brand" as const, operator: "is" as const, value: "geek bar" };
    expect(conditionHolds(brand, { brand: "Geek Bar", flavour: "Mango" })).toBe(true);
    expect(conditionHolds(brand, { brand: "Lost Mary", flavour: "Geek Bar" })).toBe(false);
  });
});

describe("whereInWords", () => {
  it("names the country, a state, a locality with its state, and a ZIP set with its count", () => {
    expect(whereInWords(US)).toBe("United States");
    expect(whereInWords({ level: "state", country: "US", state: "AL" })).toBe("Alabama");
    expect(whereInWords({ level: "locality", country: "US", state: "CO", locality: "Denver" })).toBe(
      "Denver, Colorado",
    );
    const zips = (n: number): Jurisdiction => ({
      level: "zip_set",
      country: "US",
      state: "FL",
      name: "Town of X",
      zips: ["34230", "34231", "34232"].slice(0, n),
    });
    expect(whereInWords(zips(3))).toBe("Town of X (3 ZIP codes), Florida");
    expect(whereInWords(zips(1))).toBe("Town of X (1 ZIP code), Florida");
  });
});

describe("banReason", () => {
  it("says in words which goods are not sold where", () => {
    expect(banReason(rule("a", { jurisdiction: inState("AL") }))).toBe("Kratom is not sold to Alabama.");
    expect(banReason(rule("b", { regulatoryClass: "FLAVORED", jurisdiction: inState("MA") }))).toBe(
      "Flavoured vapes are not sold to Massachusetts.",
    );
    expect(banReason(rule("c", { jurisdiction: inZips("FL", "Sarasota", ["34236"]) }))).toBe(
      "Kratom is not sold to ZIP codes of Sarasota, FL.",
    );
    expect(banReason(rule("d", { jurisdiction: inLocality("CO", "Denver") }))).toBe(
      "Kratom is not sold to Denver, CO.",
    );
    expect(banReason(rule("e", { regulatoryClass: "ALK_7OH" }))).toBe(
      "7-OH products are not sold anywhere in the United States.",
    );
  });

  it("names the condition when the rule has one", () => {
    const ban = rule("f", {
      regulatoryClass: "ENDS",
      jurisdiction: inState("MA"),
      condition: { attribute: "flavour", operator: "is_not", value: "Tobacco" },
    });
    expect(banReason(ban)).toBe("Vapes whose flavour is not “Tobacco” are not sold to Massachusetts.");
  });
});

describe("evaluateLine", () => {
  it("allows a line no rule speaks to, with no age, requirements or statements", () => {
    expect(evaluateLine(kratom, { state: "TX" }, [], TODAY)).toEqual({
      outcome: "allowed",
      minAge: null,
      requirements: [],
      statements: [],
      applied: [],
      bans: [],
    });
  });

  it("a state ban bans the line there, with the reason and the rule's source, and nowhere else", () => {
    const rules = [rule("al-kratom", { jurisdiction: inState("AL"), effect: "ban", version: 3 })];
    expect(evaluateLine(kratom, { state: "AL", city: "Mobile", zip: "36602" }, rules, TODAY)).toEqual({
      outcome: "banned",
      minAge: null,
      requirements: [],
      statements: [],
      applied: [{ ruleId: "al-kratom", version: 3, effect: "ban", level: "state" }],
      bans: [
        {
          ruleId: "al-kratom",
          version: 3,
          reason: "Kratom is not sold to Alabama.",
          sourceUrl: "https://example.org/al-kratom",
        },
      ],
    });
    expect(evaluateLine(kratom, { state: "GA" }, rules, TODAY).outcome).toBe("allowed");
  });

  it("a ban that spares licensed businesses does not apply to a licensed wholesale order (decision 102)", () => {
    const rules = [rule("me-kratom", { jurisdiction: inState("ME"), effect: "ban", exceptLicensed: true })];
    expect(evaluateLine(kratom, { state: "ME" }, rules, TODAY).outcome).toBe("banned");
    expect(evaluateLine(kratom, { state: "ME", licensed: false }, rules, TODAY).outcome).toBe("banned");
    const licensed = evaluateLine(kratom, { state: "ME", licensed: true }, rules, TODAY);
    expect(licensed.outcome).toBe("allowed");
    expect(licensed.applied).toEqual([]);
    // A ban not so marked holds for a licensed business too.
    const plain = [rule("al-kratom", { jurisdiction: inState("AL"), effect: "ban" })];
    expect(evaluateLine(kratom, { state: "AL", licensed: true }, plain, TODAY).outcome).toBe("banned");
  });

  it("a locality ban bans the line in that city or county only", () => {
    const rules = [rule("denver", { jurisdiction: inLocality("CO", "Denver"), effect: "ban" })];
    const denver = evaluateLine(kratom, { state: "CO", city: "denver", zip: "80202" }, rules, TODAY);
    expect(denver.outcome).toBe("banned");
    expect(denver.bans[0]?.reason).toBe("Kratom is not sold to Denver, CO.");
    expect(denver.applied[0]?.level).toBe("locality");
    expect(evaluateLine(kratom, { state: "CO", city: "Boulder", zip: "80302" }, rules, TODAY).outcome).toBe("allowed");
  });

  it("a ZIP-set ban bans the line at those ZIP codes only", () => {
    const rules = [
      rule("fl-kratom", { jurisdiction: inState("FL"), minAge: 21 }),
      rule("sarasota", { jurisdiction: inZips("FL", "Sarasota", ["34236", "34237"]), effect: "ban" }),
    ];
    const inside = evaluateLine(kratom, { state: "FL", city: "Sarasota", zip: "34236-0001" }, rules, TODAY);
    expect(inside.outcome).toBe("banned");
    expect(inside.bans.map((ban) => ban.reason)).toEqual(["Kratom is not sold to ZIP codes of Sarasota, FL."]);
    const outside = evaluateLine(kratom, { state: "FL", city: "Tampa", zip: "33602" }, rules, TODAY);
    expect(outside).toMatchObject({ outcome: "allowed", minAge: 21, bans: [] });
  });

  it("a ban on one class does not touch a line without it, and bans any line that carries it", () => {
    const rules = [
      rule("al-kratom", { jurisdiction: inState("AL"), effect: "ban" }),
      rule("id-hemp", { regulatoryClass: "HEMP_INTOX", jurisdiction: inState("ID"), effect: "ban" }),
    ];
    expect(evaluateLine(vape(), { state: "AL" }, rules, TODAY).outcome).toBe("allowed");
    expect(evaluateLine(line(["ENDS"]), { state: "ID" }, rules, TODAY).outcome).toBe("allowed");
    const infusedVape = line(["ENDS", "HEMP_INTOX"]);
    const decision = evaluateLine(infusedVape, { state: "ID" }, rules, TODAY);
    expect(decision.outcome).toBe("banned");
    expect(decision.bans.map((ban) => ban.ruleId)).toEqual(["id-hemp"]);
  });

  it("any ban wins over allow and restrict rules, and lists every ban that applies", () => {
    const rules = [
      rule("us-allow", { minAge: 21, requirements: ["no_usps"] }),
      rule("al-restrict", { jurisdiction: inState("AL"), effect: "restrict", minAge: 18 }),
      rule("al-ban", { jurisdiction: inState("AL"), effect: "ban" }),
      rule("mobile-ban", { jurisdiction: inLocality("AL", "Mobile"), effect: "ban" }),
    ];
    const decision = evaluateLine(kratom, { state: "AL", city: "Mobile" }, rules, TODAY);
    expect(decision.outcome).toBe("banned");
    expect(decision.bans.map((ban) => ban.ruleId)).toEqual(["al-ban", "mobile-ban"]);
    expect(decision.applied.map((applied) => applied.ruleId)).toEqual([
      "us-allow",
      "al-restrict",
      "al-ban",
      "mobile-ban",
    ]);
  });

  it("a ban's own age, requirements and statement are moot; the others' still show on a banned line", () => {
    const rules = [
      rule("us", { minAge: 18, requirements: ["no_po_box"], statement: "Kratom: adults only." }),
      rule("al-ban", {
        jurisdiction: inState("AL"),
        effect: "ban",
        minAge: 99,
        requirements: ["no_usps"],
        statement: "Never shown.",
      }),
    ];
    expect(evaluateLine(kratom, { state: "AL" }, rules, TODAY)).toMatchObject({
      outcome: "banned",
      minAge: 18,
      requirements: ["no_po_box"],
      statements: ["Kratom: adults only."],
    });
  });

  it("the minimum age is the highest that applies, across classes and levels", () => {
    const rules = [
      rule("t21", { regulatoryClass: "NICOTINE", minAge: 21 }),
      rule("us-kratom", { minAge: 18 }),
      rule("fl-kratom", { jurisdiction: inState("FL"), effect: "restrict", minAge: 21 }),
      rule("fl-zip", { jurisdiction: inZips("FL", "Somewhere", ["33602"]), effect: "restrict", minAge: null }),
      rule("tx-kratom", { jurisdiction: inState("TX"), effect: "restrict", minAge: 19 }),
    ];
    expect(evaluateLine(kratom, { state: "GA" }, rules, TODAY).minAge).toBe(18);
    expect(evaluateLine(kratom, { state: "FL", zip: "33602" }, rules, TODAY).minAge).toBe(21);
    expect(evaluateLine(kratom, { state: "TX" }, rules, TODAY).minAge).toBe(19);
    expect(evaluateLine(line(["KRATOM", "NICOTINE"]), { state: "TX" }, rules, TODAY).minAge).toBe(21);
    expect(evaluateLine(line(["GENERAL"]), { state: "TX" }, rules, TODAY).minAge).toBeNull();
  });

  it("requirements add up over the rules that apply, each once, in the list's order", () => {
    const rules = [
      rule("pact", { regulatoryClass: "ENDS", requirements: ["no_usps", "adult_signature_21", "no_po_box"] }),
      rule("pact-acc", { regulatoryClass: "ENDS_ACCESSORY", requirements: ["no_po_box", "no_usps"] }),
      rule("state", {
        regulatoryClass: "ENDS",
        jurisdiction: inState("TX"),
        effect: "restrict",
        requirements: ["no_military_address", "no_po_box"],
      }),
    ];
    const decision = evaluateLine(line(["ENDS", "ENDS_ACCESSORY"]), { state: "TX" }, rules, TODAY);
    expect(decision.requirements).toEqual(["adult_signature_21", "no_po_box", "no_military_address", "no_usps"]);
    expect(evaluateLine(line(["ENDS_ACCESSORY"]), { state: "GA" }, rules, TODAY).requirements).toEqual([
      "no_po_box",
      "no_usps",
    ]);
  });

  it("statements add up, each once, along the chain", () => {
    const flStatement = "This product contains delta-8 THC. Florida law requires …";
    const rules = [
      rule("fl-zip", {
        regulatoryClass: "HEMP_INTOX",
        jurisdiction: inZips("FL", "Miami", ["33101"]),
        statement: "Keep away from children.",
      }),
      rule("fl", { regulatoryClass: "HEMP_INTOX", jurisdiction: inState("FL"), statement: flStatement }),
      rule("fl-again", { regulatoryClass: "HEMP_INTOX", jurisdiction: inState("FL"), statement: ` ${flStatement} ` }),
      rule("fl-none", { regulatoryClass: "HEMP_INTOX", jurisdiction: inState("FL"), statement: "   " }),
    ];
    const gummies = line(["HEMP_INTOX"]);
    expect(evaluateLine(gummies, { state: "FL", zip: "33101" }, rules, TODAY).statements).toEqual([
      flStatement,
      "Keep away from children.",
    ]);
    expect(evaluateLine(gummies, { state: "GA", zip: "33101" }, rules, TODAY).statements).toEqual([]);
  });

  it("a rule with a condition applies only to lines that meet it", () => {
    const rules = [
      rule("ma-flavour", {
        regulatoryClass: "ENDS",
        jurisdiction: inState("MA"),
        effect: "ban",
        condition: { attribute: "flavour", operator: "is_not", value: "Tobacco" },
      }),
    ];
    expect(evaluateLine(vape("Mango Ice"), { state: "MA" }, rules, TODAY).outcome).toBe("banned");
    expect(evaluateLine(vape("  tobacco"), { state: "MA" }, rules, TODAY).outcome).toBe("allowed");
    // A vape with no flavour recorded is not known to be tobacco: the ban applies.
    expect(evaluateLine(vape(null), { state: "MA" }, rules, TODAY).outcome).toBe("banned");
    expect(evaluateLine(line(["ENDS"]), { state: "MA" }, rules, TODAY).outcome).toBe("banned");

    const menthol = [
      rule("menthol", {
        regulatoryClass: "ENDS",
        jurisdiction: inState("CA"),
        effect: "ban",
        condition: { attribute: "flavourGroup", operator: "contains", value: "menthol" },
      }),
      rule("brand", {
        regulatoryClass: "ENDS",
        jurisdiction: inState("CA"),
        effect: "restrict",
        minAge: 21,
        condition: { attribute: "brand", operator: "does_not_contain", value: "geek" },
      }),
      rule("type", {
        regulatoryClass: "ENDS",
        jurisdiction: inState("CA"),
        effect: "restrict",
        requirements: ["adult_signature_21"],
        condition: { attribute: "productType", operator: "is", value: "disposable" },
      }),
    ];
    expect(
      evaluateLine(
        line(["ENDS"], { flavourGroup: "Menthol / Mint", brand: "Geek Bar" }),
        { state: "CA" },
        menthol,
        TODAY,
      ),
    ).toMatchObject({ outcome: "banned", minAge: null, requirements: [] });
    expect(
      evaluateLine(
        line(["ENDS"], { flavourGroup: "Fruit", brand: "Lost Mary", productType: "Disposable" }),
        { state: "CA" },
        menthol,
        TODAY,
      ),
    ).toMatchObject({ outcome: "allowed", minAge: 21, requirements: ["adult_signature_21"] });
  });

  it("takes a rule from its first day to its last, and not a day either side", () => {
    const rules = [
      rule("la-kratom", { jurisdiction: inState("LA"), effect: "ban", effectiveFrom: "2025-08-01" }),
      rule("fl-7oh", {
        regulatoryClass: "ALK_7OH",
        jurisdiction: inState("FL"),
        effect: "ban",
        effectiveFrom: "2025-08-15",
        effectiveTo: "2025-12-31",
      }),
      rule("oh-age", {
        jurisdiction: inState("OH"),
        effect: "restrict",
        minAge: 21,
        effectiveFrom: "2026-01-01",
        effectiveTo: "2026-06-30",
      }),
    ];
    const outcome = (l: ComplianceLine, state: UsState, on: string) => evaluateLine(l, { state }, rules, on).outcome;
    expect(outcome(kratom, "LA", "2025-07-31")).toBe("allowed");
    expect(outcome(kratom, "LA", "2025-08-01")).toBe("banned");
    expect(outcome(kratom, "LA", "2030-01-01")).toBe("banned");

    const sevenOh = line(["ALK_7OH"]);
    expect(outcome(sevenOh, "FL", "2025-08-14")).toBe("allowed");
    expect(outcome(sevenOh, "FL", "2025-08-15")).toBe("banned");
    expect(outcome(sevenOh, "FL", "2025-12-31")).toBe("banned");
    expect(outcome(sevenOh, "FL", "2026-01-01")).toBe("allowed");

    const age = (on: string) => evaluateLine(kratom, { state: "OH" }, rules, on).minAge;
    expect([age("2025-12-31"), age("2026-01-01"), age("2026-06-30"), age("2026-07-01")]).toEqual([null, 21, 21, null]);
  });

  it("lists applied rules along the chain US → state → locality → ZIP set, ties in the order given", () => {
    const rules = [
      rule("zip", { jurisdiction: inZips("FL", "Sarasota", ["34236"]), statement: "zip" }),
      rule("city", { jurisdiction: inLocality("FL", "Sarasota"), statement: "city" }),
      rule("state-b", { jurisdiction: inState("FL"), statement: "state b" }),
      rule("us", { statement: "us" }),
      rule("state-a", { jurisdiction: inState("FL"), statement: "state a" }),
    ];
    Object.freeze(rules);
    for (const r of rules) Object.freeze(r);
    const decision = evaluateLine(kratom, { state: "FL", city: "Sarasota", zip: "34236" }, rules, TODAY);
    expect(decision.applied.map((applied) => `${applied.ruleId}:${applied.level}`)).toEqual([
      "us:country",
      "state-b:state",
      "state-a:state",
      "city:locality",
      "zip:zip_set",
    ]);
    expect(decision.statements).toEqual(["us", "state b", "state a", "city", "zip"]);
    expect(rules.map((r) => r.id)).toEqual(["zip", "city", "state-b", "us", "state-a"]); // input untouched
    expect(evaluateLine(kratom, { state: "FL", city: "Sarasota", zip: "34236" }, rules, TODAY)).toEqual(decision);
  });
});

describe("the federal hemp limit: lab figures from the latest COA (decision 047)", () => {
  // The limit as the demo rules have it: delta-9 THC above 0.3 % until 2026-11-11, total THC
  // (delta-9 + 0.877 × THCA) above 0.3 % from 2026-11-12, a country-wide ban per hemp class.
  const limit = (id: string, attribute: "delta9Thc" | "totalThc", from: string, to: string | null) =>
    rule(id, {
      regulatoryClass: "HEMP_THCA_FLOWER",
      effect: "ban",
      condition: { attribute, operator: "is_above", value: "0.3" },
      effectiveFrom: from,
      effectiveTo: to,
      sourceUrl: "https://www.congress.gov/",
    });
  const rules = [
    limit("delta9", "delta9Thc", "2018-12-20", "2026-11-11"),
    limit("total", "totalThc", "2026-11-12", null),
  ];
  // Thousandths of a percent, as COAs store them: 0.26 % delta-9 and 28.05 % THCA.
  const flower = (delta9Thc: number | null, thca: number | null): ComplianceLine => ({
    classes: ["HEMP_THCA_FLOWER"],
    attributes: { delta9Thc, totalThc: totalThcMilliPercent(delta9Thc, thca) },
  });
  const texas = { state: "TX" as const };
  const outcome = (line: ComplianceLine, on: string) => evaluateLine(line, texas, rules, on).outcome;

  it("THCA flower with 0.26 % delta-9 could be sold on 2026-11-11 and cannot from 2026-11-12 (24.86 % total THC)", () => {
    const demo = flower(260, 28_050);
    expect(demo.attributes.totalThc).toBe(24_860);
    expect(outcome(demo, "2026-11-11")).toBe("allowed");
    expect(evaluateLine(demo, texas, rules, "2026-11-12")).toMatchObject({
      outcome: "banned",
      applied: [{ ruleId: "total", version: 1, effect: "ban", level: "country" }],
      bans: [
        {
          ruleId: "total",
          reason:
            "Its latest lab result (COA) shows 24.86 % total THC. THCA flower whose total THC (delta-9 + 0.877 × THCA) " +
            "is above 0.3 % is not sold anywhere in the United States.",
          sourceUrl: "https://www.congress.gov/",
        },
      ],
    });
  });

  it("counts THCA at 0.877 of its weight: 0.1 % delta-9 with 0.228 % THCA is 0.3 % total, with 0.229 % it is 0.301 %", () => {
    expect(flower(100, 228).attributes.totalThc).toBe(300); // 100 + 199.956 → 300
    expect(outcome(flower(100, 228), "2026-11-12")).toBe("allowed");
    expect(flower(100, 229).attributes.totalThc).toBe(301); // 100 + 200.833 → 301
    expect(outcome(flower(100, 229), "2026-11-12")).toBe("banned");
    // THCA counted at its full weight (a factor of 1) would ban the first, and at none would allow the second.
    expect(outcome({ classes: ["HEMP_THCA_FLOWER"], attributes: { totalThc: 100 + 228 } }, "2026-11-12")).toBe(
      "banned",
    );
  });

  it("exactly at the limit is sold; a thousandth above is not, on both sides of the change", () => {
    expect(outcome(flower(300, 0), "2026-11-11")).toBe("allowed");
    expect(outcome(flower(301, 0), "2026-11-11")).toBe("banned");
    expect(outcome(flower(300, 0), "2026-11-12")).toBe("allowed");
    expect(outcome(flower(301, 0), "2026-11-12")).toBe("banned");
  });

  it("a product with no COA cannot be sold on either side, and the reason says it has no lab result", () => {
    const none: ComplianceLine = { classes: ["HEMP_THCA_FLOWER"], attributes: {} };
    for (const day of ["2026-11-11", "2026-11-12"]) expect(outcome(none, day)).toBe("banned");
    expect(evaluateLine(none, texas, rules, "2026-11-12").bans[0]?.reason).toBe(
      "It has no lab result (COA) showing its total THC, so it counts as over the limit. THCA flower whose total THC " +
        "(delta-9 + 0.877 × THCA) is above 0.3 % is not sold anywhere in the United States.",
    );
    expect(evaluateLine(none, texas, rules, "2026-11-11").bans[0]?.reason).toMatch(
      /^It has no lab result \(COA\) showing its delta-9 THC, so it counts as over the limit\. /,
    );
    // A COA that did not test THCA gives no total: not sold from 2026-11-12.
    expect(outcome(flower(100, null), "2026-11-11")).toBe("allowed");
    expect(outcome(flower(100, null), "2026-11-12")).toBe("banned");
  });

  it("reaches only the class it names", () => {
    expect(outcome({ classes: ["KRATOM"], attributes: {} }, "2026-11-12")).toBe("allowed");
  });

  it("is at most: the other side of the same limit; a condition that cannot be read holds", () => {
    const atMost = { attribute: "totalThc" as const, operator: "is_at_most" as const, value: "0.3" };
    expect(conditionHolds(atMost, { totalThc: 300 })).toBe(true);
    expect(conditionHolds(atMost, { totalThc: 301 })).toBe(false);
    expect(conditionHolds(atMost, { totalThc: null })).toBe(true);
    expect(conditionHolds({ ...atMost, value: "about a third" }, { totalThc: 0 })).toBe(true);
    expect(conditionHolds({ ...atMost, operator: "is" }, { totalThc: 0 })).toBe(true);
  });

  it("reads a percentage in whole thousandths", () => {
    expect(conditionThousandths("0.3")).toBe(300);
    expect(conditionThousandths(" 0.05 ")).toBe(50);
    expect(conditionThousandths("24.86")).toBe(24_860);
    expect(conditionThousandths("100")).toBe(100_000);
    for (const bad of ["", ".3", "0.3%", "0.3001", "-1", "1e2", "0,3"]) expect(conditionThousandths(bad)).toBeNull();
  });

  it("nationwideBans: what stops a product being sold anywhere on a day, without a buyer's address", () => {
    const stateBan = rule("id-hemp", {
      regulatoryClass: "HEMP_THCA_FLOWER",
      effect: "ban",
      jurisdiction: inState("ID"),
    });
    const all = [...rules, stateBan];
    expect(nationwideBans(flower(260, 28_050), all, "2026-11-11")).toEqual([]);
    expect(nationwideBans(flower(260, 28_050), all, "2026-11-12").map((ban) => ban.ruleId)).toEqual(["total"]);
    expect(nationwideBans(flower(100, 0), all, "2026-11-12")).toEqual([]);
  });
});

describe("the federal hemp limit per container: milligrams of THC from the latest COA (decision 076)", () => {
  // From 2026-11-12 a finished hemp product holds at most 0.4 mg of THC of every kind per container.
  const perContainer = rule("container", {
    regulatoryClass: "HEMP_INTOX",
    effect: "ban",
    condition: { attribute: "thcPerContainer", operator: "is_above", value: "0.4" },
    effectiveFrom: "2026-11-12",
    effectiveTo: null,
    sourceUrl: "https://www.congress.gov/",
  });
  // Micrograms, as COAs store the figure: a jar of ten 10 mg gummies holds 100,000 µg.
  const gummies = (thcPerContainer: number | null): ComplianceLine => ({
    classes: ["HEMP_INTOX"],
    attributes: { totalThc: 250, thcPerContainer },
  });
  const decide = (line: ComplianceLine, on = "2026-11-12") => evaluateLine(line, { state: "TX" }, [perContainer], on);

  it("exactly 0.4 mg is sold, a microgram more is not, and nothing changes before 2026-11-12", () => {
    expect(decide(gummies(400)).outcome).toBe("allowed");
    expect(decide(gummies(401)).outcome).toBe("banned");
    expect(decide(gummies(100_000), "2026-11-11").outcome).toBe("allowed");
  });

  it("says the figure in milligrams and the limit with its unit", () => {
    expect(decide(gummies(100_000)).bans[0]?.reason).toBe(
      "Its latest lab result (COA) shows 100 mg total THC per container. Intoxicating hemp whose total THC per " +
        "container is above 0.4 mg is not sold anywhere in the United States.",
    );
    expect(decide(gummies(401)).bans[0]?.reason).toMatch(
      /^Its latest lab result \(COA\) shows 0\.401 mg total THC per container\. /,
    );
    expect(banReason(perContainer)).toBe(
      "Intoxicating hemp whose total THC per container is above 0.4 mg is not sold anywhere in the United States.",
    );
  });

  it("a COA that does not state it counts as over the limit, whatever its percentages", () => {
    expect(decide(gummies(null)).outcome).toBe("banned");
    expect(decide(gummies(null)).bans[0]?.reason).toMatch(
      /^It has no lab result \(COA\) showing its total THC per container, so it counts as over the limit\. /,
    );
  });

  it("compares milligrams in whole micrograms, as percentages are in thousandths", () => {
    const atMost = { attribute: "thcPerContainer" as const, operator: "is_at_most" as const, value: "0.4" };
    expect(conditionHolds(atMost, { thcPerContainer: 400 })).toBe(true);
    expect(conditionHolds(atMost, { thcPerContainer: 401 })).toBe(false);
    expect(conditionHolds({ ...atMost, value: "150" }, { thcPerContainer: 150_000 })).toBe(true);
  });
});

describe("evaluateOrder", () => {
  const rules = [
    rule("t21", { regulatoryClass: "ENDS", minAge: 21, requirements: ["adult_signature_21", "no_po_box"] }),
    rule("us-kratom", { minAge: 18, requirements: ["no_po_box"], statement: "Kratom." }),
    rule("al-kratom", { jurisdiction: inState("AL"), effect: "ban" }),
    rule("fl-d8", { regulatoryClass: "HEMP_INTOX", jurisdiction: inState("FL"), minAge: 21, statement: "Delta-8." }),
  ];

  it("decides each line, and the order is banned when any line is", () => {
    const decision = evaluateOrder([vape(), kratom], { state: "AL" }, rules, TODAY);
    expect(decision.lines.map((l) => l.outcome)).toEqual(["allowed", "banned"]);
    expect(decision.lines[1]?.bans[0]?.reason).toBe("Kratom is not sold to Alabama.");
    expect(decision.outcome).toBe("banned");
  });

  it("the purchase age is the highest of the lines', and requirements and statements add up", () => {
    const decision = evaluateOrder([kratom, line(["HEMP_INTOX"]), vape(), kratom], { state: "FL" }, rules, TODAY);
    expect(decision).toMatchObject({
      outcome: "allowed",
      minAge: 21,
      requirements: ["adult_signature_21", "no_po_box"],
      statements: ["Kratom.", "Delta-8."],
    });
    expect(decision.lines.map((l) => l.minAge)).toEqual([18, 21, 21, 18]);
    expect(evaluateOrder([kratom], { state: "GA" }, rules, TODAY).minAge).toBe(18);
  });

  it("an empty order or one with plain goods has no age, requirements or statements", () => {
    for (const lines of [[], [line(["GENERAL"])]]) {
      expect(evaluateOrder(lines, { state: "TX" }, rules, TODAY)).toMatchObject({
        outcome: "allowed",
        minAge: null,
        requirements: [],
        statements: [],
      });
    }
  });
});

// Properties over a small world, so that generated rules and lines meet often.
const STATES: UsState[] = ["AL", "FL"];
const CLASSES: RegulatoryClass[] = ["ENDS", "FLAVORED", "KRATOM"];
const DAYS = ["2025-07-31", "2025-08-01", "2025-12-31", "2026-01-01"];

const jurisdictionArb: fc.Arbitrary<Jurisdiction> = fc.oneof(
  fc.constant(US),
  fc.constantFrom(...STATES).map(inState),
  fc.constantFrom(...STATES).map((state) => inLocality(state, "Springfield")),
  fc.constantFrom(...STATES).map((state) => inZips(state, "Downtown", ["10001", "10002"])),
);

const ruleArb: fc.Arbitrary<ComplianceRule> = fc
  .record({
    jurisdiction: jurisdictionArb,
    regulatoryClass: fc.constantFrom(...CLASSES),
    effect: fc.constantFrom(...RULE_EFFECTS),
    minAge: fc.option(fc.constantFrom(18, 19, 21, 25), { nil: null }),
    requirements: fc.subarray([...RULE_REQUIREMENTS]),
    statement: fc.option(fc.constantFrom("Statement A", "Statement B"), { nil: null }),
    condition: fc.option(
      fc.record({
        attribute: fc.constant("flavour" as const),
        operator: fc.constantFrom(...RULE_CONDITION_TEXT_OPERATORS),
        value: fc.constantFrom("tobacco", "mango"),
      }),
      { nil: null },
    ),
    dates: fc.subarray(DAYS, { minLength: 1, maxLength: 2 }),
    open: fc.boolean(),
  })
  .map(({ dates, open, ...fields }) =>
    rule("generated", {
      ...fields,
      effectiveFrom: dates[0] as string,
      effectiveTo: open ? null : (dates[dates.length - 1] as string),
    }),
  );

/** Rules with distinct ids, as saved rules have. */
const rulesArb = fc
  .array(ruleArb, { maxLength: 8 })
  .map((rules) => rules.map((r, index) => ({ ...r, id: `r${index}` })));

const lineArb: fc.Arbitrary<ComplianceLine> = fc.record({
  classes: fc.subarray(CLASSES, { minLength: 1 }),
  attributes: fc.record({ flavour: fc.constantFrom("Tobacco", "Mango Ice", null) }),
});

const destinationArb: fc.Arbitrary<ComplianceDestination> = fc.record({
  state: fc.constantFrom(...STATES),
  city: fc.constantFrom("Springfield", "Shelbyville", null),
  zip: fc.constantFrom("10001", "10003", null),
});

const dayArb = fc.constantFrom(...DAYS);

/** A rule added at any place of the list, with an id of its own. */
const withAdded = (rules: ComplianceRule[], added: ComplianceRule, at: number) => {
  const copy = [...rules];
  copy.splice(at % (rules.length + 1), 0, { ...added, id: "added" });
  return copy;
};

describe("evaluation properties", () => {
  it("adding an allow or restrict rule never changes whether a line is banned", () => {
    fc.assert(
      fc.property(
        rulesArb,
        ruleArb.filter((r) => r.effect !== "ban"),
        fc.nat(),
        lineArb,
        destinationArb,
        dayArb,
        (rules, added, at, l, destination, on) => {
          const before = evaluateLine(l, destination, rules, on);
          const after = evaluateLine(l, destination, withAdded(rules, added, at), on);
          expect(after.outcome).toBe(before.outcome);
          expect(after.bans).toEqual(before.bans);
        },
      ),
    );
  });

  it("adding any rule never turns banned into allowed, never lowers the age, never drops a requirement", () => {
    fc.assert(
      fc.property(rulesArb, ruleArb, fc.nat(), lineArb, destinationArb, dayArb, (rules, added, at, l, dest, on) => {
        const before = evaluateLine(l, dest, rules, on);
        const after = evaluateLine(l, dest, withAdded(rules, added, at), on);
        if (before.outcome === "banned") expect(after.outcome).toBe("banned");
        if (before.minAge !== null) expect(after.minAge).toBeGreaterThanOrEqual(before.minAge);
        expect(after.requirements).toEqual(expect.arrayContaining(before.requirements));
        expect(after.statements).toEqual(expect.arrayContaining(before.statements));
      }),
    );
  });

  it("the order of the rules given changes neither the outcome, the age, the requirements nor which rules apply", () => {
    fc.assert(
      fc.property(
        rulesArb.chain((rules) =>
          fc.tuple(fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length })),
        ),
        lineArb,
        destinationArb,
        dayArb,
        ([rules, shuffled], l, destination, on) => {
          const a = evaluateLine(l, destination, rules, on);
          const b = evaluateLine(l, destination, shuffled, on);
          expect(b.outcome).toBe(a.outcome);
          expect(b.minAge).toBe(a.minAge);
          expect(b.requirements).toEqual(a.requirements);
          expect(new Set(b.statements)).toEqual(new Set(a.statements));
          expect(b.applied.map((x) => x.ruleId).sort()).toEqual(a.applied.map((x) => x.ruleId).sort());
        },
      ),
    );
  });

  it("a line is banned exactly when a ban rule applies; the order's age and outcome come from its lines", () => {
    fc.assert(
      fc.property(rulesArb, fc.array(lineArb, { maxLength: 4 }), destinationArb, dayArb, (rules, lines, dest, on) => {
        const order = evaluateOrder(lines, dest, rules, on);
        for (const decision of order.lines) {
          expect(decision.outcome === "banned").toBe(decision.applied.some((x) => x.effect === "ban"));
          expect(decision.bans.map((x) => x.ruleId)).toEqual(
            decision.applied.filter((x) => x.effect === "ban").map((x) => x.ruleId),
          );
        }
        expect(order.outcome === "banned").toBe(order.lines.some((x) => x.outcome === "banned"));
        const ages = order.lines.flatMap((x) => (x.minAge === null ? [] : [x.minAge]));
        expect(order.minAge).toBe(ages.length === 0 ? null : Math.max(...ages));
        expect(new Set(order.requirements)).toEqual(new Set(order.lines.flatMap((x) => x.requirements)));
      }),
    );
  });
});
