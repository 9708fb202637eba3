import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TaxBasis } from "../constants/taxes.ts";
import type { ComplianceDestination } from "./compliance.ts";
import {
  discountShares,
  type EvaluatedTaxRule,
  type ExciseFacts,
  type ExciseLine,
  exciseFacts,
  exciseOfLine,
  formatMl,
  liquidMlFromText,
  nicotineMgFromText,
  taxRateText,
  taxRateUnits,
  vapeSystemFromType,
} from "./excise.ts";
import { DEFAULT_SHIPPING_RULES, type PriceContext, type PriceLine, price } from "./price.ts";

// The excise arithmetic (docs/decisions/096), each figure worked out by hand in the test's name or
// beside it. Rates are in the units the rules keep: thousandths of a cent per ml or unit ($0.10 is
// 10,000), basis points of a percentage (12.5 % is 1,250); millilitres in thousandths.

const TODAY = "2026-11-29";
const TOMORROW = "2026-11-30";
const YESTERDAY = "2026-11-28";

const OHIO: ComplianceDestination = { state: "OH" };

/** A state's tax on vapes, per millilitre at $0.10 proportionally, in force since 2025, unless `change` says otherwise. */
function rule(change: Partial<EvaluatedTaxRule> = {}): EvaluatedTaxRule {
  return {
    id: "ohio",
    version: 1,
    jurisdiction: { level: "state", country: "US", state: "OH" },
    name: "Ohio vapor products tax",
    regulatoryClass: "ENDS",
    nicotine: "any",
    system: "any",
    liquid: "any",
    basis: "per_ml",
    rate: "0.10",
    mlRounding: "proportional",
    afterDiscount: false,
    salesTaxOnTop: false,
    effectiveFrom: "2025-01-01",
    effectiveTo: null,
    sourceUrl: "https://tax.ohio.gov/",
    ...change,
  };
}

/** A prefilled 10 ml nicotine vape (50 mg/ml), wholesale $8.00, unless `change` says otherwise. */
function facts(change: Partial<ExciseFacts> = {}): ExciseFacts {
  return {
    classes: ["ENDS", "NICOTINE"],
    liquidMl: 10_000,
    nicotineMgPerMl: 50_000,
    system: "prefilled",
    wholesaleCostCents: 800,
    ...change,
  };
}

/** One line of `pieces` pieces costing `lineTotalCents`, no discount, unless `change` says otherwise. */
function line(change: Partial<ExciseLine> = {}): ExciseLine {
  return { excise: facts(), pieces: 1, lineTotalCents: 2000, discountCents: 0, ...change };
}

/** What the rules charge one line in Ohio today: [label, cents] of each tax. */
function charged(
  rules: readonly EvaluatedTaxRule[],
  what: ExciseLine = line(),
  where: ComplianceDestination = OHIO,
  on = TODAY,
) {
  return exciseOfLine(what, rules, where, on).charges.map((charge) => [charge.label, charge.amountCents]);
}

describe("a tax per millilitre", () => {
  it("Ohio, 2 × 10 ml at $0.10: 20 ml × $0.10 = $2.00", () => {
    const { charges, refusals } = exciseOfLine(line({ pieces: 2 }), [rule()], OHIO, TODAY);
    expect(refusals).toEqual([]);
    expect(charges).toEqual([
      {
        rule: rule(),
        label: "Ohio vapor products tax: 10 ml × $0.10 × 2",
        amountCents: 200,
        basisCents: null,
        basisMl: 20_000,
        rateUnits: 10_000,
        where: "Ohio",
      },
    ]);
  });

  it("counts a 2.5 ml pod at $0.10 as 2 ml (20¢) when whole millilitres round down, as 2.5 ml (25¢) proportionally", () => {
    const pod = line({ excise: facts({ liquidMl: 2_500 }) });
    expect(charged([rule({ mlRounding: "whole_ml_down" })], pod)).toEqual([
      ["Ohio vapor products tax: 2 ml × $0.10", 20],
    ]);
    expect(charged([rule({ mlRounding: "proportional" })], pod)).toEqual([
      ["Ohio vapor products tax: 2.5 ml × $0.10", 25],
    ]);
  });

  it("rounds each container down, not the line: 3 pods of 2.5 ml whole-down are 3 × 2 = 6 ml (60¢), not 7 ml", () => {
    const pods = line({ excise: facts({ liquidMl: 2_500 }), pieces: 3 });
    const [whole] = exciseOfLine(pods, [rule({ mlRounding: "whole_ml_down" })], OHIO, TODAY).charges;
    expect(whole).toMatchObject({
      label: "Ohio vapor products tax: 2 ml × $0.10 × 3",
      amountCents: 60,
      basisMl: 6_000,
    });
    // Proportionally: 7.5 ml × $0.10 = 75¢.
    const [all] = exciseOfLine(pods, [rule()], OHIO, TODAY).charges;
    expect(all).toMatchObject({ amountCents: 75, basisMl: 7_500 });
  });

  it("charges nothing on a 0.7 ml cartridge whole-down (0 ml), and 7¢ proportionally (0.7 × 10¢)", () => {
    const cartridge = line({ excise: facts({ liquidMl: 700 }) });
    expect(charged([rule({ mlRounding: "whole_ml_down" })], cartridge)).toEqual([
      ["Ohio vapor products tax: 0 ml × $0.10", 0],
    ]);
    expect(charged([rule()], cartridge)).toEqual([["Ohio vapor products tax: 0.7 ml × $0.10", 7]]);
  });

  it.each([
    // West Virginia, $0.075 a millilitre, the half cent rounded up once for the line.
    [1_000, 1, 8], // 1 ml × 7.5¢ = 7.5¢ → 8¢
    [2_000, 1, 15], // 2 ml × 7.5¢ = 15¢ exactly
    [1_000, 3, 23], // 3 ml × 7.5¢ = 22.5¢ → 23¢ (not 3 × 8¢ = 24¢)
    [7_000, 1, 53], // 7 ml × 7.5¢ = 52.5¢ → 53¢
    [10_000, 2, 150], // 20 ml × 7.5¢ = $1.50
    [700, 1, 5], // 0.7 ml × 7.5¢ = 5.25¢ → 5¢
    [18_000, 1, 135], // 18 ml × 7.5¢ = $1.35
  ])("West Virginia: %i thousandths of a ml × %i at $0.075 is %i¢", (ml, pieces, cents) => {
    const westVirginia = rule({
      jurisdiction: { level: "state", country: "US", state: "WV" },
      name: "West Virginia tobacco products excise tax",
      rate: "0.075",
    });
    const [charge] = exciseOfLine(
      line({ excise: facts({ liquidMl: ml }), pieces }),
      [westVirginia],
      { state: "WV" },
      TODAY,
    ).charges;
    expect(charge?.amountCents).toBe(cents);
    expect(charge?.rateUnits).toBe(7_500);
    expect(charge?.label).toContain("× $0.075");
  });

  it("Louisiana, 18 ml at $0.15: $2.70; Cook County's $0.20 on 6 ml: $1.20", () => {
    const louisiana = rule({
      jurisdiction: { level: "state", country: "US", state: "LA" },
      name: "Louisiana tax",
      rate: "0.15",
    });
    expect(charged([louisiana], line({ excise: facts({ liquidMl: 18_000 }) }), { state: "LA" })[0]?.[1]).toBe(270);
    const cook = rule({
      jurisdiction: { level: "locality", country: "US", state: "IL", locality: "Cook County" },
      name: "Cook County tax",
      rate: "0.2",
    });
    const where = { state: "IL" as const, county: "Cook" };
    expect(charged([cook], line({ excise: facts({ liquidMl: 6_000 }) }), where)).toEqual([
      ["Cook County tax: 6 ml × $0.20", 120],
    ]);
  });
});

