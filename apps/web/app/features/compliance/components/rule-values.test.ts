import type { ComplianceRuleItem } from "@shop/shared";
import { describe, expect, it } from "vitest";
import {
  type RuleFormValues,
  ruleFormValues,
  ruleInForceAlike,
  ruleInputOf,
  ruleProblem,
  ruleResolver,
} from "./rule-values.ts";

const resolve = (values: RuleFormValues) =>
  ruleResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const valid: RuleFormValues = {
  ...ruleFormValues(undefined, "2026-11-24"),
  state: "AL",
  regulatoryClass: "KRATOM",
  effect: "ban",
  sourceUrl: " https://www.alabamapublichealth.gov/ ",
};

describe("the rule form", () => {
  it("sends the API's input: the level's jurisdiction only, no empty condition, dates as typed", async () => {
    expect((await resolve(valid)).values).toEqual({
      jurisdiction: { level: "state", country: "US", state: "AL" },
      regulatoryClass: "KRATOM",
      effect: "ban",
      minAge: null,
      requirements: [],
      statement: null,
      condition: null,
      effectiveFrom: "2026-11-24",
      effectiveTo: null,
      sourceUrl: "https://www.alabamapublichealth.gov/",
      sourceDate: null,
      lastCheckedOn: "2026-11-24",
      notes: "",
      exceptLicensed: false,
      isExample: false,
    });
    // A ban that spares licensed businesses says so (docs/decisions/102).
    expect((await resolve({ ...valid, exceptLicensed: true })).values).toMatchObject({ exceptLicensed: true });
    const zipSet = ruleInputOf({
      ...valid,
      level: "zip_set",
      zipSetName: "Town",
      zips: "34230, 34231\n34232",
      minAge: "21",
    });
    expect(zipSet.jurisdiction).toEqual({
      level: "zip_set",
      country: "US",
      state: "AL",
      name: "Town",
      zips: ["34230", "34231", "34232"],
    });
    expect(zipSet.minAge).toBe(21);
  });

  it("puts each problem beside its field, in words, naming a bad ZIP code", async () => {
    const { errors } = await resolve({
      ...valid,
      level: "zip_set",
      zipSetName: "",
      zips: "34230 3423",
      minAge: "twenty",
      sourceUrl: "javascript:alert(1)",
    });
    expect(Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]))).toEqual({
      zipSetName: "Please enter the name of the ZIP set.",
      zips: "“3423” is not a 5-digit ZIP code.",
      minAge: "Minimum age must be a whole number of years.",
      sourceUrl: "Please enter the source's web address (http or https).",
    });
  });

  it("refuses an end before the start beside the end date", async () => {
    const { errors } = await resolve({ ...valid, effectiveFrom: "2026-05-01", effectiveTo: "2026-04-30" });
    expect(errors.effectiveTo?.message).toBe("The end date cannot be before the start date.");
  });

  it("takes a lab figure with a numeric comparison and a percentage, and says beside each field what is wrong", async () => {
    const figure = { ...valid, conditionAttribute: "totalThc", conditionOperator: "is_above", conditionValue: "0.3" };
    expect((await resolve(figure)).errors).toEqual({});
    const words = await resolve({ ...figure, conditionOperator: "contains", conditionValue: "a third" });
    expect(Object.fromEntries(Object.entries(words.errors).map(([name, error]) => [name, error?.message]))).toEqual({
      conditionOperator: "A lab figure is compared with “is above” or “is at most”.",
      conditionValue: "Please enter a percentage from 0 to 100 as a number, such as 0.3 (at most three decimals).",
    });
    const flavour = await resolve({ ...figure, conditionAttribute: "flavour" });
    expect(flavour.errors.conditionOperator?.message).toBe(
      "Words are compared with “is”, “is not”, “contains” or “does not contain”.",
    );
  });

  it("reads the server's field names the same way", () => {
    expect(ruleProblem("jurisdiction.zips.0", "must be 5-digit ZIP codes", { ...valid, zips: "1234" })).toEqual([
      "zips",
      "“1234” is not a 5-digit ZIP code.",
    ]);
    expect(ruleProblem("condition.value", "Please enter the value to compare with.", valid)).toEqual([
      "conditionValue",
      "Please enter the value to compare with.",
    ]);
  });
});

describe("a rule in force for the same place, class and effect", () => {
  const saved = (changes: Partial<ComplianceRuleItem>): ComplianceRuleItem => ({
    id: "rule-1",
    version: 1,
    jurisdiction: { level: "state", country: "US", state: "AL" },
    regulatoryClass: "KRATOM",
    effect: "ban",
    minAge: null,
    requirements: [],
    statement: null,
    condition: null,
    effectiveFrom: "2026-01-01",
    effectiveTo: null,
    sourceUrl: "https://www.alabamapublichealth.gov/",
    sourceDate: null,
    lastCheckedOn: "2026-11-01",
    notes: "",
    exceptLicensed: false,
    isExample: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    stale: false,
    ...changes,
  });
  const today = "2026-11-24";

  it("is found for the same state, class and effect while in force", () => {
    expect(ruleInForceAlike(valid, [saved({})], today)?.id).toBe("rule-1");
    expect(ruleInForceAlike(valid, [saved({ effectiveTo: today })], today)?.id).toBe("rule-1");
  });

  it("is not the rule being edited, nor one of another place, class or effect, nor one not in force today", () => {
    for (const other of [
      saved({ jurisdiction: { level: "state", country: "US", state: "GA" } }),
      saved({ regulatoryClass: "ALK_7OH" }),
      saved({ effect: "restrict" }),
      saved({ effectiveFrom: "2026-11-25" }),
      saved({ effectiveTo: "2026-11-23" }),
      saved({ jurisdiction: { level: "country", country: "US" } }),
    ]) {
      expect(ruleInForceAlike(valid, [other], today)).toBeUndefined();
    }
    expect(ruleInForceAlike(valid, [saved({})], today, "rule-1")).toBeUndefined();
  });

  it("matches a county or city and a ZIP set by name, whatever their case", () => {
    const county = saved({
      jurisdiction: { level: "locality", country: "US", state: "AL", locality: "Jefferson County" },
    });
    expect(ruleInForceAlike({ ...valid, level: "locality", locality: " jefferson county" }, [county], today)).toBe(
      county,
    );
    expect(
      ruleInForceAlike({ ...valid, level: "locality", locality: "Shelby County" }, [county], today),
    ).toBeUndefined();
    const zips = saved({
      jurisdiction: { level: "zip_set", country: "US", state: "AL", name: "Town of X", zips: ["35201"] },
    });
    expect(ruleInForceAlike({ ...valid, level: "zip_set", zipSetName: "TOWN OF X" }, [zips], today)).toBe(zips);
  });
});
