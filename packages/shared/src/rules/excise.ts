import type { RegulatoryClass } from "../constants/compliance.ts";
import {
  isPercentBasis,
  type MlRounding,
  type TaxBasis,
  type TaxLiquidCondition,
  type TaxNicotineCondition,
  type TaxSystemCondition,
  type VapeSystem,
} from "../constants/taxes.ts";
import type { TaxWholesaleProvision } from "../constants/wholesale.ts";
import type { Jurisdiction } from "../schemas/compliance.ts";
import { type ComplianceDestination, jurisdictionCovers, ruleInForce, whereInWords } from "./compliance.ts";
import { formatCents } from "./numbers.ts";
import { optionKind } from "./variant.ts";

/**
 * Excise taxes (docs/decisions/096): which tax rules a line owes where it goes on a day, and how
 * much, to the cent. Pure and zod-free, so that price() works them out the same in the cart, the
 * quote and the order.
 */

/** The tax rule fields evaluation reads (a saved rule has them all). */
export interface EvaluatedTaxRule {
  id: string;
  version: number;
  jurisdiction: Jurisdiction;
  name: string;
  regulatoryClass: RegulatoryClass;
  nicotine: TaxNicotineCondition;
  system: TaxSystemCondition;
  liquid: TaxLiquidCondition;
  basis: TaxBasis;
  /** Dollars per millilitre or unit ("0.10"), or a percentage ("12.5"). */
  rate: string;
  mlRounding: MlRounding | null;
  afterDiscount: boolean;
  salesTaxOnTop: boolean;
  /** Of a sale to a licensed retailer: charged, or exempt; left out, charged (docs/decisions/102). */
  wholesale?: TaxWholesaleProvision;
  effectiveFrom: string;
  effectiveTo: string | null;
  sourceUrl: string;
}

/**
 * What the tax rules need to know of one piece of a variant: its classes, its liquid in thousandths
 * of a millilitre, its nicotine in thousandths of a mg/ml, whether it is prefilled or open, and its
 * wholesale cost in cents. Null where nobody recorded it.
 */
export interface ExciseFacts {
  classes: readonly RegulatoryClass[];
  liquidMl: number | null;
  nicotineMgPerMl: number | null;
  system: VapeSystem | null;
  wholesaleCostCents: number | null;
}

/**
 * A rate as stored, in whole units of its basis: thousandths of a cent for an amount per ml or unit
 * ("0.075" dollars → 7,500), basis points for a percentage ("12.5" → 1,250); null when the text is
 * not such a number (dollars 0 to 999 with at most five decimals, a percentage 0 to 1,000 with at
 * most two).
 */
export function taxRateUnits(basis: TaxBasis, text: string): number | null {
  const percent = isPercentBasis(basis);
  const decimals = percent ? 2 : 5;
  const match = new RegExp(`^(\\d{1,4})(?:\\.(\\d{1,${decimals}}))?$`).exec(text.trim());
  if (!match) return null;
  const units = Number(match[1]) * 10 ** decimals + Number((match[2] ?? "").padEnd(decimals, "0"));
  return units > (percent ? 1000 : 999) * 10 ** decimals ? null : units;
}

/** A stored rate as staff type it: "0.10", "0.075", "12.5". */
export function taxRateText(basis: TaxBasis, units: number): string {
  const decimals = isPercentBasis(basis) ? 2 : 5;
  const whole = Math.floor(units / 10 ** decimals);
  const part = String(units % 10 ** decimals)
    .padStart(decimals, "0")
    .replace(/0+$/, "");
  if (isPercentBasis(basis)) return part === "" ? String(whole) : `${whole}.${part}`;
  return `${whole}.${part.padEnd(2, "0")}`;
}

/** A rate as a buyer reads it: "$0.10", "$0.075", "12.5%". */
function rateInWords(basis: TaxBasis, rate: string): string {
  return isPercentBasis(basis) ? `${rate}%` : `$${rate}`;
}