describe("a tax per unit", () => {
  it("$0.50 a unit × 3: $1.50; $0.005 a unit × 1 rounds half up to 1¢; × 3 is 1.5¢ → 2¢", () => {
    const perUnit = (rate: string) => rule({ basis: "per_unit", rate, mlRounding: null });
    expect(charged([perUnit("0.50")], line({ pieces: 3 }))).toEqual([["Ohio vapor products tax: $0.50 × 3", 150]]);
    expect(charged([perUnit("0.005")], line())).toEqual([["Ohio vapor products tax: $0.005", 1]]);
    expect(charged([perUnit("0.005")], line({ pieces: 3 }))[0]?.[1]).toBe(2);
  });

  it("needs no millilitres: a device without any recorded is still taxed per unit", () => {
    const device = line({ excise: facts({ liquidMl: null }) });
    const result = exciseOfLine(device, [rule({ basis: "per_unit", rate: "1.00", mlRounding: null })], OHIO, TODAY);
    expect(result.refusals).toEqual([]);
    expect(result.charges[0]?.amountCents).toBe(100);
  });
});

describe("a percentage of the retail price", () => {
  const california = (afterDiscount: boolean) =>
    rule({
      jurisdiction: { level: "state", country: "US", state: "CA" },
      name: "California electronic cigarette excise tax",
      basis: "retail_percent",
      rate: "12.5",
      mlRounding: null,
      afterDiscount,
    });
  const device = line({ lineTotalCents: 2000, discountCents: 200 });

  it("California, a $20 device after a 10 % discount: 12.5 % of $18.00 = $2.25", () => {
    const [charge] = exciseOfLine(device, [california(true)], { state: "CA" }, TODAY).charges;
    expect(charge).toMatchObject({
      label: "California electronic cigarette excise tax: 12.5% of $18.00",
      amountCents: 225,
      basisCents: 1800,
      rateUnits: 1250,
      where: "California",
    });
  });

  it("the same device when the rule taxes the price before discounts: 12.5 % of $20.00 = $2.50", () => {
    expect(charged([california(false)], device, { state: "CA" })).toEqual([
      ["California electronic cigarette excise tax: 12.5% of $20.00", 250],
    ]);
  });

  it.each([
    [1999, 250], // 249.875¢ → 250¢
    [4, 1], // 0.5¢ → 1¢, half up
    [3, 0], // 0.375¢ → 0¢
    [2799 * 3, 1050], // 12.5 % of $83.97 = 1,049.625¢ → $10.50
  ])("12.5 %% of %i¢ is %i¢", (total, cents) => {
    expect(charged([california(false)], line({ lineTotalCents: total }), { state: "CA" })[0]?.[1]).toBe(cents);
  });

  it("New York's 20 % of a $22.99 device is $4.60 (459.8¢); Boulder's 40 % of $15.99 is $6.40 (639.6¢)", () => {
    const newYork = rule({
      jurisdiction: { level: "state", country: "US", state: "NY" },
      basis: "retail_percent",
      rate: "20",
      mlRounding: null,
    });
    expect(charged([newYork], line({ lineTotalCents: 2299 }), { state: "NY" })[0]?.[1]).toBe(460);
    const boulder = rule({
      jurisdiction: { level: "locality", country: "US", state: "CO", locality: "Boulder" },
      basis: "retail_percent",
      rate: "40",
      mlRounding: null,
    });
    expect(charged([boulder], line({ lineTotalCents: 1599 }), { state: "CO", city: "Boulder" })[0]?.[1]).toBe(640);
  });
});

