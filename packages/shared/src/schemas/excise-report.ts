import { z } from "zod";
import { TAX_BASES } from "../constants/taxes.ts";
import { orderStatusSchema } from "./orders.ts";

// The excise filing report (docs/decisions/098): the excise collected per jurisdiction and month,
// each line with what it was worked out on, less what refunds gave back.

/** Months one report may span: three years, more than any filing period asks. */
export const EXCISE_REPORT_MAX_MONTHS = 36;

const monthWords = "must be a month written YYYY-MM, such as 2026-11";
const month = (what: string) =>
  z
    .string({ error: monthWords })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: monthWords })
    .describe(what);

/** Months from `from` to `to`, both counted (2026-11 to 2026-12 is 2). */
export function monthsInRange(from: string, to: string): number {
  const index = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7));
  return index(to) - index(from) + 1;
}

export const exciseReportQuerySchema = z
  .strictObject({
    from: month("The first month (UTC) counted, YYYY-MM"),
    to: month("The last month (UTC) counted, YYYY-MM; the first month alone without it").optional(),
  })
  .check((ctx) => {
    const { from, to } = ctx.value;
    if (to === undefined) return;
    if (to < from) {
      ctx.issues.push({ code: "custom", input: to, path: ["to"], message: "must be the first month or after it" });
    } else if (monthsInRange(from, to) > EXCISE_REPORT_MAX_MONTHS) {
      ctx.issues.push({
        code: "custom",
        input: to,
        path: ["to"],
        message: `must be at most ${EXCISE_REPORT_MAX_MONTHS} months from the first month`,
      });
    }
  });
export type ExciseReportQuery = z.input<typeof exciseReportQuerySchema>;

/** Collected: the tax charged on an order line; reversed: the share of it a refund gave back. */
export const EXCISE_LINE_KINDS = ["collected", "reversed"] as const;
export type ExciseLineKind = (typeof EXCISE_LINE_KINDS)[number];

export const exciseReportLineSchema = z.object({
  id: z.string().describe("The line's own key: its excise adjustment's id, and a reversal's refund's after it"),
  kind: z.enum(EXCISE_LINE_KINDS),
  number: z.string().describe("The order"),
  at: z.string().describe("When the order was placed (collected) or the refund recorded (reversed)"),
  status: orderStatusSchema.describe("The order's status today"),
  customerName: z.string().describe("The buyer"),
  address: z
    .object({
      fullName: z.string(),
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
    })
    .describe("Where it was shipped (a pickup order's is the store's)"),
  brand: z.string().nullable(),
  product: z.string().describe("The product's name when the order was placed"),
  variant: z.string().describe('Its options, "Flavor: Mango, Strength: 5%"; empty without options'),
  sku: z.string(),
  unit: z.enum(["piece", "box"]),
  quantity: z.int().min(1).describe("Units as ordered"),
  pieces: z.int().min(0).describe("The pieces the tax was worked out on"),
  tax: z.string().describe('The tax as the buyer read it: "Ohio vapor products tax: 10 ml × $0.10 × 2"'),
  basis: z.enum(TAX_BASES),
  millilitres: z.int().min(0).nullable().describe("The millilitres taxed, in thousandths; null unless per millilitre"),
  basisCents: z.int().nullable().describe("The price or cost a percentage was taken of; null otherwise"),
  rate: z.string().describe('The rate as staff type it: "0.10" dollars, "12.5" percent'),
  amountCents: z.int().describe("Collected, or given back (negative)"),
  refundCents: z.int().min(0).nullable().describe("The refund a reversal belongs to; null for collected lines"),
});
export type ExciseReportLine = z.infer<typeof exciseReportLineSchema>;

const sums = {
  collectedCents: z.int().min(0).describe("Excise charged on the orders placed in the month"),
  reversedCents: z.int().min(0).describe("Excise given back by the refunds recorded in the month"),
  netCents: z.int().describe("Collected less reversed"),
};

export const excisePeriodSchema = z.object({
  where: z.string().describe('The jurisdiction in words: "Ohio", "Columbus, Ohio"'),
  month: z.string().describe("YYYY-MM, UTC"),
  ...sums,
  lines: z.array(exciseReportLineSchema).describe("Collected lines by time, then the reversals by time"),
});
export type ExcisePeriod = z.infer<typeof excisePeriodSchema>;

export const exciseReportSchema = z
  .object({
    from: z.string().describe("The first month, YYYY-MM"),
    to: z.string().describe("The last month, YYYY-MM"),
    start: z.string().describe("The first moment counted, UTC"),
    before: z.string().describe("The first moment after the range, UTC (not counted)"),
    periods: z.array(excisePeriodSchema).describe("By jurisdiction, then month"),
    totals: z.object(sums),
  })
  .meta({ id: "ExciseReport" });
export type ExciseReport = z.infer<typeof exciseReportSchema>;
