import {
  type CoaBatch,
  formatMicrogramsAsMg,
  formatMilliPercent,
  type PanelResult,
  totalThcMilliPercent,
} from "@shop/shared";
import { addDays, dayOf } from "@shop/shared/rules";
import { PAGE_HEIGHT, PAGE_WIDTH, type PdfRect, type PdfText, type Rgb, writePdf } from "../../lib/simple-pdf.ts";

/**
 * The demo shop's batches and certificates of analysis: one batch for each hemp, kratom, 7-OH and
 * pseudo product (and for each size of the flower and the kratom sold in three; a COA names its
 * variant's SKU), a second batch for one flower, and two reports older than a year. The labs,
 * their certificate numbers and every result are invented; each PDF says so at its foot.
 */

export interface DemoLab {
  name: string;
  accreditation: string;
  certificateNumber: string;
}

export const demoLabs: [DemoLab, DemoLab, DemoLab] = [
  { name: "Meridian Analytical Laboratories", accreditation: "ISO/IEC 17025:2017", certificateNumber: "L23-417" },
  { name: "Coastline Botanical Testing", accreditation: "ISO/IEC 17025:2017", certificateNumber: "AT-5521.01" },
  { name: "Northfield BioAnalytics", accreditation: "ISO/IEC 17025:2017", certificateNumber: "PL-108734" },
];

type Cannabinoids = Partial<
  Record<"delta9Thc" | "thca" | "delta8Thc" | "delta10Thc" | "hhc" | "cbd" | "cbda" | "cbg" | "cbn", number>
>;
type Panels = CoaBatch["panels"];

export interface DemoCoa {
  sku: string;
  lotNumber: string;
  lab: 0 | 1 | 2;
  /** The report's date, in days before the demo shop is loaded; the sample is 9 days older, the test 6. */
  reportDaysAgo: number;
  /** Thousandths of a percent by weight; a missing one was not tested. */
  cannabinoids?: Cannabinoids;
  /**
   * The net weight in grams of one container as sold, when the report states the THC per container
   * (reports since the November 2025 hemp definition do; docs/decisions/076).
   */
  containerGrams?: number;
  panels: Panels;
  /** Micrograms per serving, and 7-OH's share of the alkaloids in thousandths of a percent. */
  alkaloids?: {
    servingSize: string;
    mitragynine: number;
    sevenHydroxymitragynine: number;
    mitragyninePseudoindoxyl?: number;
    sevenHydroxyShareOfAlkaloids: number;
  };
}

const panels = (solvents: PanelResult, mycotoxins: PanelResult = "passed"): Panels => ({
  pesticides: "passed",
  heavyMetals: "passed",
  microbials: "passed",
  mycotoxins,
  residualSolvents: solvents,
});
const flower = panels("not_tested");
const extract = panels("passed");
const edible = panels("passed", "not_tested");
const leaf = panels("not_tested");

const flowerResults = (delta9Thc: number, thca: number, cbg: number): Cannabinoids => ({
  delta9Thc,
  thca,
  delta8Thc: 0,
  cbd: 60,
  cbda: 110,
  cbg,
  cbn: 0,
});
const kratom = (servingSize: string, mitragynine: number, sevenOh: number, share: number) => ({
  servingSize,
  mitragynine,
  sevenHydroxymitragynine: sevenOh,
  sevenHydroxyShareOfAlkaloids: share,
});
const pseudo = (
  pseudoindoxyl: number,
  sevenOh: number,
  mitragynine: number,
  share: number,
  servingSize = "1 tablet",
) => ({
  servingSize,
  mitragynine,
  sevenHydroxymitragynine: sevenOh,
  mitragyninePseudoindoxyl: pseudoindoxyl,
  sevenHydroxyShareOfAlkaloids: share,
});

