import {
  complianceImportResultSchema,
  complianceImportSchema,
  complianceRuleInputSchema,
  complianceRuleItemSchema,
  complianceRuleListSchema,
  complianceRuleQuerySchema,
  idSchema,
} from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders } from "../../lib/csv.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const config = { access: "manager" } as const;
const tags = ["Compliance (staff)"];
const params = z.strictObject({ id: idSchema });

/** A rule's version as kept: its fields then, who changed it and when. */
const ruleVersionSchema = z.object({
  version: z.int(),
  rule: complianceRuleItemSchema.omit({ id: true, version: true, stale: true, createdAt: true, updatedAt: true }),
  changedBy: z.string().nullable().describe("The staff member, named as they were then; null for the demo data"),
  changedAt: z.string(),
});

/** Settings > Compliance (docs/decisions/040): jurisdiction rules with their versions, CSV export and import. */
export async function complianceRoutes(app: App): Promise<void> {
  const { compliance } = app.services;

  app.get(
    "/api/admin/compliance/rules",
    {
      config,
      schema: {
        tags,
        summary:
          "Jurisdiction rules with filters (state, regulatory class, effect, stale, words in the source or notes), 50 a page; each says whether it is stale (not checked for 90 days)",
        querystring: complianceRuleQuerySchema,
        response: { 200: complianceRuleListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (request) => compliance.list(request.query),
  );

  app.get(
    "/api/admin/compliance/rules.csv",
    {
      config,
      schema: {
        tags,
        summary:
          "Every rule as CSV, with the columns the import reads (cells that start like a formula are prefixed with an apostrophe, which the import removes)",
        response: {
          200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
          ...errorAnswers(401, 403),
        },
      },
    },
    async (_request, reply) => {
      reply.headers(csvDownloadHeaders("compliance-rules"));
      return compliance.csv();
    },
  );

  app.post(
    "/api/admin/compliance/rules/import",
    {
      config,
      schema: {
        tags,
        summary:
          "Imports rules from CSV: with preview, what each row would do (create; update by id; unchanged; or its problems in words); without, every row applied in one transaction, or nothing when any row has a problem",
        body: complianceImportSchema,
        response: { 200: complianceImportResultSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    (request) => compliance.import(request.body.csv, request.body.preview, recordedActor(signedIn(request))),
  );

  app.get(
    "/api/admin/compliance/rules/:id",
    {
      config,
      schema: {
        tags,
        summary: "One rule",
        params,
        response: { 200: complianceRuleItemSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => compliance.get(request.params.id),
  );

  app.get(
    "/api/admin/compliance/rules/:id/versions",
    {
      config,
      schema: {
        tags,
        summary: "Every version of a rule, newest first, whole, with who made it and when (versions are never changed)",
        params,
        response: { 200: z.array(ruleVersionSchema), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => compliance.versions(request.params.id),
  );

  app.post(
    "/api/admin/compliance/rules",
    {
      config,
      schema: {
        tags,
        summary: "Creates a rule at version 1",
        body: complianceRuleInputSchema,
        response: { 201: complianceRuleItemSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const rule = await compliance.create(request.body, recordedActor(signedIn(request)));
      return reply.code(201).send(rule);
    },
  );

  app.put(
    "/api/admin/compliance/rules/:id",
    {
      config,
      schema: {
        tags,
        summary:
          "Replaces a rule's fields: its version grows by one and the new version is kept (the same fields again change nothing). Rules are never deleted: one ends by its effective end date",
        params,
        body: complianceRuleInputSchema,
        response: { 200: complianceRuleItemSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (request) => compliance.update(request.params.id, request.body, recordedActor(signedIn(request))),
  );
}
