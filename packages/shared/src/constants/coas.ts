export const COAS_PAGE_SIZE = 20;
export const COAS_MAX_PAGE_SIZE = 100;
export const COA_QUERY_MAX_LENGTH = 100;

/** What a lot number may look like once trimmed and upper-cased: letters, digits and hyphens. */
export const LOT_NUMBER_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,39}$/;

export const PANEL_RESULTS = ["passed", "failed", "not_tested"] as const;

export const COA_PANELS = ["pesticides", "heavyMetals", "microbials", "mycotoxins", "residualSolvents"] as const;
export type CoaPanel = (typeof COA_PANELS)[number];

export const COA_CANNABINOIDS = [
  "delta9Thc",
  "thca",
  "totalThc",
  "delta8Thc",
  "delta10Thc",
  "hhc",
  "cbd",
  "cbda",
  "cbg",
  "cbn",
] as const;
export type CoaCannabinoid = (typeof COA_CANNABINOIDS)[number];

export function lotNotFoundMessage(lot: string): string {
  return `No lab results are published for batch ${lot}. Check the batch number printed on your package.`;
}
/**
 * The staff form's cannabinoid fields, in percent by weight as the lab prints them: every
 * cannabinoid but total THC, which the shop works out from delta-9 THC and THCA.
 */
export const COA_FORM_CANNABINOIDS: readonly Exclude<CoaCannabinoid, "totalThc">[] = COA_CANNABINOIDS.filter(
  (name) => name !== "totalThc",
);
export type CoaFormCannabinoid = (typeof COA_FORM_CANNABINOIDS)[number];

/** The staff form's alkaloid fields, in milligrams per serving. */
export const COA_FORM_ALKALOIDS = ["mitragynine", "sevenHydroxymitragynine", "mitragyninePseudoindoxyl"] as const;
export type CoaFormAlkaloid = (typeof COA_FORM_ALKALOIDS)[number];

export function lotTakenMessage(lot: string): string {
  return `Batch ${lot} already has a COA. Delete it first to publish a corrected report.`;
}

/** What a COA reports on kratom alkaloids, in the order the pages show it. */
export const COA_ALKALOID_RESULTS = [...COA_FORM_ALKALOIDS, "sevenHydroxyShareOfAlkaloids"] as const;

/**
 * What staff may correct on a published COA (docs/decisions/083): the results typed from the report
 * (cannabinoids, the THC per container, the safety panels, the kratom alkaloids with their serving).
 * The product, the lot, the lab, the dates and the PDF are what the lab issued, and stay.
 */
export const COA_FIGURES = [
  ...COA_FORM_CANNABINOIDS,
  "thcPerContainer",
  ...COA_PANELS,
  "servingSize",
  ...COA_FORM_ALKALOIDS,
  "sevenHydroxyShareOfAlkaloids",
] as const;
export type CoaFigure = (typeof COA_FIGURES)[number];

/** How long the reason for a correction may be, in characters, once trimmed. */
export const COA_CORRECTION_REASON = { min: 5, max: 500 } as const;
