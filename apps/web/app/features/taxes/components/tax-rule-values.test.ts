import { describe, expect, it } from "vitest";
import {
  type TaxRuleFormValues,
  taxRateInWords,
  taxRuleFormValues,
  taxRuleInputOf,
  taxRuleProblem,
  taxRuleResolver,
} from "./tax-rule-values.ts";

const resolve = (values: TaxRuleFormValues) =>
  taxRuleResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const ohio: TaxRuleFormValues = {
  ...taxRuleFormValues(undefined, "2026-11-29"),
  state: "OH",
  name: "Ohio vapor products tax",
  rate: "0.1",
  mlRounding: "whole_ml_down",
  sourceUrl: " https://tax.ohio.gov/ ",
};

describe("the tax rule form", () => {
  it("sends the API's input: a state's tax, the rate as typed, the source trimmed", async () => {
    expect((await resolve(ohio)).values).toMatchObject({
      jurisdiction: { level: "state", country: "US", state: "OH" },
      basis: "per_ml",
      rate: "0.1",
      mlRounding: "whole_ml_down",
      sourceUrl: "https://tax.ohio.gov/",
      effectiveTo: null,
      sourceDate: null,
    });
  });

  it("sends no ml rounding for a basis that counts no millilitres, and keeps the other hidden fields", () => {
    const input = taxRuleInputOf({ ...ohio, basis: "retail_percent", rate: "12.5", afterDiscount: true });
    expect(input).toMatchObject({ basis: "retail_percent", mlRounding: null, afterDiscount: true });
    expect(taxRuleInputOf({ ...ohio, basis: "per_unit", afterDiscount: true }).afterDiscount).toBe(true);
  });

  it("shows each problem beside its field in the form's words", async () => {
    const { errors } = await resolve({ ...ohio, rate: "ten", mlRounding: "", effectiveTo: "2026-01-01" });
    expect(errors.rate?.message).toBe(
      "Please enter dollars from 0 to 999 as a number, such as 0.10 or 0.075 (at most five decimals).",
    );
    expect(errors.mlRounding?.message).toBe("Please choose how part of a millilitre is counted.");
    expect(errors.effectiveTo?.message).toBe("The end date cannot be before the start date.");
    expect(taxRuleProblem("jurisdiction.zips.1", "must be 5-digit ZIP codes", { ...ohio, zips: "43004 4300" })).toEqual(
      ["zips", "“4300” is not a 5-digit ZIP code."],
    );
    expect(taxRuleProblem("basis", "must be per_ml, per_unit, retail_percent or wholesale_percent", ohio)).toEqual([
      "basis",
      "Basis must be per_ml, per_unit, retail_percent or wholesale_percent.",
    ]);
  });

  it("reads a rate as staff say it", () => {
    expect(taxRateInWords("per_ml", "0.10")).toBe("$0.10 per ml");
    expect(taxRateInWords("per_unit", "0.50")).toBe("$0.50 per unit");
    expect(taxRateInWords("retail_percent", "12.5")).toBe("12.5% of retail");
    expect(taxRateInWords("wholesale_percent", "40")).toBe("40% of wholesale");
  });
});
