import { auditPageSchema, auditQuerySchema } from "@shop/shared";
import type { App } from "../../app-type.ts";
import { errorAnswers } from "../../plugins/errors.ts";

/**
 * Settings > Audit log: who changed what and when, for Owners. Read only:
 * the log has no route that edits or deletes an entry (docs/decisions/053).
 */
export async function auditRoutes(app: App): Promise<void> {
  const { audit } = app.services;

  app.get(
    "/api/admin/audit",
    {
      config: { access: "owner" },
      schema: {
        tags: ["Audit log (Owners)"],
        summary:
          "Changes staff made to products, prices, stock, orders, settings, rules and staff accounts, newest first, 50 a page, with the changed fields before and after; filters by person, kind and days",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (request) => audit.list(request.query),
  );
}
