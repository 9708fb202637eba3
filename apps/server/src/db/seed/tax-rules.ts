import { type TaxRuleInput, taxRuleInputSchema, type UsState } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { countRows } from "../../lib/count-rows.ts";
import type { TaxesService } from "../../modules/taxes/service.ts";
import type { Db } from "../database.ts";

// The demo's excise taxes on vapes (docs/decisions/096), every one example data: the rates are the
// ones issue 36 names, each with its tax department's site as the source. The sources are the
// departments' main addresses, not the exact page: a shop finds the page there and checks the rate,
// what it covers (nicotine-free liquid, devices without liquid, hemp) and how part of a millilitre
// counts before relying on it. Part of a millilitre counts proportionally where we do not know the
// law's words.

const VERIFY = "Example data: verify before use.";
const SOURCE_NOTE = "The source is the department's main site; find the tax's own page there and check the rate.";

type Rule = Pick<
  TaxRuleInput,
  "name" | "nicotine" | "system" | "liquid" | "basis" | "rate" | "afterDiscount" | "sourceUrl" | "notes"
> & { where: UsState | { state: UsState; locality: string } | { state: UsState; zipSet: string; zips: string[] } };

/** ZIP codes from `first` to `last`: part of a county's, for the demo (not every one is in use). */
const zipRange = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => String(first + index).padStart(5, "0"));