describe("a percentage of the wholesale cost", () => {
  const pennsylvania = rule({
    jurisdiction: { level: "state", country: "US", state: "PA" },
    name: "Pennsylvania other tobacco products tax",
    basis: "wholesale_percent",
    rate: "40",
    mlRounding: null,
  });
  const toPennsylvania = (what: ExciseLine) => exciseOfLine(what, [pennsylvania], { state: "PA" }, TODAY).charges;

  it("takes the DistroPrice when no wholesale cost is set: 40 % of $11.50 = $4.60, of 2 × $11.50 = $9.20", () => {
    const sources = {
      classes: ["ENDS", "NICOTINE"] as const,
      options: [],
      liquidMl: null,
      nicotineMgPerMl: null,
      system: null,
      wholesaleCostCents: null,
      liquidText: "18 mL",
      nicotineText: "5%",
      productType: "Disposable",
      distroPriceCents: 1150,
    };
    const fromDistro = exciseFacts(sources);
    expect(fromDistro.wholesaleCostCents).toBe(1150);
    const [one] = toPennsylvania(line({ excise: fromDistro }));
    expect(one).toMatchObject({
      label: "Pennsylvania other tobacco products tax: 40% of $11.50 wholesale",
      amountCents: 460,
      basisCents: 1150,
    });
    expect(toPennsylvania(line({ excise: fromDistro, pieces: 2 }))[0]).toMatchObject({
      amountCents: 920,
      basisCents: 2300,
    });
    // A wholesale cost staff set wins over the DistroPrice: 40 % of $10.00 = $4.00.
    const overridden = exciseFacts({ ...sources, wholesaleCostCents: 1000 });
    expect(toPennsylvania(line({ excise: overridden }))[0]?.amountCents).toBe(400);
  });

  it("Nevada's 30 % of $11.50 is $3.45; D.C.'s 91 % of $7.80 is $7.10 (709.8¢); Montgomery County's 30 % of $9.90 is $2.97", () => {
    const percent = (state: "NV" | "DC" | "MD", rate: string, locality?: string) =>
      rule({
        jurisdiction: locality
          ? { level: "locality", country: "US", state, locality }
          : { level: "state", country: "US", state },
        basis: "wholesale_percent",
        rate,
        mlRounding: null,
      });
    const cost = (cents: number) => line({ excise: facts({ wholesaleCostCents: cents }) });
    expect(charged([percent("NV", "30")], cost(1150), { state: "NV" })[0]?.[1]).toBe(345);
    expect(charged([percent("DC", "91")], cost(780), { state: "DC" })[0]?.[1]).toBe(710);
    const montgomery = percent("MD", "30", "Montgomery County");
    expect(charged([montgomery], cost(990), { state: "MD", county: "Montgomery" })[0]?.[1]).toBe(297);
    expect(charged([montgomery], cost(990), { state: "MD", city: "Baltimore" })).toEqual([]);
  });
});

describe("boxes, through price()", () => {
  it("Ohio on 2 boxes of 5 pieces of 10 ml: 10 pieces × 10 ml × $0.10 = $10.00", () => {
    const box: PriceLine = {
      productId: "p1",
      categoryId: "c1",
      unitPriceCents: 8899,
      quantity: 2,
      piecesPerUnit: 5,
      excise: facts(),
    };
    const context: PriceContext = {
      fulfilment: "ship",
      shipping: DEFAULT_SHIPPING_RULES,
      salesTax: null,
      discount: null,
      excise: { rules: [rule()], destination: OHIO, on: TODAY },
    };
    const priced = price([box], context);
    const excise = priced.adjustments.filter((adjustment) => adjustment.kind === "excise");
    expect(excise).toEqual([
      {
        kind: "excise",
        line: 0,
        label: "Ohio vapor products tax: 10 ml × $0.10 × 10",
        amountCents: 1000,
        basisCents: null,
        rateBasisPoints: null,
        source: "tax_rule:ohio",
        excise: {
          ruleId: "ohio",
          ruleVersion: 1,
          where: "Ohio",
          basis: "per_ml",
          basisMl: 100_000,
          pieces: 10,
          rateUnits: 10_000,
          salesTaxOnTop: false,
        },
      },
    ]);
    expect(priced.totals.exciseCents).toBe(1000);
    // 2 × $88.99 = $177.98, shipping free over $100, plus the excise.
    expect(priced.totals.totalCents).toBe(17_798 + 1000);
  });
});

describe("a wholesale sale, through price() (decision 102)", () => {
  const box: PriceLine = {
    productId: "p1",
    categoryId: "c1",
    unitPriceCents: 6000,
    quantity: 1,
    piecesPerUnit: 6,
    excise: facts(),
  };
  const rules = [
    rule({
      id: "distributor",
      name: "Distributor tax",
      basis: "per_unit",
      rate: "1.00",
      mlRounding: null,
      wholesale: "charged",
    }),
    rule({
      id: "retail",
      name: "Retail tax",
      basis: "retail_percent",
      rate: "10",
      mlRounding: null,
      wholesale: "exempt",
    }),
    // A rule saved before the provision existed counts as charged.
    rule({ id: "older", name: "Older tax", basis: "per_unit", rate: "0.50", mlRounding: null }),
  ];
  const context = (wholesale?: boolean): PriceContext => ({
    fulfilment: "ship",
    shipping: DEFAULT_SHIPPING_RULES,
    salesTax: null,
    discount: null,
    excise: { rules, destination: OHIO, on: TODAY },
    ...(wholesale === undefined ? {} : { wholesale }),
  });
  const sources = (wholesale?: boolean) =>
    price([box], context(wholesale))
      .adjustments.filter((adjustment) => adjustment.kind === "excise")
      .map((adjustment) => adjustment.source);

  it("owes only the rules charged on wholesale; a retail sale owes them all", () => {
    expect(sources(true)).toEqual(["tax_rule:distributor", "tax_rule:older"]);
    expect(sources(false)).toEqual(["tax_rule:distributor", "tax_rule:retail", "tax_rule:older"]);
    expect(sources()).toEqual(sources(false));
  });

  it("is not refused for a fact only an exempt rule needs", () => {
    const needsCost = rule({
      id: "cost",
      basis: "wholesale_percent",
      rate: "30",
      mlRounding: null,
      wholesale: "exempt",
    });
    const bare = { ...box, excise: facts({ wholesaleCostCents: null }) };
    const retail = price([bare], { ...context(false), excise: { rules: [needsCost], destination: OHIO, on: TODAY } });
    expect(retail.refusals).toHaveLength(1);
    const wholesale = price([bare], { ...context(true), excise: { rules: [needsCost], destination: OHIO, on: TODAY } });
    expect(wholesale.refusals).toEqual([]);
  });
});

