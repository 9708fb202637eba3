import { Readable } from "node:stream";
import { exciseReportQuerySchema, exciseReportSchema } from "@shop/shared";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders, csvFileAnswer } from "../../lib/csv.ts";
import { errorAnswers } from "../../plugins/errors.ts";

/** The excise filing report (docs/decisions/098): the excise collected per jurisdiction and month, for Managers and Owners. */
export async function exciseReportRoutes(app: App): Promise<void> {
  const { exciseReport } = app.services;
  const config = { access: "manager" } as const;
  const tags = ["Orders (staff)"];
  const errors = errorAnswers(400, 401, 403);

  app.get(
    "/api/admin/reports/excise",
    {
      config,
      schema: {
        tags,
        summary:
          "The excise taxes of a month or a range of months (UTC) per jurisdiction and month: collected on the orders placed then, given back by the refunds recorded then, and each line with the order, buyer, address, product, millilitres, pieces, basis, rate and amount",
        querystring: exciseReportQuerySchema,
        response: { 200: exciseReportSchema, ...errors },
      },
    },
    (request) => exciseReport.report(request.query),
  );

  app.get(
    "/api/admin/reports/excise.csv",
    {
      config,
      schema: {
        tags,
        summary: "The same excise report as CSV, one row per line collected or given back (money in dollars)",
        querystring: exciseReportQuerySchema,
        response: { 200: csvFileAnswer, ...errors },
      },
    },
    (request, reply) => {
      const { from, to } = request.query;
      reply.headers(csvDownloadHeaders(to && to !== from ? `excise-${from}-to-${to}` : `excise-${from}`));
      return Readable.from(exciseReport.csv(request.query));
    },
  );
}
