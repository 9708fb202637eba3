import type { TaxBasis } from "../constants/taxes.ts";
import type { ComplianceDestination } from "./compliance.ts";
import {
  type DiscountLine,
  type DiscountTerms,
  discountCents,
  eligibleSubtotalCents,
  lineEligible,
} from "./discounts.ts";
import { discountShares, type EvaluatedTaxRule, type ExciseFacts, type ExciseRefusal, exciseOfLine } from "./excise.ts";
import { formatCents } from "./numbers.ts";

/**
 * What an order's money is made of besides its lines (docs/decisions/090). Excise comes from the
 * tax rules (docs/decisions/096); fees have no source yet.
 */
export const ADJUSTMENT_KINDS = ["discount", "shipping", "sales_tax", "excise", "fee"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** One amount added to (or, a discount, taken off) an order or one of its lines. */
export interface Adjustment {
  kind: AdjustmentKind;
  /** The position of the line it belongs to; null for the whole order. */
  line: number | null;
  /** What the buyer reads beside the amount: "Discount (SAVE10)", "Sales tax" (its rate is shown from rateBasisPoints). */
  label: string;
  /** In cents; a discount is negative, everything else zero or more. */
  amountCents: number;
  /** What it was worked out on, in cents; null where it is a fixed sum. */
  basisCents: number | null;
  /** Its rate in basis points of the basis (625 = 6.25 %); null where it is a fixed sum. */
  rateBasisPoints: number | null;
  /** Where it came from: "discount:SAVE10", "setting:salesTaxBasisPoints.NV", "setting:shipping", "tax_rule:<id>". */
  source: string;
  /** An excise tax's rule and what it was worked out on; null for every other kind. */
  excise: ExciseDetail | null;
}

/** What an excise adjustment was worked out on, kept with the order for the filing reports. */
export interface ExciseDetail {
  ruleId: string;
  ruleVersion: number;
  /** Where the tax applies, in words: "Ohio", "Cook County, Illinois". */
  where: string;
  basis: TaxBasis;
  /** The millilitres taxed, in thousandths; null unless the tax is per millilitre. */
  basisMl: number | null;
  /** How many pieces it was worked out on. */
  pieces: number;
  /** Thousandths of a cent per ml or unit, or basis points of a percentage. */
  rateUnits: number;
  salesTaxOnTop: boolean;
}

/** A line as price() sees it: what one unit costs (the spec's rule, unitSale) and how many. */
export interface PriceLine extends Omit<DiscountLine, "lineTotalCents"> {
  unitPriceCents: number;
  quantity: number;
  /** Pieces in one unit (a box holds several); 1 when missing. */
  piecesPerUnit?: number;
  /** What the excise rules need to know of one piece; without it, no excise is worked out for the line. */
  excise?: ExciseFacts;
}

export interface ShippingRules {
  flatFeeCents: number;
  /** Shipping is free when the goods cost strictly more than this. */
  freeOverCents: number;
}

export const DEFAULT_SHIPPING_RULES: ShippingRules = { flatFeeCents: 1000, freeOverCents: 10000 };

/** Everything besides the lines that decides what an order costs. */
export interface PriceContext {
  fulfilment: "ship" | "pickup";
  shipping: ShippingRules;
  /** The state whose sales tax applies (the store's for a pickup) and its rate; null: not known yet, none charged. */
  salesTax: { state: string; basisPoints: number } | null;
  /** A code the discounts module found usable for this buyer today; null: none. */
  discount: { code: string; terms: Pick<DiscountTerms, "kind" | "value" | "productIds" | "categoryIds"> } | null;
  /** The tax rules for where the order goes (the store, for a pickup) and the day; null: not known yet, none charged. */
  excise: { rules: readonly EvaluatedTaxRule[]; destination: ComplianceDestination; on: string } | null;
  /**
   * A sale to a licensed retailer (an approved wholesale account; docs/decisions/102): only the
   * excise rules whose wholesale provision is `charged` apply. Left out: a retail sale.
   */
  wholesale?: boolean;
}

/** The figures a buyer reads, each the sum of its kind of adjustment. */
export interface PriceTotals {
  /** The lines at their prices. */
  subtotalCents: number;
  /** What discounts took off, as a positive amount. */
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  exciseCents: number;
  feesCents: number;
  totalCents: number;
}

export interface Priced<L extends PriceLine> {
  lines: (L & { lineTotalCents: number })[];
  adjustments: Adjustment[];
  totals: PriceTotals;
  /** Lines a tax where they go needs a fact for that they lack: they cannot be sold there. */
  refusals: (ExciseRefusal & { line: number })[];
}

/** Shipping's one rule (the spec's 10, free over 100): nothing for an empty cart or goods over the threshold. */
export function shippingFeeCents(goodsCents: number, lineCount: number, rules: ShippingRules): number {
  return lineCount === 0 || goodsCents > rules.freeOverCents ? 0 : rules.flatFeeCents;
}

/** `basis × rate` rounded half up to the cent; every percentage adjustment rounds once, by itself. */
export function percentOfCents(basisCents: number, basisPoints: number): number {
  return Math.round((basisCents * basisPoints) / 10_000);
}

/**
 * What an order costs, as adjustments on its lines (docs/decisions/090). In this order, each on
 * what the ones before left:
 * 1. the discount, on the goods it applies to (discountCents: a percentage rounded half up, or a
 *    fixed sum up to them);
 * 2. shipping, on the goods after the discount (a pickup costs nothing);
 * 3. excise, on each line where it goes (exciseOfLine: each tax rounded half up once; a tax of the
 *    retail price after discounts takes the line's share of the discount, discountShares);
 * 4. sales tax, on the goods after the discount and the excise the rules say it is charged on,
 *    rounded half up once for the order.
 * Totals are only ever the sums of these (totalsOf), so what is stored adds up by construction.
 */
export function price<L extends PriceLine>(lines: readonly L[], context: PriceContext): Priced<L> {
  const priced = withLineTotals(lines);
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const adjustments: Adjustment[] = [];
  const refusals: Priced<L>["refusals"] = [];

  let goodsCents = subtotalCents;
  let shares = priced.map(() => 0);
  if (context.discount) {
    const { code, terms } = context.discount;
    const off = discountCents(terms, priced);
    shares = discountShares(priced, (index) => lineEligible(terms, priced[index] as DiscountLine), off);
    if (off > 0) {
      adjustments.push({
        kind: "discount",
        line: null,
        label: `Discount (${code})`,
        amountCents: -off,
        basisCents: eligibleSubtotalCents(terms, priced),
        rateBasisPoints: terms.kind === "percent" ? Math.min(terms.value, 100) * 100 : null,
        source: `discount:${code}`,
        excise: null,
      });
      goodsCents -= off;
    }
  }

  if (priced.length > 0) {
    const pickup = context.fulfilment === "pickup";
    adjustments.push({
      kind: "shipping",
      line: null,
      label: pickup ? "Pickup in store" : "Shipping",
      amountCents: pickup ? 0 : shippingFeeCents(goodsCents, priced.length, context.shipping),
      basisCents: goodsCents,
      rateBasisPoints: null,
      source: pickup ? "pickup" : "setting:shipping",
      excise: null,
    });
  }

  // Excise that sales tax is charged on too.
  let taxedExciseCents = 0;
  if (context.excise) {
    const { destination, on } = context.excise;
    const rules = context.wholesale
      ? context.excise.rules.filter((rule) => (rule.wholesale ?? "charged") === "charged")
      : context.excise.rules;
    for (const [index, line] of priced.entries()) {
      if (!line.excise) continue;
      const pieces = line.quantity * (line.piecesPerUnit ?? 1);
      const found = exciseOfLine(
        { excise: line.excise, pieces, lineTotalCents: line.lineTotalCents, discountCents: shares[index] ?? 0 },
        rules,
        destination,
        on,
      );
      for (const refusal of found.refusals) refusals.push({ ...refusal, line: index });
      for (const charge of found.charges) {
        if (charge.rule.salesTaxOnTop) taxedExciseCents += charge.amountCents;
        adjustments.push({
          kind: "excise",
          line: index,
          label: charge.label,
          amountCents: charge.amountCents,
          basisCents: charge.basisCents,
          rateBasisPoints: charge.basisCents === null ? null : charge.rateUnits,
          source: `tax_rule:${charge.rule.id}`,
          excise: {
            ruleId: charge.rule.id,
            ruleVersion: charge.rule.version,
            where: charge.where,
            basis: charge.rule.basis,
            basisMl: charge.basisMl,
            pieces,
            rateUnits: charge.rateUnits,
            salesTaxOnTop: charge.rule.salesTaxOnTop,
          },
        });
      }
    }
  }

  if (context.salesTax && priced.length > 0) {
    const { state, basisPoints } = context.salesTax;
    const basisCents = goodsCents + taxedExciseCents;
    adjustments.push({
      kind: "sales_tax",
      line: null,
      label: "Sales tax",
      amountCents: percentOfCents(basisCents, basisPoints),
      basisCents,
      rateBasisPoints: basisPoints,
      source: `setting:salesTaxBasisPoints.${state}`,
      excise: null,
    });
  }

  return { lines: priced, adjustments, totals: totalsOf(priced, adjustments), refusals };
}

/** Each line with its total: the unit price times the quantity. */
export function withLineTotals<L extends PriceLine>(lines: readonly L[]): (L & { lineTotalCents: number })[] {
  return lines.map((line) => ({ ...line, lineTotalCents: line.unitPriceCents * line.quantity }));
}

/** An order's figures from its lines and adjustments: the one way totals are made, priced or stored. */
export function totalsOf(
  lines: readonly { lineTotalCents: number }[],
  adjustments: readonly Pick<Adjustment, "kind" | "amountCents">[],
): PriceTotals {
  const sum = (kind: AdjustmentKind) =>
    adjustments.reduce((total, adjustment) => total + (adjustment.kind === kind ? adjustment.amountCents : 0), 0);
  const subtotalCents = lines.reduce((total, line) => total + line.lineTotalCents, 0);
  const totalCents = adjustments.reduce((total, adjustment) => total + adjustment.amountCents, subtotalCents);
  return {
    subtotalCents,
    discountCents: Math.abs(sum("discount")),
    shippingCents: sum("shipping"),
    taxCents: sum("sales_tax"),
    exciseCents: sum("excise"),
    feesCents: sum("fee"),
    totalCents,
  };
}

/** "−$5.00" for a discount, "Free" for shipping that costs nothing, else the amount. */
export function adjustmentAmountText(adjustment: Pick<Adjustment, "kind" | "amountCents">): string {
  if (adjustment.amountCents < 0) return `−${formatCents(-adjustment.amountCents)}`;
  if (adjustment.kind === "shipping" && adjustment.amountCents === 0) return "Free";
  return formatCents(adjustment.amountCents);
}