describe("which lines a rule takes in", () => {
  it("by nicotine: a 'nicotine' rule skips a 0 mg liquid, and without a strength goes by the NICOTINE class", () => {
    const withNicotine = [rule({ nicotine: "nicotine" })];
    expect(charged(withNicotine, line())).toHaveLength(1);
    expect(charged(withNicotine, line({ excise: facts({ nicotineMgPerMl: 0 }) }))).toEqual([]);
    expect(charged(withNicotine, line({ excise: facts({ nicotineMgPerMl: null }) }))).toHaveLength(1);
    const unknownFree = facts({ nicotineMgPerMl: null, classes: ["ENDS"] });
    expect(charged(withNicotine, line({ excise: unknownFree }))).toEqual([]);
    // 0.001 mg/ml is nicotine all the same.
    expect(charged(withNicotine, line({ excise: facts({ nicotineMgPerMl: 1 }) }))).toHaveLength(1);

    const nicotineFree = [rule({ nicotine: "nicotine_free" })];
    expect(charged(nicotineFree, line())).toEqual([]);
    expect(charged(nicotineFree, line({ excise: facts({ nicotineMgPerMl: 0 }) }))).toHaveLength(1);
    expect(charged(nicotineFree, line({ excise: unknownFree }))).toHaveLength(1);
  });

  it("by class: an ENDS rule skips kratom, and a NICOTINE rule takes a nicotine liquid in", () => {
    expect(charged([rule()], line({ excise: facts({ classes: ["KRATOM"] }) }))).toEqual([]);
    expect(charged([rule({ regulatoryClass: "NICOTINE" })], line())).toHaveLength(1);
  });

  it("Connecticut by system: $0.40/ml on a prefilled 2 ml pod (80¢), 10 % of wholesale on an open 30 ml bottle ($6.00 → 60¢)", () => {
    const connecticut = [
      rule({ id: "ct-closed", name: "CT prefilled", system: "prefilled", rate: "0.40" }),
      rule({
        id: "ct-open",
        name: "CT open",
        system: "open",
        basis: "wholesale_percent",
        rate: "10",
        mlRounding: null,
      }),
    ];
    const pod = line({ excise: facts({ liquidMl: 2_000, system: "prefilled" }) });
    expect(charged(connecticut, pod)).toEqual([["CT prefilled: 2 ml × $0.40", 80]]);
    const bottle = line({ excise: facts({ liquidMl: 30_000, system: "open", wholesaleCostCents: 600 }) });
    expect(charged(connecticut, bottle)).toEqual([["CT open: 10% of $6.00 wholesale", 60]]);
  });

  it("by liquid: 'with liquid' skips a device holding none, 'without liquid' takes only it", () => {
    const empty = line({ excise: facts({ liquidMl: 0 }) });
    const perUnit = { basis: "per_unit", rate: "1.00", mlRounding: null } as const;
    expect(charged([rule({ ...perUnit, liquid: "with_liquid" })], empty)).toEqual([]);
    expect(charged([rule({ ...perUnit, liquid: "with_liquid" })], line())).toHaveLength(1);
    expect(charged([rule({ ...perUnit, liquid: "without_liquid" })], empty)).toEqual([
      ["Ohio vapor products tax: $1.00", 100],
    ]);
    expect(charged([rule({ ...perUnit, liquid: "without_liquid" })], line())).toEqual([]);
  });

  it("by day: a rule starting tomorrow does not apply today, and does tomorrow; one that ended yesterday does not", () => {
    const starting = [rule({ effectiveFrom: TOMORROW })];
    expect(charged(starting, line(), OHIO, TODAY)).toEqual([]);
    expect(charged(starting, line(), OHIO, TOMORROW)).toHaveLength(1);
    expect(charged([rule({ effectiveTo: YESTERDAY })], line(), OHIO, TODAY)).toEqual([]);
    expect(charged([rule({ effectiveTo: TODAY })], line(), OHIO, TODAY)).toHaveLength(1);
  });

  it("by place: not in another state; a county's and a ZIP set's taxes on top of the state's", () => {
    expect(charged([rule()], line(), { state: "KY" })).toEqual([]);
    const illinois = [
      rule({
        id: "il",
        jurisdiction: { level: "state", country: "US", state: "IL" },
        name: "Illinois tax",
        basis: "wholesale_percent",
        rate: "15",
        mlRounding: null,
      }),
      rule({
        id: "cook",
        jurisdiction: { level: "locality", country: "US", state: "IL", locality: "Cook County" },
        name: "Cook County tax",
        rate: "0.20",
      }),
      rule({
        id: "zips",
        jurisdiction: { level: "zip_set", country: "US", state: "IL", name: "Some town", zips: ["60601", "60602"] },
        name: "Town tax",
        basis: "per_unit",
        rate: "0.25",
        mlRounding: null,
      }),
    ];
    const two = line({ pieces: 2 });
    // 15 % of 2 × $8.00 = $2.40; 20 ml × $0.20 = $4.00; 2 × $0.25 = $0.50.
    expect(charged(illinois, two, { state: "IL", county: "Cook", zip: "60601-2233" })).toEqual([
      ["Illinois tax: 15% of $16.00 wholesale", 240],
      ["Cook County tax: 10 ml × $0.20 × 2", 400],
      ["Town tax: $0.25 × 2", 50],
    ]);
    expect(charged(illinois, two, { state: "IL", city: "Springfield", zip: "62701" })).toEqual([
      ["Illinois tax: 15% of $16.00 wholesale", 240],
    ]);
    const [, cook] = exciseOfLine(two, illinois, { state: "IL", county: "Cook" }, TODAY).charges;
    expect(cook?.where).toBe("Cook County, Illinois");
  });
});

