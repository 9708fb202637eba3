import {
  type ComplianceDestination,
  type Fulfilment,
  formatCents,
  type OrderQuote,
  type PriceTotals,
  type ShopSettings,
  US_STATES,
  type UsState,
} from "@shop/shared";
import type { BuyerLicence } from "@shop/shared/constants";
import { Conflict, Invalid } from "@shop/shared/errors";
import { formatDate, wholesaleBox } from "@shop/shared/rules";
import type { SaleFacts } from "../catalog/service.ts";
import type { WholesaleStanding } from "../wholesale/service.ts";

// What checkout asks of an approved wholesale account's order (docs/decisions/102): its lines are
// boxes at DistroPrice, it ships only under a valid licence for the state, its goods meet the
// shop's minimum, and a ban that spares licensed businesses does not stop it. Sales tax and excise
// are priced by priceContext and price() with the standing.

/**
 * One wholesale line's unit: a whole box at DistroPrice × PcsPerPack × PackPerBox. A piece line is
 * refused (the account buys whole boxes only), and so is a product without a DistroPrice or pack
 * counts: it is not sold wholesale.
 */
export function wholesaleLineSale(
  product: Pick<SaleFacts, "distroPriceCents" | "pcsPerPack" | "packPerBox"> & { name: string },
  unit: "piece" | "box",
  field: string,
): { unitPriceCents: number; piecesPerUnit: number } {
  if (unit === "piece") {
    throw new Invalid(
      `“${product.name}” is in your cart by the piece, but a wholesale account buys whole boxes only. Please add it by the box.`,
      { fields: { [field]: "a wholesale account buys whole boxes only" }, code: "wholesale_boxes_only" },
    );
  }
  const box = wholesaleBox(product);
  if (!box) {
    throw new Conflict(
      `“${product.name}” is not sold wholesale: it has no wholesale price or box size. Please remove it to order the rest.`,
      { fields: { [field]: "is not sold wholesale" }, code: "not_sold_wholesale" },
    );
  }
  return box;
}

/** The destination as the rules see a wholesale order: licensed where the account holds a valid licence. */
export function licensedDestination<D extends ComplianceDestination>(
  destination: D,
  standing: WholesaleStanding | null,
): D {
  if (!standing) return destination;
  return { ...destination, licensed: standing.licences.has(destination.state) };
}

function placeWords(state: UsState, fulfilment: Fulfilment): string {
  return fulfilment === "pickup" ? `picked up at our store in ${US_STATES[state]}` : `shipped to ${US_STATES[state]}`;
}

/**
 * Why a wholesale order cannot go to the state (the store's, for a pickup): no approved licence for
 * it, or the last one expired (naming it and the day). Null when a valid licence covers it.
 */
export function licenceProblem(standing: WholesaleStanding, state: UsState, fulfilment: Fulfilment): string | null {
  if (standing.licences.has(state)) return null;
  const place = placeWords(state, fulfilment);
  const last = standing.lastLicences.get(state);
  if (last) {
    return `Your licence ${last.number} for ${US_STATES[state]} expired on ${formatDate(last.expiresOn)}, so a wholesale order cannot be ${place} until a renewed licence is approved. Please upload the new licence on your wholesale account page.`;
  }
  return `Your wholesale account has no approved licence on file for ${US_STATES[state]}, so a wholesale order cannot be ${place}. Please upload a tobacco or vapor retail licence for ${US_STATES[state]}, or choose a state you are licensed in.`;
}

/**
 * Why a wholesale order cannot go to the state although the licence is valid: the account's resale
 * certificate for it expired, and no renewal is approved yet. A state it never sent a certificate
 * for is no problem: the order pays sales tax there.
 */
export function certificateProblem(standing: WholesaleStanding, state: UsState, fulfilment: Fulfilment): string | null {
  const last = standing.lastCertificates.get(state);
  if (!last || standing.certificateStates.has(state)) return null;
  return `Your resale certificate ${last.number} for ${US_STATES[state]} expired on ${formatDate(last.expiresOn)}, so a wholesale order cannot be ${placeWords(state, fulfilment)} until a renewed certificate is approved. Please upload the new certificate on your wholesale account page.`;
}

/**
 * The licence the order is placed under, as the order keeps it; refused (409) without a valid one,
 * or while the state's resale certificate has expired.
 */
export function buyerLicenceFor(standing: WholesaleStanding, state: UsState, fulfilment: Fulfilment): BuyerLicence {
  const field = fulfilment === "pickup" ? "fulfilment" : "shippingAddress.state";
  const problem = licenceProblem(standing, state, fulfilment);
  const licence = standing.licences.get(state);
  if (problem || !licence) {
    throw new Conflict(problem ?? "", { code: "wholesale_licence", fields: { [field]: "no valid wholesale licence" } });
  }
  const expired = certificateProblem(standing, state, fulfilment);
  if (expired) {
    throw new Conflict(expired, { code: "wholesale_certificate", fields: { [field]: "resale certificate expired" } });
  }
  return {
    number: licence.number,
    state: licence.state,
    expiresOn: licence.expiresOn,
    businessName: standing.businessName,
  };
}

/** Why the goods (the lines at their prices, before tax) are too little for a wholesale order; null when enough. */
export function minimumProblem(shop: ShopSettings, totals: Pick<PriceTotals, "subtotalCents">): string | null {
  const minimum = shop.wholesaleMinimumOrderCents;
  if (minimum <= 0 || totals.subtotalCents >= minimum) return null;
  return `A wholesale order must come to at least ${formatCents(minimum)} before tax; this one comes to ${formatCents(totals.subtotalCents)}. Please add ${formatCents(minimum - totals.subtotalCents)} more.`;
}

/** Refuses (409) a wholesale order under the shop's minimum, in words. */
export function checkMinimum(shop: ShopSettings, totals: Pick<PriceTotals, "subtotalCents">): void {
  const problem = minimumProblem(shop, totals);
  if (problem) throw new Conflict(problem, { code: "wholesale_minimum" });
}

/** The quote's wholesale part: the minimum, whether sales tax is spared, and what would refuse the order. */
export function wholesaleQuote(
  standing: WholesaleStanding | null,
  shop: ShopSettings,
  destination: ComplianceDestination | null,
  fulfilment: Fulfilment,
  totals: Pick<PriceTotals, "subtotalCents">,
): OrderQuote["wholesale"] {
  if (!standing) return null;
  const state = destination?.state;
  return {
    minimumOrderCents: shop.wholesaleMinimumOrderCents,
    salesTaxExempt: state !== undefined && standing.certificateStates.has(state),
    problem:
      (state
        ? (licenceProblem(standing, state, fulfilment) ?? certificateProblem(standing, state, fulfilment))
        : null) ?? minimumProblem(shop, totals),
  };
}
