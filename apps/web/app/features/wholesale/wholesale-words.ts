import { US_STATES, type UsState, wholesaleDocumentKindLabels } from "@shop/shared/constants";

/** How an account's payment terms read: "net 30 (each invoice is due 30 days after its order)", or that it pays as it orders. */
export function termsWords(termsDays: number | null): string {
  return termsDays === null
    ? "none (each order is paid as it is placed)"
    : `net ${termsDays} (each invoice is due ${termsDays} days after its order)`;
}

/** "Texas", or the code itself for one the shop does not know. */
export function stateName(code: string): string {
  return US_STATES[code as UsState] ?? code;
}

/** "Resale certificate · Texas · RC-1". */
export function documentTitle(document: { kind: keyof typeof wholesaleDocumentKindLabels; state: string }): string {
  return `${wholesaleDocumentKindLabels[document.kind]} · ${stateName(document.state)}`;
}