describe("a line missing a fact a rule needs is refused, in words", () => {
  it.each([
    [
      "millilitres, for a per-ml tax",
      rule(),
      facts({ liquidMl: null }),
      "It cannot be sold to Ohio yet: the Ohio vapor products tax is worked out on how many millilitres of liquid it holds, which is not recorded for it.",
    ],
    [
      "millilitres, for a 'with liquid' condition",
      rule({ basis: "per_unit", rate: "1.00", mlRounding: null, liquid: "with_liquid" }),
      facts({ liquidMl: null }),
      "It cannot be sold to Ohio yet: the Ohio vapor products tax is worked out on how many millilitres of liquid it holds, which is not recorded for it.",
    ],
    [
      "the system, for a prefilled-only tax",
      rule({ system: "prefilled" }),
      facts({ system: null }),
      "It cannot be sold to Ohio yet: the Ohio vapor products tax is worked out on whether it is prefilled or an open system, which is not recorded for it.",
    ],
    [
      "the wholesale cost, for a percentage of it",
      rule({ basis: "wholesale_percent", rate: "40", mlRounding: null }),
      facts({ wholesaleCostCents: null }),
      "It cannot be sold to Ohio yet: the Ohio vapor products tax is worked out on its wholesale cost, which is not recorded for it.",
    ],
  ])("%s", (_what, taxRule, lacking, reason) => {
    const result = exciseOfLine(line({ excise: lacking }), [taxRule], OHIO, TODAY);
    expect(result.charges).toEqual([]);
    expect(result.refusals).toEqual([{ rule: taxRule, reason }]);
  });

  it("is not refused where the rule does not reach it: another state, a nicotine-free liquid, a rule not in force", () => {
    const lacking = line({ excise: facts({ liquidMl: null, nicotineMgPerMl: 0 }) });
    expect(exciseOfLine(lacking, [rule()], { state: "TX" }, TODAY).refusals).toEqual([]);
    expect(exciseOfLine(lacking, [rule({ nicotine: "nicotine" })], OHIO, TODAY).refusals).toEqual([]);
    expect(exciseOfLine(lacking, [rule({ effectiveFrom: TOMORROW })], OHIO, TODAY).refusals).toEqual([]);
  });

  it("is not refused by a rule whose condition its known facts fail: Connecticut's open-system rule never asks a prefilled pod its wholesale cost", () => {
    const connecticut = [
      rule({ id: "ct-closed", name: "CT prefilled", system: "prefilled", rate: "0.40" }),
      rule({
        id: "ct-open",
        name: "CT open",
        system: "open",
        basis: "wholesale_percent",
        rate: "10",
        mlRounding: null,
      }),
    ];
    // A 2 ml pod with no wholesale cost recorded: $0.40 × 2 ml = 80¢, and nothing asked of the open-system rule.
    const pod = exciseOfLine(
      line({ excise: facts({ liquidMl: 2_000, wholesaleCostCents: null }) }),
      connecticut,
      OHIO,
      TODAY,
    );
    expect(pod.refusals).toEqual([]);
    expect(pod.charges.map((charge) => [charge.label, charge.amountCents])).toEqual([
      ["CT prefilled: 2 ml × $0.40", 80],
    ]);
    // An open tank with no millilitres recorded: 10 % of $6.00 = 60¢, and nothing asked of the per-ml prefilled rule.
    const tank = line({ excise: facts({ liquidMl: null, system: "open", wholesaleCostCents: 600 }) });
    const open = exciseOfLine(tank, connecticut, OHIO, TODAY);
    expect(open.refusals).toEqual([]);
    expect(open.charges.map((charge) => charge.amountCents)).toEqual([60]);
    // A device known to hold no liquid is left out of a per-ml tax "holding liquid" without being asked more.
    const empty = line({ excise: facts({ liquidMl: 0, system: null }) });
    const withLiquid = rule({ liquid: "with_liquid", system: "prefilled" });
    expect(exciseOfLine(empty, [withLiquid], OHIO, TODAY)).toEqual({ charges: [], refusals: [] });
    // Unknown facts a rule could apply by are still asked for.
    expect(exciseOfLine(line({ excise: facts({ system: null }) }), connecticut, OHIO, TODAY).refusals).toHaveLength(2);
  });

  it("price() lists the refusal with its line, and charges the other lines", () => {
    const lines: PriceLine[] = [
      { productId: "p1", categoryId: "c1", unitPriceCents: 1000, quantity: 1, excise: facts() },
      { productId: "p2", categoryId: "c1", unitPriceCents: 1000, quantity: 1, excise: facts({ liquidMl: null }) },
    ];
    const priced = price(lines, {
      fulfilment: "ship",
      shipping: DEFAULT_SHIPPING_RULES,
      salesTax: null,
      discount: null,
      excise: { rules: [rule()], destination: OHIO, on: TODAY },
    });
    expect(priced.refusals).toEqual([
      {
        line: 1,
        rule: rule(),
        reason:
          "It cannot be sold to Ohio yet: the Ohio vapor products tax is worked out on how many millilitres of liquid it holds, which is not recorded for it.",
      },
    ]);
    expect(priced.adjustments.filter((adjustment) => adjustment.kind === "excise").map((a) => a.line)).toEqual([0]);
  });
});