export const demoCoas: DemoCoa[] = [
  // THCA flower, over the federal hemp definition since 2026-11-12 (decision 080): Velvet Cherry
  // Sorbet has an older batch, reported over a year ago, before reports stated the THC per container.
  {
    sku: "HMP-HMH-VCS-35",
    lotNumber: "HMH-VCS-2510A",
    lab: 0,
    reportDaysAgo: 420,
    cannabinoids: flowerResults(190, 22_840, 710),
    panels: flower,
  },
  {
    sku: "HMP-HMH-VCS-35",
    lotNumber: "HMH-VCS-2609B",
    lab: 0,
    reportDaysAgo: 38,
    cannabinoids: flowerResults(210, 24_500, 820),
    containerGrams: 3.5,
    panels: flower,
  },
  {
    sku: "HMP-CPL-MFC-35",
    lotNumber: "CPL-MFC-2610A",
    lab: 1,
    reportDaysAgo: 24,
    cannabinoids: flowerResults(260, 28_050, 1_120),
    containerGrams: 3.5,
    panels: flower,
  },
  // The same harvest in its larger bags: each size is its own batch, with its own report.
  {
    sku: "HMP-CPL-MFC-7",
    lotNumber: "CPL-MFC-2610B",
    lab: 1,
    reportDaysAgo: 24,
    cannabinoids: flowerResults(255, 27_940, 1_110),
    containerGrams: 7,
    panels: flower,
  },
  {
    sku: "HMP-CPL-MFC-14",
    lotNumber: "CPL-MFC-2610C",
    lab: 1,
    reportDaysAgo: 23,
    cannabinoids: flowerResults(262, 28_110, 1_130),
    containerGrams: 14,
    panels: flower,
  },
  // THC gummies: 25 mg delta-8 or 10 mg delta-9 in a 4 g piece, 20 to a pouch or 10 to a jar, far
  // over 0.4 mg of THC in the container.
  {
    sku: "HMP-HMH-D8G-WM-20",
    lotNumber: "HMH-D8G-2609A",
    lab: 0,
    reportDaysAgo: 46,
    cannabinoids: { delta9Thc: 12, thca: 0, delta8Thc: 625, cbd: 0 },
    containerGrams: 80,
    panels: edible,
  },
  {
    sku: "HMP-CPL-D9G-MB-10",
    lotNumber: "CPL-D9G-2610A",
    lab: 1,
    reportDaysAgo: 19,
    cannabinoids: { delta9Thc: 250, thca: 0, delta8Thc: 0, cbd: 0 },
    containerGrams: 40,
    panels: edible,
  },
  // CBD products within the definition of 2026-11-12: at most 0.3 % total THC and 0.4 mg of THC in
  // the container as sold (decision 080). The oil holds 0.001 % delta-9 in 28 g (0.28 mg), the
  // vapes 0.01 to 0.015 % in 2 g (0.2 and 0.3 mg); in the isolate products no THC was detected.
  {
    sku: "HMP-HMH-CBO-1500",
    lotNumber: "HMH-CBO-2609A",
    lab: 0,
    reportDaysAgo: 47,
    cannabinoids: { delta9Thc: 1, thca: 0, delta8Thc: 0, cbd: 5_310, cbda: 40, cbg: 120, cbn: 20 },
    containerGrams: 28,
    panels: extract,
  },
  {
    sku: "HMP-HMH-CBS-25-30",
    lotNumber: "HMH-CBS-2609A",
    lab: 0,
    reportDaysAgo: 52,
    cannabinoids: { delta9Thc: 0, thca: 0, delta8Thc: 0, cbd: 4_170 },
    containerGrams: 18,
    panels: edible,
  },
  {
    sku: "HMP-CPL-CBG-MNG-30",
    lotNumber: "CPL-CBG-2610A",
    lab: 1,
    reportDaysAgo: 22,
    cannabinoids: { delta9Thc: 0, thca: 0, delta8Thc: 0, cbd: 625 },
    containerGrams: 120,
    panels: edible,
  },
  {
    sku: "HMP-CPL-CBB-TNG-2OZ",
    lotNumber: "CPL-CBB-2608A",
    lab: 1,
    reportDaysAgo: 88,
    cannabinoids: { delta9Thc: 0, thca: 0, delta8Thc: 0, cbd: 1_790, cbg: 60 },
    containerGrams: 56,
    panels: extract,
  },
  {
    sku: "HMP-HMH-CBV-BRZ-2G",
    lotNumber: "HMH-CBV-2609A",
    lab: 0,
    reportDaysAgo: 61,
    cannabinoids: { delta9Thc: 10, thca: 0, delta8Thc: 0, delta10Thc: 0, hhc: 0, cbd: 86_400, cbn: 410 },
    containerGrams: 2,
    panels: extract,
  },
  {
    sku: "HMP-CPL-CGV-PGV-2G",
    lotNumber: "CPL-CGV-2609A",
    lab: 1,
    reportDaysAgo: 33,
    cannabinoids: { delta9Thc: 15, thca: 0, delta8Thc: 0, cbd: 58_300, cbg: 29_100, cbn: 180 },
    containerGrams: 2,
    panels: extract,
  },
  // Kratom leaf: a 2 g serving. Yellow Vietnam's only batch was reported over a year ago.
  {
    sku: "KRT-TWB-RBL-250",
    lotNumber: "TWB-RBL-2609A",
    lab: 2,
    reportDaysAgo: 58,
    alkaloids: kratom("2 g", 29_400, 310, 1_050),
    panels: leaf,
  },
  {
    sku: "KRT-TWB-RBL-500",
    lotNumber: "TWB-RBL-2609B",
    lab: 2,
    reportDaysAgo: 58,
    alkaloids: kratom("2 g", 29_100, 305, 1_040),
    panels: leaf,
  },
  {
    sku: "KRT-TWB-RBL-1000",
    lotNumber: "TWB-RBL-2610A",
    lab: 2,
    reportDaysAgo: 31,
    alkaloids: kratom("2 g", 29_800, 318, 1_060),
    panels: leaf,
  },
  {
    sku: "KRT-TWB-GMD-250",
    lotNumber: "TWB-GMD-2610A",
    lab: 2,
    reportDaysAgo: 27,
    alkaloids: kratom("2 g", 32_800, 280, 850),
    panels: leaf,
  },
  {
    sku: "KRT-TWB-WBO-150C",
    lotNumber: "TWB-WBO-2608A",
    lab: 2,
    reportDaysAgo: 102,
    alkaloids: kratom("4 capsules (2 g)", 27_100, 240, 890),
    panels: leaf,
  },
  {
    sku: "KRT-GFK-RMD-100C",
    lotNumber: "GFK-RMD-2609A",
    lab: 0,
    reportDaysAgo: 64,
    alkaloids: kratom("4 capsules (2 g)", 30_500, 350, 1_140),
    panels: leaf,
  },
  {
    sku: "KRT-GFK-GML-250",
    lotNumber: "GFK-GML-2610A",
    lab: 0,
    reportDaysAgo: 15,
    alkaloids: kratom("2 g", 33_900, 260, 760),
    panels: leaf,
  },
  {
    sku: "KRT-GFK-YVN-500",
    lotNumber: "GFK-YVN-2508A",
    lab: 2,
    reportDaysAgo: 455,
    alkaloids: kratom("2 g", 25_600, 300, 1_170),
    panels: leaf,
  },
  {
    sku: "KRT-GFK-WMD-250",
    lotNumber: "GFK-WMD-2609A",
    lab: 0,
    reportDaysAgo: 49,
    alkaloids: kratom("2 g", 31_200, 270, 860),
    panels: leaf,
  },
  // 7-OH tablets and shots.
  {
    sku: "HYD-VRD-15-3CT",
    lotNumber: "VRD-H15-2610A",
    lab: 1,
    reportDaysAgo: 21,
    alkaloids: kratom("1 tablet", 410, 15_200, 96_800),
    panels: edible,
  },
  {
    sku: "HYD-VRD-30-3CT",
    lotNumber: "VRD-H30-2610A",
    lab: 1,
    reportDaysAgo: 21,
    alkaloids: kratom("1 tablet", 650, 30_400, 97_400),
    panels: edible,
  },
  {
    sku: "HYD-VRD-10-6CT",
    lotNumber: "VRD-H10-2609A",
    lab: 1,
    reportDaysAgo: 44,
    alkaloids: kratom("1 tablet", 350, 10_100, 96_100),
    panels: edible,
  },
  {
    sku: "HYD-GFK-20-SHT-MNG",
    lotNumber: "GFK-HSM-2609A",
    lab: 1,
    reportDaysAgo: 56,
    alkaloids: kratom("1 shot (60 ml)", 900, 20_300, 94_200),
    panels: edible,
  },
  {
    sku: "HYD-TWB-15-CHW-BRY",
    lotNumber: "TWB-HCB-2608A",
    lab: 1,
    reportDaysAgo: 81,
    alkaloids: kratom("1 chewable tablet", 520, 14_900, 95_500),
    panels: edible,
  },
  // Mitragynine pseudoindoxyl tablets.
  {
    sku: "PSD-VRD-5-3CT",
    lotNumber: "VRD-P5-2610A",
    lab: 2,
    reportDaysAgo: 18,
    alkaloids: pseudo(5_100, 140, 90, 2_630),
    panels: edible,
  },
  {
    sku: "PSD-VRD-10-3CT",
    lotNumber: "VRD-P10-2609A",
    lab: 2,
    reportDaysAgo: 39,
    alkaloids: pseudo(10_200, 210, 120, 1_990),
    panels: edible,
  },
  {
    sku: "PSD-VRD-5-10CT",
    lotNumber: "VRD-P5X-2609A",
    lab: 2,
    reportDaysAgo: 39,
    alkaloids: pseudo(4_950, 130, 80, 2_520),
    panels: edible,
  },
  {
    sku: "PSD-GFK-8-CHW-CIT",
    lotNumber: "GFK-PCC-2608A",
    lab: 2,
    reportDaysAgo: 91,
    alkaloids: pseudo(8_100, 190, 110, 2_260, "1 chewable tablet"),
    panels: edible,
  },
];

