import { z } from "zod";
import {
  COA_FORM_ALKALOIDS,
  COA_FORM_CANNABINOIDS,
  COA_PANELS,
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

/** A decimal typed in the form to whole thousandths; blank means not tested. */
const thousandths = (unit: string, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
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
    });

const percent = thousandths("%", 100_000);
const milligrams = thousandths("mg", 1_000_000_000);
const panel = z.enum(PANEL_RESULTS, { error: "must be passed, failed or not_tested" }).default("not_tested");

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
  servingSize: z
    .string()
    .trim()
    .max(60, { error: "must be at most 60 characters" })
    .optional()
    .transform((value) => value || null),
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
