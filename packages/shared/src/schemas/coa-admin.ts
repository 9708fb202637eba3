import { z } from "zod";
import {
  COA_CORRECTION_REASON,
  COA_FORM_ALKALOIDS,
  COA_FORM_CANNABINOIDS,
  COA_PANELS,
  type CoaFigure,
  type CoaFormAlkaloid,
  type CoaFormCannabinoid,
  type CoaPanel,
  PANEL_RESULTS,
} from "../constants/coas.ts";
import { parseThousandths } from "../rules/coa.ts";
import { isCalendarDay } from "../rules/days.ts";
import { lotNumberSchema } from "./coas.ts";

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what}.` })
    .trim()
    .min(1, { error: `Enter the ${what}.` })
    .max(max, { error: `must be at most ${max} characters` });

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
const day = (what: string) =>
  z
    .string({ error: `Enter the ${what}.` })
    .min(1, { error: `Enter the ${what}.` })
    .refine(isCalendarDay, { error: `The ${what} must be a date (YYYY-MM-DD).` });

/** A decimal as typed to whole thousandths; blank means not tested. */
const readThousandths =
  (unit: string, max: number) =>
  (value: string | undefined, ctx: z.RefinementCtx): number | null => {
    const text = (value ?? "").trim();
    if (text === "") return null;
    const parsed = parseThousandths(text);
    if (parsed === null || parsed > max) {
      ctx.addIssue({
        code: "custom",
        message: `must be a number from 0 to ${max / 1000} ${unit}, with at most three decimals`,
      });
      return z.NEVER;
    }
    return parsed;
  };
const readPercent = readThousandths("%", 100_000);
const readMilligrams = readThousandths("mg", 1_000_000_000);

const percent = z.string().optional().transform(readPercent);
const milligrams = z.string().optional().transform(readMilligrams);
const panelResult = z.enum(PANEL_RESULTS, { error: "must be passed, failed or not_tested" });
const panel = panelResult.default("not_tested");
const readServingSize = (value: string | undefined) => value || null;
const servingSizeText = z.string().trim().max(60, { error: "must be at most 60 characters" });

/**
 * The text fields of the staff's Add COA form (multipart, with the PDF as `pdf`). Percentages and
 * milligrams are typed as the lab prints them and stored as whole thousandths (docs/decisions/016).
 * The dates' order (sample ≤ test ≤ report ≤ today) is the service's check: it knows today.
 */
export const coaFormFieldsSchema = z.strictObject({
  productId: z
    .string({ error: "Please choose the product." })
    .min(1, { error: "Please choose the product." })
    .max(64, { error: "must be at most 64 characters" }),
  variantId: z
    .string()
    .trim()
    .max(64, { error: "must be at most 64 characters" })
    .optional()
    .transform((value) => value || undefined)
    .describe("Which of the product's variants the batch is of; left out, the product's own"),
  lotNumber: lotNumberSchema,
  labName: requiredText("lab's name", 200),
  labAccreditation: requiredText("lab's accreditation", 100).default("ISO/IEC 17025:2017"),
  labCertificateNumber: requiredText("lab's certificate number", 100),
  sampleDate: day("sample date"),
  testDate: day("test date"),
  reportDate: day("report date"),
  ...(Object.fromEntries(COA_FORM_CANNABINOIDS.map((name) => [name, percent])) as Record<
    CoaFormCannabinoid,
    typeof percent
  >),
  thcPerContainer: milligrams,
  ...(Object.fromEntries(COA_PANELS.map((name) => [name, panel])) as Record<CoaPanel, typeof panel>),
  servingSize: servingSizeText.optional().transform(readServingSize),
  ...(Object.fromEntries(COA_FORM_ALKALOIDS.map((name) => [name, milligrams])) as Record<
    CoaFormAlkaloid,
    typeof milligrams
  >),
  sevenHydroxyShareOfAlkaloids: percent,
});
export type CoaFormFields = z.output<typeof coaFormFieldsSchema>;

export const COA_DATE_MESSAGES = {
  testBeforeSample: "The test date cannot be before the sample date.",
  reportBeforeTest: "The report date cannot be before the test date.",
  reportInFuture: "The report date cannot be in the future.",
} as const;

/** A figure left out of a correction stays as it is; blank means not tested (or not reported). */
const correctedPercent = z.string().transform(readPercent).optional();
const correctedMilligrams = z.string().transform(readMilligrams).optional();

/**
 * A correction of a published COA's figures by staff (docs/decisions/083): the figures typed as on
 * the Add COA form, only those that change (a figure left out stays; a blank one becomes "not
 * tested"), and why. The lab, the dates, the lot, the product and the PDF are not figures.
 */
export const coaCorrectionSchema = z.strictObject({
  ...(Object.fromEntries(COA_FORM_CANNABINOIDS.map((name) => [name, correctedPercent])) as Record<
    CoaFormCannabinoid,
    typeof correctedPercent
  >),
  thcPerContainer: correctedMilligrams,
  ...(Object.fromEntries(COA_PANELS.map((name) => [name, panelResult.optional()])) as Record<
    CoaPanel,
    ReturnType<typeof panelResult.optional>
  >),
  servingSize: servingSizeText.transform(readServingSize).optional(),
  ...(Object.fromEntries(COA_FORM_ALKALOIDS.map((name) => [name, correctedMilligrams])) as Record<
    CoaFormAlkaloid,
    typeof correctedMilligrams
  >),
  sevenHydroxyShareOfAlkaloids: correctedPercent,
  reason: z
    .string({ error: "Please say why the figures are corrected." })
    .trim()
    .min(1, { error: "Please say why the figures are corrected." })
    .min(COA_CORRECTION_REASON.min, { error: `must be at least ${COA_CORRECTION_REASON.min} characters` })
    .max(COA_CORRECTION_REASON.max, { error: `must be at most ${COA_CORRECTION_REASON.max} characters` })
    .regex(/\p{L}/u, { error: "must say in words why the figures are corrected" })
    .describe("Why the figures are corrected, in words; shown on the public batch page"),
});
export type CoaCorrection = z.output<typeof coaCorrectionSchema>;
/** The corrected figures as stored: thousandths of a percent, micrograms, panel results, the serving. */
export type CoaFigures = Pick<CoaFormFields, CoaFigure>;