describe("rates as text", () => {
  it.each([
    ["per_ml", "0.10", 10_000],
    ["per_ml", "0.1", 10_000],
    ["per_ml", "0.075", 7_500],
    ["per_ml", " 0.40 ", 40_000],
    ["per_ml", "0.00001", 1],
    ["per_ml", "0", 0],
    ["per_unit", "1", 100_000],
    ["per_unit", "999", 99_900_000],
    ["per_unit", "999.00000", 99_900_000],
    ["retail_percent", "12.5", 1_250],
    ["retail_percent", "12.55", 1_255],
    ["retail_percent", "0.05", 5],
    ["wholesale_percent", "91", 9_100],
    ["wholesale_percent", "1000", 100_000],
  ] as [TaxBasis, string, number][])("%s %j is %i units", (basis, text, units) => {
    expect(taxRateUnits(basis, text)).toBe(units);
  });

  it.each([
    ["per_ml", "999.00001"], // over $999
    ["per_ml", "1000"],
    ["per_ml", "0.000001"], // six decimals
    ["per_ml", "-0.10"],
    ["per_ml", ".10"],
    ["per_ml", "0."],
    ["per_ml", "$0.10"],
    ["per_ml", "1e2"],
    ["per_ml", "0,10"],
    ["per_ml", ""],
    ["retail_percent", "12.555"], // three decimals
    ["retail_percent", "1000.01"], // over 1,000 %
    ["retail_percent", "12.5%"],
    ["wholesale_percent", "10000"],
  ] as [TaxBasis, string][])("%s %j is not a rate", (basis, text) => {
    expect(taxRateUnits(basis, text)).toBeNull();
  });

  it.each([
    ["per_ml", 10_000, "0.10"],
    ["per_ml", 7_500, "0.075"],
    ["per_ml", 1, "0.00001"],
    ["per_ml", 0, "0.00"],
    ["per_unit", 100_000, "1.00"],
    ["per_unit", 99_900_000, "999.00"],
    ["per_unit", 125_000, "1.25"],
    ["retail_percent", 1_250, "12.5"],
    ["retail_percent", 4_000, "40"],
    ["retail_percent", 1_255, "12.55"],
    ["wholesale_percent", 5, "0.05"],
    ["wholesale_percent", 0, "0"],
    ["wholesale_percent", 100_000, "1000"],
  ] as [TaxBasis, number, string][])("%s %i units read %j", (basis, units, text) => {
    expect(taxRateText(basis, units)).toBe(text);
  });

  it("reads back every rate it writes, and writes one way every rate it reads", () => {
    const basis = fc.constantFrom<TaxBasis>("per_ml", "per_unit", "retail_percent", "wholesale_percent");
    fc.assert(
      fc.property(basis, fc.integer({ min: 0, max: 99_900_000 }), (b, units) => {
        const max = b === "retail_percent" || b === "wholesale_percent" ? 100_000 : 99_900_000;
        const u = units % (max + 1);
        const text = taxRateText(b, u);
        expect(taxRateUnits(b, text)).toBe(u);
        expect(taxRateText(b, taxRateUnits(b, text) as number)).toBe(text);
      }),
    );
  });
});

describe("facts read from a product's words", () => {
  it.each([
    ["18 mL", 18_000],
    ["2ml", 2_000],
    ["0.7 ml", 700],
    ["2.5 milliliters", 2_500],
    ["1 millilitre", 1_000],
    ["30 ML bottle", 30_000],
    ["60 mL (2 × 30 mL)", 60_000],
    ["120ml", 120_000],
    ["10 mL.", 10_000],
  ])("liquid %j is %i thousandths of a ml", (text, thousandths) => {
    expect(liquidMlFromText(text)).toBe(thousandths);
  });

  it.each([
    ["2 g CBD distillate"],
    ["10 mg"],
    ["5 mlb"],
    [""],
    [null],
    [undefined],
    // A number the pattern would only half read is no amount: never "000 mL" nor "2345 ml".
    ["1,000 mL"],
    ["1.2345 ml"],
  ])("liquid %j names no amount", (text) => {
    expect(liquidMlFromText(text)).toBeNull();
  });

  it.each([
    ["50 mg/mL", 50_000],
    ["50 mg/mL salt nicotine", 50_000],
    ["3 mg/ml", 3_000],
    ["12.5 mg", 12_500],
    ["35mg", 35_000],
    ["0 mg", 0],
    ["5%", 50_000], // 1 % by weight is 10 mg/ml
    ["3%", 30_000],
    ["0%", 0],
    ["1.5%", 15_000],
    ["0.25%", 2_500],
    ["5% (50 mg/mL)", 50_000],
  ])("nicotine %j is %i thousandths of a mg/ml", (text, thousandths) => {
    expect(nicotineMgFromText(text)).toBe(thousandths);
  });

  it.each([["Nicotine-free"], ["high"], [""], [null], [undefined]])("nicotine %j names no strength", (text) => {
    expect(nicotineMgFromText(text)).toBeNull();
  });

  it.each([
    ["Disposable", "prefilled"],
    ["Disposable Vape", "prefilled"],
    ["Pod", "prefilled"],
    ["Replacement Pods", "prefilled"],
    ["Cartridge", "prefilled"],
    ["510 Cart", "prefilled"],
    ["Prefilled Pod Kit", "prefilled"],
    ["E-Liquid", "open"],
    ["eliquid", "open"],
    ["Salt Nic Juice", "open"],
    ["Tank", "open"],
    ["Box Mod", "open"],
    ["Open System Kit", "open"],
    ["Refillable Pod Kit", "open"],
    ["Pod Mod", "open"],
    ["Infused Vape", null],
    ["Model Kit", null],
    ["Charger", null],
    [null, null],
  ])("product type %j is %j", (type, system) => {
    expect(vapeSystemFromType(type)).toBe(system);
  });

  it("prefers the variant's own figures, then its options, then the product's words", () => {
    const base = {
      classes: ["ENDS", "NICOTINE"] as const,
      options: [],
      liquidMl: null,
      nicotineMgPerMl: null,
      system: null,
      wholesaleCostCents: null,
      liquidText: "18 mL",
      nicotineText: "5%",
      productType: "Disposable",
      distroPriceCents: 1150,
    };
    expect(exciseFacts(base)).toEqual({
      classes: ["ENDS", "NICOTINE"],
      liquidMl: 18_000,
      nicotineMgPerMl: 50_000,
      system: "prefilled",
      wholesaleCostCents: 1150,
    });
    const options = [
      { name: "Size", value: "30 mL" },
      { name: "Nicotine strength", value: "3%" },
    ];
    expect(exciseFacts({ ...base, options })).toMatchObject({ liquidMl: 30_000, nicotineMgPerMl: 30_000 });
    // A size that names no millilitres leaves the product's Liquid to say.
    expect(exciseFacts({ ...base, options: [{ name: "Size", value: "25,000 puffs" }] }).liquidMl).toBe(18_000);
    const own = { liquidMl: 0, nicotineMgPerMl: 0, system: "open" as const, wholesaleCostCents: 0 };
    expect(exciseFacts({ ...base, ...own, options })).toMatchObject(own);
  });

  it("writes millilitres as a buyer reads them", () => {
    expect([formatMl(10_000), formatMl(2_500), formatMl(700), formatMl(0), formatMl(1_000_250)]).toEqual([
      "10 ml",
      "2.5 ml",
      "0.7 ml",
      "0 ml",
      "1,000.25 ml",
    ]);
  });
});

