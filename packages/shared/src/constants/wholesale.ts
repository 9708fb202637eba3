// Wholesale accounts' plain values (docs/decisions/102): their statuses, documents, terms and the
// order channels; zod-free, so the storefront and dashboard take them as they are.

export const WHOLESALE_STATUSES = ["pending", "approved", "refused"] as const;
export type WholesaleStatus = (typeof WHOLESALE_STATUSES)[number];

export const wholesaleStatusLabels: Record<WholesaleStatus, string> = {
  pending: "Waiting for review",
  approved: "Approved",
  refused: "Refused",
};

/** A state tobacco or vapor retail licence, or a resale certificate for one state. */
export const WHOLESALE_DOCUMENT_KINDS = ["licence", "resale_certificate"] as const;
export type WholesaleDocumentKind = (typeof WHOLESALE_DOCUMENT_KINDS)[number];

export const wholesaleDocumentKindLabels: Record<WholesaleDocumentKind, string> = {
  licence: "Tobacco or vapor retail licence",
  resale_certificate: "Resale certificate",
};

/** Payment terms staff may give an approved account: net 15 or net 30 days. */
export const WHOLESALE_TERMS_DAYS = [15, 30] as const;
export type WholesaleTermsDays = (typeof WHOLESALE_TERMS_DAYS)[number];

/** Retail buyers, or approved wholesale accounts buying by the box at DistroPrice. */
export const ORDER_CHANNELS = ["retail", "wholesale"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

export const orderChannelLabels: Record<OrderChannel, string> = {
  retail: "Retail",
  wholesale: "Wholesale",
};

/** What an excise rule says of a sale to a licensed retailer: charged as to anyone, or exempt. */
export const TAX_WHOLESALE_PROVISIONS = ["charged", "exempt"] as const;
export type TaxWholesaleProvision = (typeof TAX_WHOLESALE_PROVISIONS)[number];

export const taxWholesaleProvisionLabels: Record<TaxWholesaleProvision, string> = {
  charged: "Charged on sales to licensed retailers too",
  exempt: "Not charged on sales to licensed retailers (they collect it when they sell)",
};

/** The wholesale buyer's licence as an order keeps it (the PACT report names it). */
export interface BuyerLicence {
  number: string;
  state: string;
  expiresOn: string;
  businessName: string;
}

export const WHOLESALE_BUSINESS_NAME_MAX = 200;
export const WHOLESALE_DOCUMENT_NUMBER_MAX = 60;
/** How many resale certificates one application may carry (one or more states each). */
export const WHOLESALE_CERTIFICATES_MAX = 10;
export const WHOLESALE_REFUSAL_REASON_MAX = 1000;

/**
 * The payment method id checkout recognises for an approved account with terms (docs/decisions/102):
 * "Pay on terms (net N)", offered beside the shop's own methods, which may never take this id.
 */
export const TERMS_PAYMENT_METHOD_ID = "terms";

/** "Pay on terms (net 30)": the terms method's name at checkout and on the order. */
export function termsMethodName(termsDays: number): string {
  return `Pay on terms (net ${termsDays})`;
}
