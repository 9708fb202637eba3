import type { CoaAlkaloids, CoaBatch, PanelResult } from "@shop/shared";
import type { CoaCannabinoid, CoaFigure, CoaPanel } from "@shop/shared/constants";
import { formatMicrogramsAsMg, formatMilliPercent } from "@shop/shared/rules";
import { href } from "react-router";

export const COAS_DESCRIPTION =
  "Certificates of analysis from ISO/IEC 17025 accredited labs for every batch of our hemp, kratom and alkaloid products. Search by the batch number printed on your package or by product.";

export function batchPath(lotNumber: string): string {
  // href() puts a parameter in as it is: the lot number is encoded here.
  return href("/coas/:lot", { lot: encodeURIComponent(lotNumber) });
}

export const cannabinoidLabels: Record<CoaCannabinoid, string> = {
  delta9Thc: "Delta-9 THC",
  thca: "THCA",
  totalThc: "Total THC",
  delta8Thc: "Delta-8 THC",
  delta10Thc: "Delta-10 THC",
  hhc: "HHC",
  cbd: "CBD",
  cbda: "CBDA",
  cbg: "CBG",
  cbn: "CBN",
};

export const panelLabels: Record<CoaPanel, string> = {
  pesticides: "Pesticides",
  heavyMetals: "Heavy metals",
  microbials: "Microbials",
  mycotoxins: "Mycotoxins",
  residualSolvents: "Residual solvents",
};

export const panelResultLabels: Record<PanelResult, string> = {
  passed: "Passed",
  failed: "Failed",
  not_tested: "Not tested",
};

export const alkaloidLabels: Record<Exclude<keyof CoaAlkaloids, "servingSize">, string> = {
  mitragynine: "Mitragynine",
  sevenHydroxymitragynine: "7-hydroxymitragynine (7-OH)",
  mitragyninePseudoindoxyl: "Mitragynine pseudoindoxyl",
  sevenHydroxyShareOfAlkaloids: "7-OH share of total alkaloids",
};

/** The THC of every kind (delta-9, THCA, delta-8…) in one container as sold, as a COA may report it. */
export const THC_PER_CONTAINER = "Total THC per container";

/** Each figure staff may correct (docs/decisions/083), named as the batch page names it. */
export const figureLabels: Record<CoaFigure, string> = {
  delta9Thc: cannabinoidLabels.delta9Thc,
  thca: cannabinoidLabels.thca,
  delta8Thc: cannabinoidLabels.delta8Thc,
  delta10Thc: cannabinoidLabels.delta10Thc,
  hhc: cannabinoidLabels.hhc,
  cbd: cannabinoidLabels.cbd,
  cbda: cannabinoidLabels.cbda,
  cbg: cannabinoidLabels.cbg,
  cbn: cannabinoidLabels.cbn,
  thcPerContainer: THC_PER_CONTAINER,
  ...panelLabels,
  servingSize: "Serving size",
  ...alkaloidLabels,
};

/** A figure of a batch as stored: thousandths of a percent, micrograms, a panel's result, the serving; null for none. */
export function figureOf(batch: CoaBatch, name: CoaFigure): number | string | null {
  if (name === "thcPerContainer") return batch.thcPerContainer;
  if (name in batch.panels) return batch.panels[name as CoaPanel];
  if (name in batch.alkaloids) return batch.alkaloids[name as keyof CoaAlkaloids];
  return batch.cannabinoids[name as CoaCannabinoid];
}

/** A lab's zero is below what it can measure. */
export function formatPercentResult(value: number): string {
  return value === 0 ? "Not detected" : formatMilliPercent(value);
}

/** Micrograms as milligrams; a lab's zero is below what it can measure. */
export function formatMilligramsResult(value: number): string {
  return value === 0 ? "Not detected" : formatMicrogramsAsMg(value);
}

export function formatAlkaloid(key: keyof typeof alkaloidLabels, value: number): string {
  return key === "sevenHydroxyShareOfAlkaloids" ? formatMilliPercent(value) : formatMilligramsResult(value);
}

/**
 * The two or three results a buyer looks for first, in the order they matter for the product,
 * and what the alkaloid amounts are per ("per serving of 2 g") when there are any.
 */
export function keyResults(batch: CoaBatch): { items: { label: string; value: string }[]; note: string | null } {
  const items: { label: string; value: string }[] = [];
  const { cannabinoids: c, alkaloids: a } = batch;
  const percent = (label: string, value: number | null) => {
    if (value !== null && value > 0) items.push({ label, value: formatMilliPercent(value) });
  };
  const milligrams = (label: string, value: number | null) => {
    if (value !== null) items.push({ label, value: formatMicrogramsAsMg(value) });
  };
  percent("Total THC", c.totalThc);
  percent("Delta-8 THC", c.delta8Thc);
  percent("THCA", c.thca);
  percent("CBD", c.cbd);
  if (a.mitragyninePseudoindoxyl !== null && a.mitragyninePseudoindoxyl > 0) {
    milligrams("Pseudoindoxyl", a.mitragyninePseudoindoxyl);
  }
  milligrams("7-OH", a.sevenHydroxymitragynine);
  if (a.mitragyninePseudoindoxyl === null) milligrams("Mitragynine", a.mitragynine);
  const shown = items.slice(0, 3);
  const perServing = shown.some((item) => item.value.endsWith(" mg"));
  return { items: shown, note: perServing && a.servingSize ? `Alkaloids per serving of ${a.servingSize}.` : null };
}

/** "5 passed", "4 passed, 1 not tested", "1 failed, 4 passed". */
export function panelSummary(panels: CoaBatch["panels"]): { text: string; failed: boolean } {
  const counts: Record<PanelResult, number> = { passed: 0, failed: 0, not_tested: 0 };
  for (const result of Object.values(panels)) counts[result] += 1;
  const parts = [
    counts.failed > 0 ? `${counts.failed} failed` : null,
    counts.passed > 0 ? `${counts.passed} passed` : null,
    counts.not_tested > 0 ? `${counts.not_tested} not tested` : null,
  ].filter((part) => part !== null);
  return { text: parts.join(", "), failed: counts.failed > 0 };
}

export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
