import { z } from "zod";
import { ORDER_STATUSES } from "../constants/orders.ts";
import { ORDER_CHANNELS } from "../constants/wholesale.ts";
import { formatCount } from "../rules/numbers.ts";
import { daysInRange, REPORT_MAX_DAYS } from "../rules/report-range.ts";

// Reports (docs/decisions/055): sales over a range of UTC days, both ends included.

const day = (what: string) => z.iso.date({ error: "must be a date as YYYY-MM-DD" }).describe(what);

export const reportRangeQuerySchema = z
  .strictObject({
    from: day("The first day (UTC) counted"),
    to: day("The last day (UTC) counted"),
    channel: z
      .enum(ORDER_CHANNELS, { error: "must be retail or wholesale" })
      .optional()
      .describe("Only retail orders, or only wholesale accounts' orders (docs/decisions/102); both without"),
  })
  .check((ctx) => {
    const { from, to } = ctx.value;
    if (from > to) {
      ctx.issues.push({ code: "custom", input: to, path: ["to"], message: "must be on or after the start date" });
    } else if (daysInRange({ from, to }) > REPORT_MAX_DAYS) {
      ctx.issues.push({
        code: "custom",
        input: to,
        path: ["to"],
        message: `must be at most ${formatCount(REPORT_MAX_DAYS)} days after the start date`,
      });
    }
  });
export type ReportRangeQuery = z.input<typeof reportRangeQuerySchema>;

const cents = (what: string) => z.int().min(0).describe(what);
const range = { from: z.string(), to: z.string() };

export const salesReportSchema = z
  .object({
    ...range,
    bucket: z.enum(["day", "week", "month"]).describe("How the series is grouped over time"),
    orders: z.int().min(0).describe("Orders that count as sales, placed in the range"),
    revenueCents: cents("What the buyers paid for them (order totals: goods, shipping and tax)"),
    averageOrderCents: cents("Revenue divided by orders, rounded to the cent; 0 with no orders"),
    series: z
      .array(z.object({ start: z.string().describe("The bucket's first day"), orders: z.int(), revenueCents: z.int() }))
      .describe("Every bucket of the range, oldest first, zeros included"),
    channel: z.enum(ORDER_CHANNELS).nullable().describe("The channel the figures are for; null: both"),
    channels: z
      .object({
        retail: z.object({ orders: z.int().min(0), revenueCents: cents("Retail orders' totals") }),
        wholesale: z.object({ orders: z.int().min(0), revenueCents: cents("Wholesale orders' totals") }),
      })
      .describe("The range's sales per channel, whatever the channel filter"),
  })
  .meta({ id: "SalesReport" });
export type SalesReport = z.infer<typeof salesReportSchema>;

const salesFigures = {
  quantity: z.int().min(0).describe("Units sold (a box counts once)"),
  salesCents: cents("Its lines' totals (before shipping and tax)"),
};

export const categorySalesReportSchema = z
  .object({
    ...range,
    items: z.array(z.object({ categoryId: z.string().nullable(), name: z.string(), ...salesFigures })),
  })
  .meta({ id: "CategorySalesReport" });
export type CategorySalesReport = z.infer<typeof categorySalesReportSchema>;

export const productSalesReportSchema = z
  .object({
    ...range,
    items: z.array(
      z.object({
        productId: z.string(),
        name: z.string().describe("The product's name today, or as sold if it was deleted"),
        sku: z.string(),
        orders: z.int().min(0).describe("Orders holding it"),
        ...salesFigures,
      }),
    ),
    total: z.int().min(0).describe("Products sold in the range (the list holds the top ones)"),
  })
  .meta({ id: "ProductSalesReport" });
export type ProductSalesReport = z.infer<typeof productSalesReportSchema>;

export const variantSalesReportSchema = z
  .object({
    ...range,
    items: z.array(
      z.object({
        variantId: z.string(),
        productId: z.string(),
        name: z.string().describe("The product's name with the variant's option values, as last sold in the range"),
        sku: z.string(),
        orders: z.int().min(0).describe("Orders holding it"),
        ...salesFigures,
      }),
    ),
    total: z.int().min(0).describe("Variants sold in the range (the list holds the top ones)"),
  })
  .meta({ id: "VariantSalesReport" });
export type VariantSalesReport = z.infer<typeof variantSalesReportSchema>;

export const statusReportSchema = z
  .object({
    ...range,
    items: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.int().min(0), totalCents: cents("Totals") })),
  })
  .meta({ id: "OrderStatusReport" });
export type StatusReport = z.infer<typeof statusReportSchema>;

export const stateReportSchema = z
  .object({
    ...range,
    items: z.array(z.object({ state: z.string(), orders: z.int().min(0), revenueCents: cents("Their totals") })),
  })
  .meta({ id: "StateSalesReport" });
export type StateReport = z.infer<typeof stateReportSchema>;

/** The reports one may download as CSV, by the name in `/api/admin/reports/{name}.csv`. */
export const REPORT_CSV_NAMES = [
  "sales",
  "categories",
  "products",
  "variants",
  "statuses",
  "states",
  "low-stock",
] as const;
export type ReportCsvName = (typeof REPORT_CSV_NAMES)[number];
