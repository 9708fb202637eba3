import { Readable } from "node:stream";
import {
  categorySalesReportSchema,
  lowStockSchema,
  productSalesReportSchema,
  REPORT_CSV_NAMES,
  type ReportCsvName,
  reportRangeQuerySchema,
  salesReportSchema,
  stateReportSchema,
  statusReportSchema,
  variantSalesReportSchema,
} from "@shop/shared";
import type { ReportRange } from "@shop/shared/rules";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders, csvFileAnswer } from "../../lib/csv.ts";
import { errorAnswers } from "../../plugins/errors.ts";

/** Reports (docs/decisions/055): sales over a range of UTC days, for staff. */
export async function reportsRoutes(app: App): Promise<void> {
  const { reports } = app.services;
  const config = { access: "manager" } as const;
  const tags = ["Reports (staff)"];
  const errors = errorAnswers(400, 401, 403);
  /** Low stock is as of now: it takes no range. */
  const noQuery = z.strictObject({});
  const counted =
    "Sales are orders paid for and not cancelled or refunded, by the UTC day they were placed, from `from` to `to` (both included)";

  app.get(
    "/api/admin/reports/sales",
    {
      config,
      schema: {
        tags,
        summary: `Revenue, orders and average order over the range, and per day, week or month (by the range's length). ${counted}`,
        querystring: reportRangeQuerySchema,
        response: { 200: salesReportSchema, ...errors },
      },
    },
    (request) => reports.sales(request.query),
  );

  app.get(
    "/api/admin/reports/products",
    {
      config,
      schema: {
        tags,
        summary: `The ten products with the most sales (line totals) in the range, with orders and units. ${counted}`,
        querystring: reportRangeQuerySchema,
        response: { 200: productSalesReportSchema, ...errors },
      },
    },
    (request) => reports.products(request.query),
  );

  app.get(
    "/api/admin/reports/variants",
    {
      config,
      schema: {
        tags,
        summary: `The ten variants (a flavour, a strength, a size of a product) with the most sales in the range, with orders and units. ${counted}`,
        querystring: reportRangeQuerySchema,
        response: { 200: variantSalesReportSchema, ...errors },
      },
    },
    (request) => reports.variants(request.query),
  );

  app.get(
    "/api/admin/reports/categories",
    {
      config,
      schema: {
        tags,
        summary: `Units and sales (line totals) by the products' category. ${counted}`,
        querystring: reportRangeQuerySchema,
        response: { 200: categorySalesReportSchema, ...errors },
      },
    },
    (request) => reports.categories(request.query),
  );

  app.get(
    "/api/admin/reports/statuses",
    {
      config,
      schema: {
        tags,
        summary: "Every order placed in the range (UTC days, both included) by its status now, with their totals",
        querystring: reportRangeQuerySchema,
        response: { 200: statusReportSchema, ...errors },
      },
    },
    (request) => reports.statuses(request.query),
  );

  app.get(
    "/api/admin/reports/states",
    {
      config,
      schema: {
        tags,
        summary: `Sales by the state the order goes to (a pickup order's is the store's). ${counted}`,
        querystring: reportRangeQuerySchema,
        response: { 200: stateReportSchema, ...errors },
      },
    },
    (request) => reports.states(request.query),
  );

  app.get(
    "/api/admin/reports/low-stock",
    {
      config,
      schema: {
        tags,
        summary: "Active products at or under the low-stock threshold (the lowStockThreshold setting), fewest first",
        querystring: noQuery,
        response: { 200: lowStockSchema, ...errors },
      },
    },
    () => reports.lowStock(),
  );

  const csvRoute = <Query extends z.ZodType>(
    name: ReportCsvName,
    querystring: Query,
    range: (query: z.output<Query>) => ReportRange | null,
  ) =>
    app.get(
      `/api/admin/reports/${name}.csv`,
      {
        config,
        schema: {
          tags,
          summary: `The ${name} report as CSV (money in dollars), every row`,
          querystring,
          response: { 200: csvFileAnswer, ...errors },
        },
      },
      async (request, reply) => {
        const csv = await reports.csv(name, range(request.query as z.output<Query>));
        reply.headers(csvDownloadHeaders(`${name}-report`));
        return Readable.from([csv]);
      },
    );
  for (const name of REPORT_CSV_NAMES) {
    if (name === "low-stock") csvRoute(name, noQuery, () => null);
    else csvRoute(name, reportRangeQuerySchema, (query) => query);
  }
}
