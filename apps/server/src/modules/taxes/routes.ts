import {
  idSchema,
  taxImportResultSchema,
  taxImportSchema,
  taxRuleInputSchema,
  taxRuleItemSchema,
  taxRuleListSchema,
  taxRuleQuerySchema,
} from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders } from "../../lib/csv.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const config = { access: "manager" } as const;
const tags = ["Taxes (staff)"];
const params = z.strictObject({ id: idSchema });

/** A tax rule's version as kept: its fields then, who changed it and when. */
const taxVersionSchema = z
  .object({
    version: z.int(),
    rule: taxRuleItemSchema.omit({ id: true, version: true, stale: true, createdAt: true, updatedAt: true }),
    changedBy: z.string().nullable().describe("The staff member, named as they were then; null for the demo data"),
    changedAt: z.string(),
  })
  .meta({ id: "TaxRuleVersion" });

/** Settings > Taxes (docs/decisions/096, 097): excise-tax rules with their versions, CSV export and import. */
export async function taxRoutes(app: App): Promise<void> {
  const { taxes } = app.services;

  app.get(
    "/api/admin/tax-rules",
    {
      config,
      schema: {
        tags,
        summary:
          "Excise-tax rules with filters (state, regulatory class, basis, stale, words in the name, source or notes), 50 a page; each says whether it is stale (not checked for 90 days)",
        querystring: taxRuleQuerySchema,
        response: { 200: taxRuleListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (request) => taxes.list(request.query),
  );

  app.get(
    "/api/admin/tax-rules.csv",
    {
      config,
      schema: {
        tags,
        summary:
          "Every tax rule as CSV, with the columns the import reads (cells that start like a formula are prefixed with an apostrophe, which the import removes)",
        response: {
          200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
          ...errorAnswers(401, 403),
        },
      },
    },
    async (_request, reply) => {
      reply.headers(csvDownloadHeaders("tax-rules"));
      return taxes.csv();
    },
  );

  app.post(
    "/api/admin/tax-rules/import",
    {
      config,
      schema: {
        tags,
        summary:
          "Imports tax rules from CSV: with preview, what each row would do (create; update by id; unchanged; or its problems in words); without, every row applied in one transaction, or nothing when any row has a problem",
        body: taxImportSchema,
        response: { 200: taxImportResultSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    (request) => taxes.import(request.body.csv, request.body.preview, recordedActor(signedIn(request))),
  );

  app.get(
    "/api/admin/tax-rules/:id",
    {
      config,
      schema: {
        tags,
        summary: "One tax rule",
        params,
        response: { 200: taxRuleItemSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => taxes.get(request.params.id),
  );

  app.get(
    "/api/admin/tax-rules/:id/versions",
    {
      config,
      schema: {
        tags,
        summary:
          "Every version of a tax rule, newest first, whole, with who made it and when (versions are never changed)",
        params,
        response: { 200: z.array(taxVersionSchema), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => taxes.versions(request.params.id),
  );

  app.post(
    "/api/admin/tax-rules",
    {
      config,
      schema: {
        tags,
        summary: "Creates a tax rule at version 1",
        body: taxRuleInputSchema,
        response: { 201: taxRuleItemSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rule = await taxes.create(request.body, recordedActor(signedIn(request)));
      return reply.code(201).send(rule);
    },
  );

  app.put(
    "/api/admin/tax-rules/:id",
    {
      config,
      schema: {
        tags,
        summary:
          "Replaces a tax rule's fields: its version grows by one and the new version is kept (the same fields again change nothing). Tax rules are never deleted: one ends by its effective end date",
        params,
        body: taxRuleInputSchema,
        response: { 200: taxRuleItemSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (request) => taxes.update(request.params.id, request.body, recordedActor(signedIn(request))),
  );
}