describe("discountShares", () => {
  it("splits $4.50 off $10.00 and $30.00 as $1.13 and $3.37: 112.5¢ and 337.5¢, the tie's cent to the earlier line", () => {
    expect(discountShares([{ lineTotalCents: 1000 }, { lineTotalCents: 3000 }], () => true, 450)).toEqual([113, 337]);
  });

  it("splits $1.00 over three $1.00 lines as 34¢, 33¢, 33¢, and gives the largest remainder the cent", () => {
    const three = [{ lineTotalCents: 100 }, { lineTotalCents: 100 }, { lineTotalCents: 100 }];
    expect(discountShares(three, () => true, 100)).toEqual([34, 33, 33]);
    // 7¢ over lines of $1.00, $2.00 and $4.00 is exactly 1¢, 2¢ and 4¢.
    expect(
      discountShares([{ lineTotalCents: 100 }, { lineTotalCents: 200 }, { lineTotalCents: 400 }], () => true, 7),
    ).toEqual([1, 2, 4]);
    // 10¢ over the first two of $3.00, $6.00 and $1.00: 3.33¢ and 6.67¢ → 3¢ and 7¢ (the larger remainder), none to the third.
    expect(
      discountShares([{ lineTotalCents: 300 }, { lineTotalCents: 600 }, { lineTotalCents: 100 }], (i) => i < 2, 10),
    ).toEqual([3, 7, 0]);
  });

  it("gives nothing when there is nothing to share or nothing to share it over", () => {
    expect(discountShares([{ lineTotalCents: 1000 }], () => true, 0)).toEqual([0]);
    expect(discountShares([{ lineTotalCents: 1000 }], () => false, 500)).toEqual([0]);
    expect(discountShares([{ lineTotalCents: 0 }, { lineTotalCents: 0 }], () => true, 500)).toEqual([0, 0]);
    expect(discountShares([], () => true, 500)).toEqual([]);
  });

  it("adds up to the discount exactly, each share at most its line and none to a line not eligible, for any lines", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ lineTotalCents: fc.integer({ min: 0, max: 500_000 }), eligible: fc.boolean() }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, wanted) => {
          const base = lines.reduce((sum, l) => sum + (l.eligible ? l.lineTotalCents : 0), 0);
          const off = Math.min(wanted, base);
          const shares = discountShares(lines, (index) => lines[index]?.eligible === true, off);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(base > 0 ? off : 0);
          for (const [index, share] of shares.entries()) {
            const l = lines[index] as (typeof lines)[number];
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(l.eligible ? l.lineTotalCents : 0);
          }
        },
      ),
    );
  });
});

// Through price(), for any cart, any rules where it goes and any discount: what is charged adds up.
const classesArb = fc.subarray(["ENDS", "NICOTINE", "KRATOM"] as const, { minLength: 1 });
const factsArb: fc.Arbitrary<ExciseFacts> = fc.record({
  classes: classesArb,
  liquidMl: fc.option(fc.integer({ min: 0, max: 60_000 })),
  nicotineMgPerMl: fc.option(fc.integer({ min: 0, max: 60_000 })),
  system: fc.option(fc.constantFrom("prefilled" as const, "open" as const)),
  wholesaleCostCents: fc.option(fc.integer({ min: 0, max: 20_000 })),
});
const linesArb = fc.array(
  fc.record({
    productId: fc.constantFrom("p1", "p2", "p3"),
    categoryId: fc.constantFrom("c1", "c2"),
    unitPriceCents: fc.integer({ min: 0, max: 50_000 }),
    quantity: fc.integer({ min: 1, max: 20 }),
    piecesPerUnit: fc.integer({ min: 1, max: 10 }),
    excise: fc.option(factsArb, { nil: undefined }),
  }),
  { maxLength: 6 },
);
const basisArb = fc.constantFrom<TaxBasis>("per_ml", "per_unit", "retail_percent", "wholesale_percent");
const ruleArb: fc.Arbitrary<EvaluatedTaxRule> = fc
  .record({
    id: fc.constantFrom("a", "b", "c"),
    basis: basisArb,
    units: fc.integer({ min: 0, max: 100_000 }),
    whole: fc.boolean(),
    jurisdiction: fc.constantFrom<EvaluatedTaxRule["jurisdiction"]>(
      { level: "state", country: "US", state: "OH" },
      { level: "state", country: "US", state: "KY" },
      { level: "locality", country: "US", state: "OH", locality: "Franklin County" },
      { level: "zip_set", country: "US", state: "OH", name: "Columbus", zips: ["43215"] },
    ),
    regulatoryClass: fc.constantFrom("ENDS" as const, "NICOTINE" as const),
    nicotine: fc.constantFrom("any" as const, "nicotine" as const, "nicotine_free" as const),
    system: fc.constantFrom("any" as const, "prefilled" as const, "open" as const),
    liquid: fc.constantFrom("any" as const, "with_liquid" as const, "without_liquid" as const),
    afterDiscount: fc.boolean(),
    salesTaxOnTop: fc.boolean(),
    effectiveFrom: fc.constantFrom("2025-01-01", TODAY, TOMORROW),
  })
  .map(({ units, whole, basis, ...rest }) =>
    rule({
      ...rest,
      basis,
      rate: taxRateText(basis, units),
      mlRounding: basis === "per_ml" ? (whole ? "whole_ml_down" : "proportional") : null,
    }),
  );
