import type { ComplianceRuleInput } from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";

// The demo's starter rule set (docs/decisions/040), every rule labelled as example data: a shop
// checks each against its source before relying on it. Sources are the official sites' home pages.

const EXAMPLE = "Example data: verify before use.";

/** The demo's rules, with their last check relative to `today`: most recent, a few stale (over 90 days). */
export function demoComplianceRules(today: Date): ComplianceRuleInput[] {
  const daysAgo = (days: number) => addDays(dayOf(today), -days);
  const recent = daysAgo(20);
  const stale = daysAgo(120);
  const base = {
    minAge: null,
    requirements: [],
    statement: null,
    condition: null,
    effectiveTo: null,
    sourceDate: null,
    lastCheckedOn: recent,
    isExample: true,
  } satisfies Partial<ComplianceRuleInput>;
  const us = { level: "country", country: "US" } as const;
  const state = (
    code: "AL" | "AR" | "DC" | "FL" | "GA" | "IN" | "LA" | "MA" | "ME" | "NE" | "NJ" | "NY" | "VT" | "WI",
  ) => ({ level: "state", country: "US", state: code }) as const;
  const pact = ["adult_signature_21", "no_po_box", "no_military_address", "no_usps"] as const;
  // The federal hemp limit (docs/decisions/047, 076), tested on the product's latest COA: delta-9
  // THC until 2026-11-11; from 2026-11-12 total THC counting THCA, and at most 0.4 mg of THC per
  // container. No COA, or no such figure on it, means not shown to be hemp.
  const hempLimit = (regulatoryClass: "HEMP_INTOX" | "HEMP_THCA_FLOWER" | "HEMP_NONINTOX") => [
    {
      ...base,
      jurisdiction: us,
      regulatoryClass,
      effect: "ban" as const,
      condition: { attribute: "delta9Thc" as const, operator: "is_above" as const, value: "0.3" },
      effectiveFrom: "2018-12-20",
      effectiveTo: "2026-11-11",
      sourceUrl: "https://www.congress.gov/",
      sourceDate: "2018-12-20",
      notes: `Federal hemp definition (7 U.S.C. 1639o, 2018 Farm Bill): at most 0.3 % delta-9 THC by dry weight on the latest lab result (COA); above it, or with no COA, it is not hemp and is not sold. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: us,
      regulatoryClass,
      effect: "ban" as const,
      condition: { attribute: "totalThc" as const, operator: "is_above" as const, value: "0.3" },
      effectiveFrom: "2026-11-12",
      sourceUrl: "https://www.congress.gov/",
      sourceDate: "2025-11-12",
      notes: `Federal hemp definition as amended in November 2025, in force from 2026-11-12: at most 0.3 % total THC counting THCA (delta-9 + 0.877 × THCA) on the latest COA; above it, or with no COA, it is not sold. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: us,
      regulatoryClass,
      effect: "ban" as const,
      condition: { attribute: "thcPerContainer" as const, operator: "is_above" as const, value: "0.4" },
      effectiveFrom: "2026-11-12",
      sourceUrl: "https://www.congress.gov/",
      sourceDate: "2025-11-12",
      notes: `Federal hemp definition as amended in November 2025, in force from 2026-11-12: a finished hemp product holds at most 0.4 mg of THC of every kind (delta-9, THCA, delta-8 and the like) per container, as its latest COA states; above it, or with no such figure, it is not sold. ${EXAMPLE}`,
    },
  ];
  const kratomBan = (
    code: Parameters<typeof state>[0],
    effectiveFrom: string,
    sourceUrl: string,
    lastCheckedOn = recent,
  ) => ({
    ...base,
    jurisdiction: state(code),
    regulatoryClass: "KRATOM" as const,
    effect: "ban" as const,
    effectiveFrom,
    sourceUrl,
    lastCheckedOn,
    notes: `Kratom may not be sold or shipped here. ${EXAMPLE}`,
  });

  return [
    {
      ...base,
      jurisdiction: us,
      regulatoryClass: "ENDS",
      effect: "restrict",
      minAge: 21,
      effectiveFrom: "2019-12-20",
      sourceUrl: "https://www.fda.gov/",
      notes: `Tobacco 21: the federal minimum age for vapes is 21, checked by full date of birth. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: us,
      regulatoryClass: "NICOTINE",
      effect: "restrict",
      minAge: 21,
      effectiveFrom: "2019-12-20",
      sourceUrl: "https://www.fda.gov/",
      notes: `Tobacco 21: the federal minimum age for nicotine products is 21. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: us,
      regulatoryClass: "ENDS",
      effect: "restrict",
      minAge: 21,
      requirements: [...pact],
      effectiveFrom: "2021-03-27",
      sourceUrl: "https://www.atf.gov/",
      notes: `PACT Act as amended: vapes are delivery sales (age check, adult signature, no USPS, PO boxes or military addresses; monthly state reports). ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: us,
      regulatoryClass: "ENDS_ACCESSORY",
      effect: "restrict",
      minAge: 21,
      requirements: [...pact],
      effectiveFrom: "2021-03-27",
      sourceUrl: "https://www.atf.gov/",
      notes: `PACT Act as amended: vape parts sold separately ship like vapes. ${EXAMPLE}`,
    },
    ...hempLimit("HEMP_INTOX"),
    ...hempLimit("HEMP_THCA_FLOWER"),
    ...hempLimit("HEMP_NONINTOX"),
    {
      ...base,
      jurisdiction: state("NY"),
      regulatoryClass: "ENDS",
      effect: "ban",
      effectiveFrom: "2020-07-01",
      sourceUrl: "https://www.tax.ny.gov/",
      notes: `Vapes may not be delivered to consumers in New York. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: state("AR"),
      regulatoryClass: "ENDS",
      effect: "ban",
      effectiveFrom: "2025-01-01",
      sourceUrl: "https://www.dfa.arkansas.gov/",
      notes: `Online sales of vapes to Arkansas are not allowed. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: state("GA"),
      regulatoryClass: "ENDS",
      effect: "ban",
      effectiveFrom: "2025-07-01",
      sourceUrl: "https://dor.georgia.gov/",
      lastCheckedOn: stale,
      notes: `Online sales of vapes to Georgia are not allowed. ${EXAMPLE}`,
    },
    // Delivery sales to consumers are banned; deliveries to licensed businesses are not, so the
    // ban does not apply to a wholesale order under a valid licence for the state (decision 102).
    {
      ...base,
      jurisdiction: state("ME"),
      regulatoryClass: "ENDS",
      effect: "ban",
      exceptLicensed: true,
      effectiveFrom: "2021-03-27",
      sourceUrl: "https://www.maine.gov/",
      notes: `Vapes may not be delivered to consumers in Maine; deliveries to licensed tobacco retailers may. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: state("NE"),
      regulatoryClass: "ENDS",
      effect: "ban",
      exceptLicensed: true,
      effectiveFrom: "2021-03-27",
      sourceUrl: "https://revenue.nebraska.gov/",
      notes: `Vapes may not be delivered to consumers in Nebraska; deliveries to licensed tobacco retailers may. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: state("MA"),
      regulatoryClass: "FLAVORED",
      effect: "ban",
      condition: { attribute: "flavour", operator: "is_not", value: "Tobacco" },
      effectiveFrom: "2020-06-01",
      sourceUrl: "https://www.mass.gov/",
      notes: `Flavoured vapes (menthol included) may not be sold; tobacco flavour may. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: state("NJ"),
      regulatoryClass: "FLAVORED",
      effect: "ban",
      condition: { attribute: "flavour", operator: "is_not", value: "Tobacco" },
      effectiveFrom: "2020-04-20",
      sourceUrl: "https://www.nj.gov/",
      notes: `Flavoured vapes may not be sold; tobacco flavour may. ${EXAMPLE}`,
    },
    kratomBan("AL", "2016-05-10", "https://www.alabamapublichealth.gov/"),
    kratomBan("AR", "2016-02-01", "https://www.healthy.arkansas.gov/"),
    kratomBan("IN", "2014-07-01", "https://www.in.gov/"),
    kratomBan("VT", "2016-08-01", "https://www.healthvermont.gov/", stale),
    kratomBan("WI", "2014-04-01", "https://www.dhs.wisconsin.gov/"),
    kratomBan("LA", "2025-08-01", "https://ldh.la.gov/"),
    kratomBan("DC", "2024-01-01", "https://dchealth.dc.gov/", stale),
    {
      ...base,
      jurisdiction: {
        level: "zip_set",
        country: "US",
        state: "CA",
        name: "City of San Diego (part)",
        zips: ["92101", "92102", "92103", "92104", "92105"],
      },
      regulatoryClass: "KRATOM",
      effect: "ban",
      effectiveFrom: "2016-12-01",
      sourceUrl: "https://www.sandiego.gov/",
      notes: `A city ban as a ZIP set: kratom may not be shipped to these ZIP codes. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: state("FL"),
      regulatoryClass: "HEMP_INTOX",
      effect: "restrict",
      minAge: 21,
      statement:
        "This package contains hemp extract for adults 21 and older. It may not be delivered to a person under 21.",
      effectiveFrom: "2023-10-01",
      sourceUrl: "https://www.fdacs.gov/",
      notes: `Florida delivery sales of intoxicating hemp: buyers 21 and older, the statement printed on the shipping documents. ${EXAMPLE}`,
    },
    {
      ...base,
      jurisdiction: state("FL"),
      regulatoryClass: "ALK_7OH",
      effect: "ban",
      effectiveFrom: "2025-08-15",
      sourceUrl: "https://www.myfloridalegal.com/",
      notes: `Emergency rule: concentrated 7-OH products may not be sold. ${EXAMPLE}`,
    },
  ];
}
