import {
  type ComplianceDestination,
  type DiscountLine,
  type EvaluatedTaxRule,
  type Fulfilment,
  type OrderLine,
  type PriceContext,
  type Priced,
  type PriceLine,
  type quoteRequestSchema,
  type ShopSettings,
  unitSale,
  variantName,
  withLineTotals,
} from "@shop/shared";
import { Conflict, Invalid } from "@shop/shared/errors";
import type { z } from "zod";
import type { SaleFacts } from "../catalog/service.ts";
import type { DiscountAnswer } from "../discounts/service.ts";
import type { WholesaleStanding } from "../wholesale/service.ts";
import { wholesaleLineSale } from "./wholesale.ts";

/** A cart line as the buyer sent it: a product's variant, piece or box, and how many. */
export type LineInput = z.output<typeof quoteRequestSchema>["lines"][number];

/** A line as sold: the product's name, SKU and unit price now, and its category for discount codes. */
export type SaleLine = Omit<OrderLine, "lineTotalCents"> & PriceLine;

/**
 * The lines at the database's prices; refused in words, naming the line, where one cannot be sold,
 * or cannot reach the buyer the way chosen (a product not delivered, one not kept at the store).
 * An approved wholesale account's lines are boxes at DistroPrice (wholesaleLineSale).
 */
export function saleLines(
  lines: readonly LineInput[],
  facts: Map<string, SaleFacts>,
  fulfilment: Fulfilment,
  standing: WholesaleStanding | null = null,
): SaleLine[] {
  return lines.map((line, index) => {
    const field = `lines.${index}`;
    const found = facts.get(line.variantId);
    // A variant of another product is as unknown here as one that no longer exists.
    if (!found || found.productId !== line.productId) {
      throw new Conflict("A product in your cart is no longer sold. Please remove it and try again.", {
        fields: { [field]: "is no longer sold" },
      });
    }
    // The buyer's words for what they chose: the name with the variant's option values.
    const product = {
      ...found,
      name: variantName(
        found.name,
        found.options.map((option) => option.value),
      ),
    };
    if (fulfilment === "ship" && !product.deliveryAvailable) {
      throw new Conflict(
        `“${product.name}” is not shipped: it is sold for pickup in store only. Please remove it to have the rest shipped.`,
        { fields: { [field]: "is not shipped: pickup in store only" } },
      );
    }
    if (fulfilment === "pickup" && !product.inStoreStockAvailable) {
      throw new Conflict(
        `“${product.name}” is not kept at our store. Please remove it, or choose shipping for this order.`,
        { fields: { [field]: "is not available for pickup in store" } },
      );
    }
    const sale = standing ? wholesaleLineSale(product, line.unit, field) : unitSale(product, line.unit);
    if (!sale) {
      throw new Invalid(`“${product.name}” is not sold by the box.`, { fields: { [field]: "is not sold by the box" } });
    }
    const pieces = line.quantity * sale.piecesPerUnit;
    if (pieces > product.stock) throw outOfStock(found, line, sale.piecesPerUnit, index);
    return {
      productId: product.productId,
      variantId: product.id,
      options: product.options,
      categoryId: product.categoryId,
      unit: line.unit,
      name: found.name,
      sku: product.sku,
      unitPriceCents: sale.unitPriceCents,
      quantity: line.quantity,
      piecesPerUnit: sale.piecesPerUnit,
      excise: found.excise,
    };
  });
}

/** The refusal of a line the stock cannot cover, saying how many are left. */
export function outOfStock(facts: SaleFacts, line: LineInput, piecesPerUnit: number, index: number): Conflict {
  const product = {
    ...facts,
    name: variantName(
      facts.name,
      facts.options.map((option) => option.value),
    ),
  };
  const left = Math.floor(product.stock / piecesPerUnit);
  const unitWord = line.unit === "box" ? (left === 1 ? "box" : "boxes") : left === 1 ? "piece" : "pieces";
  const message =
    left === 0
      ? `“${product.name}” is out of stock. Please remove it to order the rest.`
      : `Only ${left} ${unitWord} of “${product.name}” left. Please lower the quantity to ${left} or fewer.`;
  return new Conflict(message, {
    fields: { [`lines.${index}`]: left === 0 ? "is out of stock" : `only ${left} left` },
  });
}

/**
 * What prices an order besides its lines: the shop's settings, where it goes (the state alone is
 * enough for the sales tax; the excise needs the place: city and ZIP for the local taxes), the tax
 * rules there and the day, a usable code's terms, and a wholesale account's standing (decision 102).
 */
export function priceContext(
  settings: ShopSettings,
  fulfilment: Fulfilment,
  destination: ComplianceDestination | null,
  taxRules: readonly EvaluatedTaxRule[],
  on: string,
  discount: DiscountAnswer | null,
  standing: WholesaleStanding | null = null,
): PriceContext {
  const state = destination?.state;
  // A wholesale account with a resale certificate valid there today pays no sales tax (decision 102).
  const exempt = state !== undefined && standing?.certificateStates.has(state) === true;
  return {
    fulfilment,
    shipping: { flatFeeCents: settings.shippingFlatFeeCents, freeOverCents: settings.freeShippingOverCents },
    salesTax: state && !exempt ? { state, basisPoints: settings.salesTaxBasisPoints[state] ?? 0 } : null,
    discount: discount?.terms ? { code: discount.code, terms: discount.terms } : null,
    excise: destination ? { rules: taxRules, destination, on } : null,
    wholesale: standing !== null,
  };
}

/** The API's figures of a priced order: its lines, their totals and the adjustments. */
export function pricedFigures({ lines, adjustments, totals }: Priced<SaleLine>) {
  return { lines: lines.map(({ categoryId: _category, excise: _excise, ...line }) => line), ...totals, adjustments };
}

/** The lines as a discount code sees them: which product and category, and what each costs. */
export function discountLines(lines: readonly SaleLine[]): DiscountLine[] {
  return withLineTotals(lines).map(({ productId, categoryId, lineTotalCents }) => ({
    productId,
    categoryId,
    lineTotalCents,
  }));
}