/**
 * The THC of every kind in one container, in micrograms, as the report states it: total THC
 * (delta-9 + 0.877 × THCA) with delta-8, delta-10 and HHC, over the container's weight (a
 * thousandth of a percent of a gram is 10 µg). Null when the report does not state it.
 */
export function demoThcPerContainer(coa: DemoCoa): number | null {
  const results = coa.cannabinoids;
  if (coa.containerGrams === undefined || results === undefined) return null;
  const milliPercent =
    (totalThcMilliPercent(results.delta9Thc ?? 0, results.thca ?? 0) ?? 0) +
    (results.delta8Thc ?? 0) +
    (results.delta10Thc ?? 0) +
    (results.hhc ?? 0);
  return Math.round(coa.containerGrams * milliPercent * 10);
}

/** The sample, test and report dates (YYYY-MM-DD) of a demo COA, counted back from `now`. */
export function demoCoaDates(coa: DemoCoa, now: number): { sampleDate: string; testDate: string; reportDate: string } {
  const day = (daysAgo: number) => addDays(dayOf(new Date(now)), -daysAgo);
  return {
    sampleDate: day(coa.reportDaysAgo + 9),
    testDate: day(coa.reportDaysAgo + 6),
    reportDate: day(coa.reportDaysAgo),
  };
}

