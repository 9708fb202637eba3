import { z } from "zod";
import { US_STATE_CODES } from "./addresses.ts";
import { staffListPage } from "./common.ts";
import { orderStatusSchema } from "./orders.ts";

// PACT Act reports (docs/decisions/048): the vape shipments of a month to a state.

/** Rows a page of the list of months and states holds. */
export const PACT_PERIODS_PAGE_SIZE = 50;

const month = z
  .string({ error: "must be a month written YYYY-MM, such as 2026-11" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "must be a month written YYYY-MM, such as 2026-11" });
const state = z
  .string({ error: "must be a US state's two-letter code, such as TX" })
  .trim()
  .toUpperCase()
  .pipe(z.enum(US_STATE_CODES, { error: "must be a US state's two-letter code, such as TX" }));

export const pactPeriodsQuerySchema = z.strictObject({
  state: state.optional().describe("Only this state's months"),
  page: staffListPage(),
});
export type PactPeriodsQuery = z.input<typeof pactPeriodsQuerySchema>;

export const pactReportQuerySchema = z.strictObject({
  month: month.describe("The month the orders were shipped in, UTC (YYYY-MM)"),
  state: state.describe("The state they were shipped to (two-letter code)"),
});
export type PactReportQuery = z.input<typeof pactReportQuerySchema>;

const counts = {
  orders: z.int().min(0).describe("Orders shipped with vape lines"),
  lines: z.int().min(0).describe("Their vape lines"),
  units: z.int().min(0).describe("The units of those lines, as ordered (a box counts once)"),
  pieces: z.int().min(0).describe("The pieces of those lines (a box of 10 counts 10)"),
};

export const pactPeriodSchema = z.object({
  month: z.string().describe("YYYY-MM, UTC"),
  state: z.enum(US_STATE_CODES),
  ...counts,
});
export type PactPeriod = z.infer<typeof pactPeriodSchema>;

export const pactPeriodListSchema = z.object({
  items: z.array(pactPeriodSchema).describe("Newest month first, then by state"),
  total: z.int().min(0),
  page: z.int().min(1),
  pageSize: z.int().min(1),
  states: z.array(z.enum(US_STATE_CODES)).describe("Every state with a report, for the filter"),
});
export type PactPeriodList = z.infer<typeof pactPeriodListSchema>;

export const pactLineSchema = z.object({
  brand: z.string().nullable().describe("The brand when the order was placed"),
  name: z.string(),
  sku: z.string(),
  unit: z.enum(["piece", "box"]),
  quantity: z.int().min(1).describe("Units as ordered"),
  pieces: z.int().min(1).describe("quantity × pieces per unit"),
  exciseCents: z.int().min(0).describe("The excise taxes charged on the line (docs/decisions/098)"),
});
export type PactLine = z.infer<typeof pactLineSchema>;

export const pactShipmentSchema = z.object({
  number: z.string(),
  status: orderStatusSchema.describe("Today's status (delivered or refunded after shipping still counts)"),
  shippedAt: z.string().describe("When it was handed to the carrier"),
  customerName: z.string().describe("The buyer"),
  email: z.string(),
  address: z.object({
    fullName: z.string().describe("The name on the parcel"),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  phone: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  buyerLicence: z
    .object({ businessName: z.string(), number: z.string(), state: z.string(), expiresOn: z.string() })
    .nullable()
    .describe(
      "A wholesale order's buyer: the licensed business and its licence as the order was placed (docs/decisions/102); null for a retail order",
    ),
  lines: z.array(pactLineSchema).describe("Its vape lines only"),
});
export type PactShipment = z.infer<typeof pactShipmentSchema>;

export const pactReportSchema = z.object({
  month: z.string(),
  state: z.enum(US_STATE_CODES),
  stateName: z.string(),
  from: z.string().describe("The first moment of the month, UTC"),
  to: z.string().describe("The first moment of the next month, UTC (not included)"),
  shipments: z.array(pactShipmentSchema).describe("In the order they were shipped"),
  totals: z.object({
    ...counts,
    exciseCents: z.int().min(0).describe("The excise taxes charged on those lines"),
  }),
});
export type PactReport = z.infer<typeof pactReportSchema>;
