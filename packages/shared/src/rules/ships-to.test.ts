import { describe, expect, it } from "vitest";
import type { RegulatoryClass } from "../constants/compliance.ts";
import { inState, testRule } from "../test-fixtures.ts";
import type { ComplianceLine, EvaluatedRule } from "./compliance.ts";
import { countryWideBans, shipsToAnswer, stateWideBans } from "./ships-to.ts";

/** testRule's rule, but a ban. */
const rule = (id: string, overrides: Partial<EvaluatedRule> = {}): EvaluatedRule =>
  testRule(id, { effect: "ban", ...overrides });

const line = (classes: RegulatoryClass[], flavour: string | null = null): ComplianceLine => ({
  classes,
  attributes: { flavour },
});
const kratom = line(["KRATOM"]);
const vape = (flavour: string) => line(["ENDS", "FLAVORED"], flavour);
const TODAY = "2026-11-24";

const rules: EvaluatedRule[] = [
  rule("al", { jurisdiction: inState("AL") }),
  rule("sd", {
    jurisdiction: { level: "zip_set", country: "US", state: "CA", name: "San Diego", zips: ["92101"] },
  }),
  rule("denver", { jurisdiction: { level: "locality", country: "US", state: "CO", locality: "Denver" } }),
  rule("t21", { regulatoryClass: "ENDS", effect: "restrict", minAge: 21 }),
  rule("ma", {
    jurisdiction: inState("MA"),
    regulatoryClass: "FLAVORED",
    condition: { attribute: "flavour", operator: "is_not", value: "Tobacco" },
  }),
  rule("old", { jurisdiction: inState("TX"), effectiveTo: "2026-11-23" }),
  rule("later", { jurisdiction: inState("TX"), effectiveFrom: "2026-11-25" }),
];

describe("shipsToAnswer", () => {
  it("says no for a state-wide ban, with its reason and source", () => {
    const answer = shipsToAnswer(kratom, "AL", rules, TODAY);
    expect(answer).toMatchObject({ state: "AL", outcome: "banned", localBans: [], minAge: null });
    expect(answer.bans).toEqual([
      { ruleId: "al", version: 1, reason: "Kratom is not sold to Alabama.", sourceUrl: "https://example.org/al" },
    ]);
  });

  it("says yes where no country or state rule bans it, and ignores other states' rules", () => {
    expect(shipsToAnswer(kratom, "TX", rules, TODAY)).toEqual({
      state: "TX",
      outcome: "allowed",
      bans: [],
      localBans: [],
      minAge: null,
    });
  });

  it("names the places inside the state a city, county or ZIP rule bans, rather than yes or no", () => {
    const california = shipsToAnswer(kratom, "CA", rules, TODAY);
    expect(california.outcome).toBe("allowed");
    expect(california.localBans.map((ban) => ban.reason)).toEqual([
      "Kratom is not sold to ZIP codes of San Diego, CA.",
    ]);
    expect(shipsToAnswer(kratom, "CO", rules, TODAY).localBans.map((ban) => ban.ruleId)).toEqual(["denver"]);
    expect(shipsToAnswer(vape("Mango"), "CA", rules, TODAY).localBans).toEqual([]);
  });

  it("applies a condition on the product's attributes", () => {
    expect(shipsToAnswer(vape("Mango"), "MA", rules, TODAY).outcome).toBe("banned");
    expect(shipsToAnswer(vape("Tobacco"), "MA", rules, TODAY).outcome).toBe("allowed");
  });

  it("gives the minimum age of the country's and state's rules, with or without a state", () => {
    expect(shipsToAnswer(vape("Tobacco"), "TX", rules, TODAY).minAge).toBe(21);
    expect(shipsToAnswer(vape("Tobacco"), null, rules, TODAY).minAge).toBe(21);
  });

  it("without a state: unknown, unless a country-wide ban stops it everywhere", () => {
    expect(shipsToAnswer(kratom, null, rules, TODAY)).toEqual({
      state: null,
      outcome: "unknown",
      bans: [],
      localBans: [],
      minAge: null,
    });
    const everywhere = [...rules, rule("us", { regulatoryClass: "ALK_7OH" })];
    const answer = shipsToAnswer(line(["KRATOM", "ALK_7OH"]), null, everywhere, TODAY);
    expect(answer.outcome).toBe("banned");
    expect(answer.bans.map((ban) => ban.reason)).toEqual(["7-OH products are not sold anywhere in the United States."]);
    expect(shipsToAnswer(line(["ALK_7OH"]), "TX", everywhere, TODAY).outcome).toBe("banned");
  });

  it("counts only rules in force on the day, both edges included", () => {
    expect(shipsToAnswer(kratom, "TX", rules, TODAY).outcome).toBe("allowed");
    expect(shipsToAnswer(kratom, "TX", rules, "2026-11-23").outcome).toBe("banned");
    expect(shipsToAnswer(kratom, "TX", rules, "2026-11-25").outcome).toBe("banned");
  });
});

describe("stateWideBans", () => {
  it("gives the country's and the state's bans in force, with their conditions, and no local ones", () => {
    const everywhere = [...rules, rule("us", { regulatoryClass: "ALK_7OH" })];
    expect(stateWideBans(everywhere, "AL", TODAY)).toEqual([
      { regulatoryClass: "KRATOM", condition: null },
      { regulatoryClass: "ALK_7OH", condition: null },
    ]);
    expect(stateWideBans(everywhere, "MA", TODAY)).toEqual([
      { regulatoryClass: "FLAVORED", condition: { attribute: "flavour", operator: "is_not", value: "Tobacco" } },
      { regulatoryClass: "ALK_7OH", condition: null },
    ]);
    expect(stateWideBans(everywhere, "CA", TODAY)).toEqual([{ regulatoryClass: "ALK_7OH", condition: null }]);
    expect(stateWideBans(rules, "TX", "2026-11-25")).toEqual([{ regulatoryClass: "KRATOM", condition: null }]);
  });
});

describe("countryWideBans", () => {
  it("gives the country's bans in force that day only: no state's, no restriction, none ended or not yet begun", () => {
    const limit = { attribute: "thcPerContainer", operator: "is_above", value: "0.4" } as const;
    const everywhere = [
      ...rules,
      rule("us", { regulatoryClass: "ALK_7OH" }),
      rule("us-ended", { regulatoryClass: "HEMP_INTOX", effectiveTo: "2026-11-23" }),
      rule("us-later", { regulatoryClass: "HEMP_NONINTOX", effectiveFrom: "2026-11-25", condition: limit }),
    ];
    expect(countryWideBans(everywhere, TODAY)).toEqual([{ regulatoryClass: "ALK_7OH", condition: null }]);
    expect(countryWideBans(everywhere, "2026-11-25")).toEqual([
      { regulatoryClass: "ALK_7OH", condition: null },
      { regulatoryClass: "HEMP_NONINTOX", condition: limit },
    ]);
  });
});
