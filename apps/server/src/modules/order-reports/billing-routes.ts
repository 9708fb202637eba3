import { Readable } from "node:stream";
import { billingListSchema, billingQuerySchema } from "@shop/shared";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders, csvFileAnswer } from "../../lib/csv.ts";
import { errorAnswers } from "../../plugins/errors.ts";

/** Billing (docs/decisions/033): staff's invoices and payments, and the CSV of what they filter. */
export async function billingRoutes(app: App): Promise<void> {
  const { billing } = app.services;
  const config = { access: "manager" } as const;
  const tags = ["Orders (staff)"];
  const errors = errorAnswers(400, 401, 403);

  app.get(
    "/api/admin/billing",
    {
      config,
      schema: {
        tags,
        summary:
          "Billing: every order as its invoice (view=invoices), every payment, refund and released card hold (view=payments), the card holds waiting for their capture (view=holds), or the orders on terms past their due day (view=overdue), with filters, search, sorting, pages and the filtered set's totals",
        querystring: billingQuerySchema,
        response: { 200: billingListSchema, ...errors },
      },
    },
    (request) => billing.list(request.query),
  );

  app.get(
    "/api/admin/billing.csv",
    {
      config,
      schema: {
        tags,
        summary:
          "Billing as CSV: everything the same filters match, all pages, in their order (money in dollars, dates ISO 8601); the page number is ignored",
        querystring: billingQuerySchema,
        response: {
          200: csvFileAnswer,
          ...errors,
        },
      },
    },
    (request, reply) => {
      reply.headers(csvDownloadHeaders(`billing-${request.query.view}`));
      return Readable.from(billing.csv(request.query));
    },
  );
}
