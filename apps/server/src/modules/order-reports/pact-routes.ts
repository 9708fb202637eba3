import { Readable } from "node:stream";
import { pactPeriodListSchema, pactPeriodsQuerySchema, pactReportQuerySchema, pactReportSchema } from "@shop/shared";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders, csvFileAnswer } from "../../lib/csv.ts";
import { errorAnswers } from "../../plugins/errors.ts";

/** PACT Act reports (docs/decisions/048): the vape orders shipped in a month to a state, for staff. */
export async function pactRoutes(app: App): Promise<void> {
  const { pact } = app.services;
  const config = { access: "manager" } as const;
  const tags = ["Orders (staff)"];
  const errors = errorAnswers(400, 401, 403);

  app.get(
    "/api/admin/reports/pact",
    {
      config,
      schema: {
        tags,
        summary:
          "PACT Act reports: each month (UTC, by the day shipped) and ship-to state with vape orders shipped, and how many orders, lines, units and pieces",
        querystring: pactPeriodsQuerySchema,
        response: { 200: pactPeriodListSchema, ...errors },
      },
    },
    (request) => pact.periods(request.query),
  );

  app.get(
    "/api/admin/reports/pact/report",
    {
      config,
      schema: {
        tags,
        summary:
          "A PACT Act report: the orders shipped in the month to the state that hold vape lines (by their classes when ordered), with the buyer, address, phone, carrier, tracking and each vape line's brand, product and quantity",
        querystring: pactReportQuerySchema,
        response: { 200: pactReportSchema, ...errors },
      },
    },
    (request) => pact.report(request.query),
  );

  app.get(
    "/api/admin/reports/pact/report.csv",
    {
      config,
      schema: {
        tags,
        summary: "The same PACT Act report as CSV, one row per vape line",
        querystring: pactReportQuerySchema,
        response: {
          200: csvFileAnswer,
          ...errors,
        },
      },
    },
    (request, reply) => {
      const { month, state } = request.query;
      reply.headers(csvDownloadHeaders(`pact-${state.toLowerCase()}-${month}`));
      return Readable.from(pact.csv(request.query));
    },
  );
}