const appliesTo = { productIds: fc.subarray(["p1", "p2"]), categoryIds: fc.subarray(["c2"]) };
const discountArb = fc.option(
  fc.record({
    code: fc.constant("CODE"),
    terms: fc.oneof(
      fc.record({ kind: fc.constant("percent" as const), value: fc.integer({ min: 1, max: 100 }), ...appliesTo }),
      fc.record({ kind: fc.constant("fixed" as const), value: fc.integer({ min: 1, max: 100_000 }), ...appliesTo }),
    ),
  }),
);
const COLUMBUS: ComplianceDestination = { state: "OH", county: "Franklin", city: "Columbus", zip: "43215" };
const contextArb: fc.Arbitrary<PriceContext> = fc.record({
  fulfilment: fc.constantFrom("ship" as const, "pickup" as const),
  shipping: fc.constant(DEFAULT_SHIPPING_RULES),
  salesTax: fc.option(fc.record({ state: fc.constant("OH"), basisPoints: fc.integer({ min: 0, max: 1500 }) })),
  discount: discountArb,
  excise: fc.option(
    fc.record({
      rules: fc.array(ruleArb, { maxLength: 4 }),
      destination: fc.constant(COLUMBUS),
      on: fc.constant(TODAY),
    }),
  ),
});

const exciseOf = (adjustments: readonly { kind: string }[]) =>
  adjustments.filter((adjustment) => adjustment.kind === "excise");

describe("price() with excise, for any cart", () => {
  it("totals only ever the sums of the adjustments, the excise among them", () => {
    fc.assert(
      fc.property(linesArb, contextArb, (lines, context) => {
        const priced = price(lines, context);
        const subtotal = priced.lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
        const all = priced.adjustments.reduce((sum, adjustment) => sum + adjustment.amountCents, subtotal);
        expect(priced.totals.totalCents).toBe(all);
        const excise = priced.adjustments.filter((adjustment) => adjustment.kind === "excise");
        expect(priced.totals.exciseCents).toBe(excise.reduce((sum, adjustment) => sum + adjustment.amountCents, 0));
      }),
    );
  });

  it("never charges a negative or fractional excise, and charges it only on a line with facts", () => {
    fc.assert(
      fc.property(linesArb, contextArb, (lines, context) => {
        const priced = price(lines, context);
        for (const adjustment of exciseOf(priced.adjustments) as typeof priced.adjustments) {
          expect(Number.isInteger(adjustment.amountCents)).toBe(true);
          expect(adjustment.amountCents).toBeGreaterThanOrEqual(0);
          expect(lines[adjustment.line as number]?.excise).toBeDefined();
          expect(adjustment.excise?.pieces).toBe(
            (lines[adjustment.line as number]?.quantity ?? 0) * (lines[adjustment.line as number]?.piecesPerUnit ?? 0),
          );
        }
        expect(priced.totals.exciseCents).toBeGreaterThanOrEqual(0);
        for (const refusal of priced.refusals) expect(lines[refusal.line]?.excise).toBeDefined();
      }),
    );
  });

  it("shares the discount over the lines: each share at most its line, all of them the discount", () => {
    // A 10 % tax of the price after discounts on every line shows each line's share as its total less its basis.
    const observer = rule({ basis: "retail_percent", rate: "10", mlRounding: null, afterDiscount: true });
    fc.assert(
      fc.property(linesArb, discountArb, factsArb, (items, discount, excise) => {
        const lines = items.map((item) => ({ ...item, excise: { ...excise, classes: ["ENDS" as const] } }));
        const priced = price(lines, {
          fulfilment: "ship",
          shipping: DEFAULT_SHIPPING_RULES,
          salesTax: null,
          discount,
          excise: { rules: [observer], destination: COLUMBUS, on: TODAY },
        });
        const charges = exciseOf(priced.adjustments) as typeof priced.adjustments;
        expect(charges.map((charge) => charge.line)).toEqual(lines.map((_, index) => index));
        let shared = 0;
        for (const charge of charges) {
          const total = priced.lines[charge.line as number]?.lineTotalCents as number;
          const share = total - (charge.basisCents as number);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(total);
          shared += share;
        }
        expect(shared).toBe(priced.totals.discountCents);
      }),
    );
  });

  it("charges sales tax on the goods after the discount and the excise whose rule says so", () => {
    fc.assert(
      fc.property(linesArb, contextArb, (lines, context) => {
        const priced = price(lines, context);
        const salesTax = priced.adjustments.find((adjustment) => adjustment.kind === "sales_tax");
        if (!context.salesTax || lines.length === 0) {
          expect(salesTax).toBeUndefined();
          return;
        }
        const taxedExcise = (exciseOf(priced.adjustments) as typeof priced.adjustments)
          .filter((adjustment) => adjustment.excise?.salesTaxOnTop)
          .reduce((sum, adjustment) => sum + adjustment.amountCents, 0);
        const basis = priced.totals.subtotalCents - priced.totals.discountCents + taxedExcise;
        expect(salesTax?.basisCents).toBe(basis);
        expect(salesTax?.amountCents).toBe(Math.round((basis * context.salesTax.basisPoints) / 10_000));
      }),
    );
  });

  it("with no rules, or the place not known, prices exactly as without excise facts", () => {
    fc.assert(
      fc.property(linesArb, contextArb, fc.boolean(), (lines, context, none) => {
        const bare = lines.map(({ excise: _excise, ...rest }) => rest);
        const withoutRules = { ...context, excise: none ? null : { rules: [], destination: COLUMBUS, on: TODAY } };
        const priced = price(lines, withoutRules);
        const plain = price(bare, context);
        expect(priced.adjustments).toEqual(plain.adjustments);
        expect(priced.totals).toEqual(plain.totals);
        expect(priced.refusals).toEqual([]);
        expect(priced.lines.map(({ excise: _excise, ...rest }) => rest)).toEqual(plain.lines);
      }),
    );
  });
});