const cannabinoidNames: [keyof Cannabinoids | "totalThc", string][] = [
  ["delta9Thc", "Delta-9 THC"],
  ["thca", "THCA"],
  ["totalThc", "Total THC (delta-9 + 0.877 x THCA)"],
  ["delta8Thc", "Delta-8 THC"],
  ["delta10Thc", "Delta-10 THC"],
  ["hhc", "HHC"],
  ["cbd", "CBD"],
  ["cbda", "CBDA"],
  ["cbg", "CBG"],
  ["cbn", "CBN"],
];
const panelNames: [keyof Panels, string][] = [
  ["pesticides", "Pesticides"],
  ["heavyMetals", "Heavy metals"],
  ["microbials", "Microbials"],
  ["mycotoxins", "Mycotoxins"],
  ["residualSolvents", "Residual solvents"],
];
const panelWords: Record<PanelResult, string> = { passed: "PASS", failed: "FAIL", not_tested: "Not tested" };

const GREEN: Rgb = [20, 83, 45];
const PALE: Rgb = [236, 246, 239];
const GREY: Rgb = [90, 90, 90];

/** The lab's report as a one-page PDF: header, batch details, results in three tables, a demo notice. */
export function demoCoaPdf(coa: DemoCoa, productName: string, now: number): Buffer {
  const lab = demoLabs[coa.lab];
  const dates = demoCoaDates(coa, now);
  const rects: PdfRect[] = [{ x: 0, y: PAGE_HEIGHT - 96, width: PAGE_WIDTH, height: 96, color: GREEN }];
  const texts: PdfText[] = [
    { x: 48, y: PAGE_HEIGHT - 46, size: 20, text: lab.name, bold: true, color: [255, 255, 255] },
    {
      x: 48,
      y: PAGE_HEIGHT - 70,
      size: 11,
      text: `${lab.accreditation} accredited - certificate ${lab.certificateNumber}`,
      color: [220, 240, 226],
    },
  ];
  let y = PAGE_HEIGHT - 136;
  texts.push({ x: 48, y, size: 16, text: "Certificate of Analysis", bold: true });
  y -= 28;
  const details: [string, string][] = [
    ["Product", productName],
    ["SKU", coa.sku],
    ["Batch / lot number", coa.lotNumber],
    ["Sample received", dates.sampleDate],
    ["Tested", dates.testDate],
    ["Report date", dates.reportDate],
  ];
  for (const [label, value] of details) {
    texts.push({ x: 48, y, size: 10, text: label, color: GREY }, { x: 180, y, size: 10, text: value, bold: true });
    y -= 16;
  }

  const table = (title: string, rows: [string, string][]) => {
    y -= 18;
    rects.push({ x: 40, y: y - 6, width: PAGE_WIDTH - 80, height: 22, color: PALE });
    texts.push({ x: 48, y, size: 11, text: title, bold: true, color: GREEN });
    y -= 22;
    for (const [label, value] of rows) {
      texts.push({ x: 48, y, size: 10, text: label }, { x: 360, y, size: 10, text: value, bold: true });
      y -= 15;
    }
  };

  if (coa.cannabinoids) {
    const results: Partial<Record<keyof Cannabinoids | "totalThc", number>> = {
      ...coa.cannabinoids,
      totalThc: totalThcMilliPercent(coa.cannabinoids.delta9Thc ?? null, coa.cannabinoids.thca ?? null) ?? undefined,
    };
    table(
      "Cannabinoids (% by weight)",
      cannabinoidNames.flatMap(([key, label]): [string, string][] => {
        const value = results[key];
        if (value === undefined) return [];
        return [[label, value === 0 ? "ND (not detected)" : formatMilliPercent(value)]];
      }),
    );
    const perContainer = demoThcPerContainer(coa);
    if (perContainer !== null) {
      table(`Per container (${coa.containerGrams} g as sold)`, [
        ["Total THC of every kind (delta-9, THCA, delta-8...)", formatMicrogramsAsMg(perContainer)],
      ]);
    }
  }
  table(
    "Safety panels",
    panelNames.map(([key, label]) => [label, panelWords[coa.panels[key]]]),
  );
  if (coa.alkaloids) {
    const { alkaloids } = coa;
    const rows: [string, string][] = [
      ["Mitragynine", formatMicrogramsAsMg(alkaloids.mitragynine)],
      ["7-hydroxymitragynine (7-OH)", formatMicrogramsAsMg(alkaloids.sevenHydroxymitragynine)],
    ];
    if (alkaloids.mitragyninePseudoindoxyl !== undefined) {
      rows.push(["Mitragynine pseudoindoxyl", formatMicrogramsAsMg(alkaloids.mitragyninePseudoindoxyl)]);
    }
    rows.push(["7-OH share of total alkaloids", formatMilliPercent(alkaloids.sevenHydroxyShareOfAlkaloids)]);
    table(`Kratom alkaloids (per serving: ${alkaloids.servingSize})`, rows);
  }

  texts.push({
    x: 48,
    y: 40,
    size: 8,
    text: "Demo document made by the shop's demo data. The laboratory and every result on it are invented.",
    color: GREY,
  });
  return writePdf([{ rects, texts }], { title: `Certificate of Analysis ${coa.lotNumber}`, author: lab.name });
}