/** Thousandths of a millilitre as words: 10,000 → "10 ml", 2,500 → "2.5 ml". */
export function formatMl(thousandths: number): string {
  const whole = Math.floor(thousandths / 1000);
  const part = String(thousandths % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${whole.toLocaleString("en-US")}${part ? `.${part}` : ""} ml`;
}

/**
 * A product's Liquid field ("18 mL", "2ml", "0.7 ml") in thousandths of a millilitre; null when it
 * names none. A number is read whole or not at all: "1,000 mL" or "1.2345 ml" is no amount, never
 * the "000 mL" or "2345 ml" at their ends.
 */
export function liquidMlFromText(text: string | null | undefined): number | null {
  const match = /(?<![\d.,])(\d{1,5})(?:\.(\d{1,3}))?\s*(?:ml|milliliters?|millilitres?)\b/i.exec(text ?? "");
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
}

/**
 * A nicotine strength ("50 mg/mL", "5%", "0 mg") in thousandths of a mg/ml; a percentage is by
 * weight of the liquid, 1 % being 10 mg/ml; null when the text names neither.
 */
export function nicotineMgFromText(text: string | null | undefined): number | null {
  const value = text ?? "";
  const mg = /(\d{1,3})(?:\.(\d{1,3}))?\s*mg/i.exec(value);
  if (mg) return Number(mg[1]) * 1000 + Number((mg[2] ?? "").padEnd(3, "0"));
  const percent = /(\d{1,2})(?:\.(\d{1,2}))?\s*%/.exec(value);
  if (percent) return Number(percent[1]) * 10_000 + Number((percent[2] ?? "").padEnd(2, "0")) * 100;
  return null;
}

/**
 * Whether a vape is prefilled or open by its product type: disposables, pods and cartridges come
 * filled; e-liquids, tanks and mods are filled by the user, and so are refillable pods and pod mods
 * (read first, as they name a pod); null for anything else.
 */
export function vapeSystemFromType(productType: string | null | undefined): VapeSystem | null {
  const type = productType ?? "";
  if (/refillable|\bpod[\s-]?mods?\b/i.test(type)) return "open";
  if (/disposable|cartridge|\bcart\b|\bpods?\b|prefilled/i.test(type)) return "prefilled";
  if (/e-?liquid|juice|\btank\b|\bmod\b|open/i.test(type)) return "open";
  return null;
}

/** What a variant records of itself (its own columns), and what its product's fields say. */
export interface ExciseSources {
  classes: readonly RegulatoryClass[];
  options: readonly { name: string; value: string }[];
  /** The variant's own figures; null where staff left them to the product's fields. */
  liquidMl: number | null;
  nicotineMgPerMl: number | null;
  system: VapeSystem | null;
  wholesaleCostCents: number | null;
  /** The product's fields: Liquid, NicotineStrength, ProductType, and the variant's DistroPrice. */
  liquidText: string | null;
  nicotineText: string | null;
  productType: string | null;
  distroPriceCents: number | null;
}

/**
 * A variant's excise facts: each of its own figures where staff set one, else what its options
 * say (a size of "10 ml", a strength of "3%"), else its product's fields read as numbers.
 */
export function exciseFacts(sources: ExciseSources): ExciseFacts {
  const option = (kind: "size" | "nicotine") =>
    sources.options.find((candidate) => optionKind(candidate.name) === kind)?.value ?? null;
  return {
    classes: sources.classes,
    liquidMl: sources.liquidMl ?? liquidMlFromText(option("size")) ?? liquidMlFromText(sources.liquidText),
    nicotineMgPerMl:
      sources.nicotineMgPerMl ?? nicotineMgFromText(option("nicotine")) ?? nicotineMgFromText(sources.nicotineText),
    system: sources.system ?? vapeSystemFromType(sources.productType),
    wholesaleCostCents: sources.wholesaleCostCents ?? sources.distroPriceCents,
  };
}

/** A line as the excise rules see it: its facts, how many pieces, and what they cost after any discount. */
export interface ExciseLine {
  excise: ExciseFacts;
  pieces: number;
  lineTotalCents: number;
  /** The line's share of the order's discount, in cents (zero or more). */
  discountCents: number;
}

/** One tax a line owes: the rule, the amount and what it was worked out on. */
export interface ExciseCharge {
  rule: EvaluatedTaxRule;
  /** "Ohio vapor products tax: 10 ml × $0.10 × 2". */
  label: string;
  amountCents: number;
  /** The price or cost it is a percentage of; null for an amount per ml or unit. */
  basisCents: number | null;
  /** The millilitres it was worked out on (thousandths), for a per-ml tax; else null. */
  basisMl: number | null;
  /** The rate in its units: thousandths of a cent per ml or unit, basis points of a percentage. */
  rateUnits: number;
  /** Where it applies, in words: "Ohio", "Cook County, Illinois". */
  where: string;
}

/** Why a line cannot be sold where it goes: a tax there needs a fact the product lacks. */
export interface ExciseRefusal {
  rule: EvaluatedTaxRule;
  /** Words a buyer reads. */
  reason: string;
}

export interface LineExcise {
  charges: ExciseCharge[];
  refusals: ExciseRefusal[];
}

const missingWords = {
  liquid: "how many millilitres of liquid it holds",
  system: "whether it is prefilled or an open system",
  wholesale: "its wholesale cost",
} as const;

/** The fact a rule needs of a line and the line lacks, or null when it has all it needs. */
function missingFact(rule: EvaluatedTaxRule, facts: ExciseFacts): keyof typeof missingWords | null {
  if ((rule.basis === "per_ml" || rule.liquid !== "any") && facts.liquidMl === null) return "liquid";
  if (rule.system !== "any" && facts.system === null) return "system";
  if (rule.basis === "wholesale_percent" && facts.wholesaleCostCents === null) return "wholesale";
  return null;
}

/** Whether a line has nicotine: a strength above zero, or, with none recorded, the NICOTINE class. */
function hasNicotine(facts: ExciseFacts): boolean {
  return facts.nicotineMgPerMl === null ? facts.classes.includes("NICOTINE") : facts.nicotineMgPerMl > 0;
}

/**
 * Whether a rule takes in the line where it goes on the day, as far as the line's known facts tell:
 * in force, covering the destination, of the line's class, and passing the nicotine condition. The
 * system and liquid conditions are tested by exciseOfLine, which asks for those facts where they
 * are not known.
 */
export function taxRuleReaches(
  rule: EvaluatedTaxRule,
  facts: ExciseFacts,
  destination: ComplianceDestination,
  on: string,
): boolean {
  if (!ruleInForce(rule, on) || !jurisdictionCovers(rule.jurisdiction, destination)) return false;
  if (!facts.classes.includes(rule.regulatoryClass)) return false;
  if (rule.nicotine === "nicotine") return hasNicotine(facts);
  if (rule.nicotine === "nicotine_free") return !hasNicotine(facts);
  return true;
}

/** `amount × rate` of a percentage, rounded half up to the cent once. */
const ofPercent = (cents: number, basisPoints: number) => Math.round((cents * basisPoints) / 10_000);

/**
 * The taxes one line owes where it goes on the day, each rounded half up to the cent once, in the
 * rules' order; a rule needing a fact the line lacks refuses it instead (as a missing COA figure
 * does for the hemp rules).
 * - per ml: each piece's millilitres (whole ones rounded down, or all of them, as the rule says)
 *   × pieces × the rate;
 * - per unit: pieces × the rate;
 * - a percentage of the retail price: of the line's total, less its share of the discount when the
 *   rule taxes the discounted price;
 * - a percentage of the wholesale cost: of the cost of a piece × pieces.
 */
export function exciseOfLine(
  line: ExciseLine,
  rules: readonly EvaluatedTaxRule[],
  destination: ComplianceDestination,
  on: string,
): LineExcise {
  const charges: ExciseCharge[] = [];
  const refusals: ExciseRefusal[] = [];
  const { excise: facts, pieces } = line;
  for (const rule of rules) {
    if (!taxRuleReaches(rule, facts, destination, on)) continue;
    // A condition the line's known facts fail leaves it out before any fact it lacks is asked for:
    // an open-system tax never refuses a prefilled pod for want of its wholesale cost.
    if (rule.system !== "any" && facts.system !== null && facts.system !== rule.system) continue;
    if (rule.liquid === "with_liquid" && facts.liquidMl === 0) continue;
    if (rule.liquid === "without_liquid" && facts.liquidMl !== null && facts.liquidMl !== 0) continue;
    const where = whereInWords(rule.jurisdiction);
    const missing = missingFact(rule, facts);
    if (missing) {
      refusals.push({
        rule,
        reason: `It cannot be sold to ${where} yet: the ${rule.name} is worked out on ${missingWords[missing]}, which is not recorded for it.`,
      });
      continue;
    }
    const rateUnits = taxRateUnits(rule.basis, rule.rate) ?? 0;
    const rate = rateInWords(rule.basis, taxRateText(rule.basis, rateUnits));
    const times = pieces === 1 ? "" : ` × ${pieces}`;
    const base = { rule, rateUnits, where };
    switch (rule.basis) {
      case "per_ml": {
        const perPiece = facts.liquidMl as number;
        const counted = rule.mlRounding === "whole_ml_down" ? Math.floor(perPiece / 1000) * 1000 : perPiece;
        const ml = counted * pieces;
        charges.push({
          ...base,
          label: `${rule.name}: ${formatMl(counted)} × ${rate}${times}`,
          amountCents: Math.round((ml * rateUnits) / 1_000_000),
          basisCents: null,
          basisMl: ml,
        });
        break;
      }
      case "per_unit":
        charges.push({
          ...base,
          label: `${rule.name}: ${rate}${times}`,
          amountCents: Math.round((pieces * rateUnits) / 1000),
          basisCents: null,
          basisMl: null,
        });
        break;
      case "retail_percent": {
        const basisCents = line.lineTotalCents - (rule.afterDiscount ? line.discountCents : 0);
        charges.push({
          ...base,
          label: `${rule.name}: ${rate} of ${formatCents(basisCents)}`,
          amountCents: ofPercent(basisCents, rateUnits),
          basisCents,
          basisMl: null,
        });
        break;
      }
      case "wholesale_percent": {
        const basisCents = (facts.wholesaleCostCents as number) * pieces;
        charges.push({
          ...base,
          label: `${rule.name}: ${rate} of ${formatCents(basisCents)} wholesale`,
          amountCents: ofPercent(basisCents, rateUnits),
          basisCents,
          basisMl: null,
        });
        break;
      }
    }
  }
  return { charges, refusals };
}

/**
 * Each line's share of a discount of `off` cents taken from the lines `eligible` marks: in
 * proportion to their totals, the cents left by rounding down going to the largest remainders
 * (the earlier line on a tie), so that the shares add up to the discount exactly.
 */
export function discountShares(
  lines: readonly { lineTotalCents: number }[],
  eligible: (index: number) => boolean,
  off: number,
): number[] {
  const base = lines.reduce((sum, line, index) => sum + (eligible(index) ? line.lineTotalCents : 0), 0);
  if (off <= 0 || base <= 0) return lines.map(() => 0);
  const exact = lines.map((line, index) => (eligible(index) ? (line.lineTotalCents * off) / base : 0));
  const shares = exact.map(Math.floor);
  let left = off - shares.reduce((sum, share) => sum + share, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .filter(({ index }) => eligible(index))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] as number) + 1;
    left -= 1;
  }
  return shares;
}