/** The demo's example taxes, last checked `today`. */
export function demoTaxRules(today: Date): TaxRuleInput[] {
  const perMl = (rate: string) => ({ basis: "per_ml" as const, rate });
  const percent = (basis: "retail_percent" | "wholesale_percent", rate: string) => ({ basis, rate });
  const any = { nicotine: "any", system: "any", liquid: "any" } as const;
  const nicotine = { ...any, nicotine: "nicotine" } as const;

  const rules: Rule[] = [
    {
      where: "OH",
      name: "Ohio vapor products tax",
      ...nicotine,
      ...perMl("0.10"),
      afterDiscount: false,
      sourceUrl: "https://tax.ohio.gov/",
      notes: "Ohio Department of Taxation: $0.10 per millilitre of nicotine liquid.",
    },
    {
      where: "KS",
      name: "Kansas consumable material tax",
      ...nicotine,
      ...perMl("0.05"),
      afterDiscount: false,
      sourceUrl: "https://www.ksrevenue.gov/",
      notes: "Kansas Department of Revenue: $0.05 per millilitre of nicotine liquid.",
    },
    {
      where: "NC",
      name: "North Carolina vapor products tax",
      ...nicotine,
      ...perMl("0.05"),
      afterDiscount: false,
      sourceUrl: "https://www.ncdor.gov/",
      notes: "North Carolina Department of Revenue: $0.05 per millilitre of nicotine liquid.",
    },
    {
      where: "DE",
      name: "Delaware vapor products tax",
      ...nicotine,
      ...perMl("0.05"),
      afterDiscount: false,
      sourceUrl: "https://revenue.delaware.gov/",
      notes: "Delaware Division of Revenue: $0.05 per millilitre of nicotine liquid.",
    },
    {
      where: "LA",
      name: "Louisiana vapor products tax",
      ...nicotine,
      ...perMl("0.15"),
      afterDiscount: false,
      sourceUrl: "https://revenue.louisiana.gov/",
      notes: "Louisiana Department of Revenue: $0.15 per millilitre of nicotine liquid.",
    },
    {
      where: "WV",
      name: "West Virginia vapor products tax",
      ...nicotine,
      ...perMl("0.075"),
      afterDiscount: false,
      sourceUrl: "https://tax.wv.gov/",
      notes:
        "West Virginia Tax Division: $0.075 per millilitre of e-liquid. Check whether a part of a millilitre counts as a whole one, which this rule cannot yet say.",
    },
    {
      where: "CT",
      name: "Connecticut electronic cigarette tax (prefilled)",
      ...any,
      system: "prefilled",
      ...perMl("0.40"),
      afterDiscount: false,
      sourceUrl: "https://portal.ct.gov/drs",
      notes:
        "Connecticut Department of Revenue Services: $0.40 per millilitre of liquid in prefilled or sealed devices; other products pay 10 % of the wholesale price (the next rule).",
    },
    {
      where: "CT",
      name: "Connecticut electronic cigarette tax (open systems)",
      ...any,
      system: "open",
      ...percent("wholesale_percent", "10"),
      afterDiscount: false,
      sourceUrl: "https://portal.ct.gov/drs",
      notes:
        "Connecticut Department of Revenue Services: 10 % of the wholesale price of products that are not prefilled.",
    },
    {
      where: "PA",
      name: "Pennsylvania electronic cigarette tax",
      ...any,
      ...percent("wholesale_percent", "40"),
      afterDiscount: false,
      sourceUrl: "https://www.revenue.pa.gov/",
      notes: "Pennsylvania Department of Revenue: 40 % of the purchase (wholesale) price of electronic cigarettes.",
    },
    {
      where: "NV",
      name: "Nevada other tobacco products tax",
      ...nicotine,
      ...percent("wholesale_percent", "30"),
      afterDiscount: false,
      sourceUrl: "https://tax.nv.gov/",
      notes: "Nevada Department of Taxation: 30 % of the wholesale price of vapor products.",
    },
    {
      where: "DC",
      name: "District of Columbia other tobacco products tax",
      ...any,
      ...percent("wholesale_percent", "91"),
      afterDiscount: false,
      sourceUrl: "https://otr.cfo.dc.gov/",
      notes:
        "D.C. Office of Tax and Revenue: 91 % of the wholesale cost of electronic cigarettes. The rate follows the cigarette tax and changes with it.",
    },
    {
      where: "CA",
      name: "California electronic cigarette excise tax",
      ...nicotine,
      ...percent("retail_percent", "12.5"),
      afterDiscount: true,
      sourceUrl: "https://www.cdtfa.ca.gov/",
      notes:
        "California Department of Tax and Fee Administration (CECET): 12.5 % of the retail selling price, after discounts, of electronic cigarettes sold with nicotine. Check the rate in force: it may have been raised since.",
    },
    {
      where: "NJ",
      name: "New Jersey liquid nicotine tax (prefilled)",
      ...nicotine,
      system: "prefilled",
      ...perMl("0.10"),
      afterDiscount: false,
      sourceUrl: "https://www.nj.gov/treasury/taxation/",
      notes:
        "New Jersey Division of Taxation: $0.10 per millilitre of liquid nicotine in prefilled devices and cartridges.",
    },
    {
      where: "NJ",
      name: "New Jersey liquid nicotine tax (containers)",
      ...nicotine,
      system: "open",
      liquid: "with_liquid",
      ...percent("retail_percent", "10"),
      afterDiscount: true,
      sourceUrl: "https://www.nj.gov/treasury/taxation/",
      notes:
        "New Jersey Division of Taxation: 10 % of the retail price of liquid nicotine sold in containers for open systems.",
    },
    {
      where: "NY",
      name: "New York vapor products supplemental sales tax",
      ...any,
      ...percent("retail_percent", "20"),
      afterDiscount: true,
      sourceUrl: "https://www.tax.ny.gov/",
      notes:
        "New York State Department of Taxation and Finance: a 20 % supplemental sales tax on the retail sale of vapor products, on top of the sales tax.",
    },
    {
      // Buyers type a city and a ZIP, never a county: a county's tax is kept as its ZIP codes (decision 096).
      where: { state: "IL", zipSet: "Cook County (Chicago ZIP codes)", zips: zipRange(60601, 60661) },
      name: "Cook County liquid nicotine products tax",
      ...nicotine,
      ...perMl("0.20"),
      afterDiscount: false,
      sourceUrl: "https://www.cookcountyil.gov/",
      notes:
        "Cook County Department of Revenue: $0.20 per millilitre of liquid nicotine, on top of Illinois' own tax. The ZIP set holds Chicago's 606xx codes only: add the county's suburban codes before relying on it.",
    },
    {
      where: { state: "CO", locality: "Boulder" },
      name: "Boulder nicotine products tax",
      ...nicotine,
      ...percent("retail_percent", "40"),
      afterDiscount: true,
      sourceUrl: "https://bouldercolorado.gov/",
      notes: "City of Boulder: 40 % of the retail price of nicotine products, electronic smoking devices among them.",
    },
    {
      where: {
        state: "MD",
        zipSet: "Montgomery County (part)",
        zips: [...zipRange(20814, 20817), ...zipRange(20850, 20855), ...zipRange(20901, 20906), "20910"],
      },
      name: "Montgomery County electronic cigarette tax",
      ...any,
      ...percent("wholesale_percent", "30"),
      afterDiscount: false,
      sourceUrl: "https://www.montgomerycountymd.gov/",
      notes:
        "Montgomery County, Maryland: 30 % of the wholesale price of electronic cigarettes and their liquid. The ZIP set holds Bethesda's, Rockville's and Silver Spring's codes only: complete it before relying on it.",
    },
  ];

  return rules.map(({ where, notes, ...rule }) => ({
    jurisdiction:
      typeof where === "string"
        ? { level: "state", country: "US", state: where }
        : "zipSet" in where
          ? { level: "zip_set", country: "US", state: where.state, name: where.zipSet, zips: where.zips }
          : { level: "locality", country: "US", state: where.state, locality: where.locality },
    regulatoryClass: "ENDS",
    ...rule,
    mlRounding: rule.basis === "per_ml" ? "proportional" : null,
    salesTaxOnTop: false,
    // A share of the retail price is the retailer's to collect when it sells; the rest are owed on
    // a sale to a licensed retailer too (docs/decisions/102).
    wholesale: rule.basis === "retail_percent" ? "exempt" : "charged",
    effectiveFrom: "2025-01-01",
    effectiveTo: null,
    sourceDate: null,
    lastCheckedOn: dayOf(today),
    notes: `${notes} ${SOURCE_NOTE} ${VERIFY}`,
    isExample: true,
  }));
}

/** The example taxes, written through the taxes service, when the shop has no tax rules of its own yet. */
export async function seedTaxRules(db: Db, taxes: Pick<TaxesService, "create">, today: Date): Promise<number> {
  if ((await countRows(db.kysely.selectFrom("tax_rules"))) > 0) return 0;
  const rules = demoTaxRules(today);
  for (const rule of rules) await taxes.create(taxRuleInputSchema.parse(rule), null);
  return rules.length;
}
