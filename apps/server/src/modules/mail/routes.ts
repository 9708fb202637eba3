import {
  mailPreviewSchema,
  mailTemplateInputSchema,
  mailTemplateListSchema,
  mailTemplateParamsSchema,
  mailTemplateSchema,
} from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const outboxStateSchema = z
  .object({
    count: z.int().min(0).describe("E-mails not sent yet"),
    oldest: z.string().nullable().describe("When the oldest of them was written"),
    lastError: z.string().nullable().describe("What the mail server said last time a send failed"),
  })
  .meta({ id: "OutboxState" });

/** Mail the shop could not send yet, for the dashboard, and the e-mail templates (docs/decisions/042). */
export async function mailRoutes(app: App): Promise<void> {
  app.get(
    "/api/admin/outbox",
    {
      config: { access: "manager" },
      schema: {
        tags: ["Mail"],
        summary: "E-mails waiting in the outbox (the mail server refused them or was down); they are retried",
        response: { 200: outboxStateSchema, ...errorAnswers(401, 403) },
      },
    },
    () => app.services.outbox.unsent(),
  );

  const { mailTemplates } = app.services;
  const config = { access: "manager" } as const;
  const tags = ["Mail"];
  const errors = errorAnswers(400, 401, 403, 404);
  const base = "/api/admin/mail-templates";

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: "Every e-mail staff may edit: its subject and text (the shop's or the default) and its placeholders",
        response: { 200: mailTemplateListSchema, ...errors },
      },
    },
    () => mailTemplates.list(),
  );

  app.get(
    `${base}/:kind`,
    {
      config,
      schema: {
        tags,
        summary: "One e-mail's template",
        params: mailTemplateParamsSchema,
        response: { 200: mailTemplateSchema, ...errors },
      },
    },
    (request) => mailTemplates.get(request.params.kind),
  );

  app.put(
    `${base}/:kind`,
    {
      config,
      schema: {
        tags,
        summary:
          "Save the shop's subject and text for an e-mail; an unknown {{placeholder}} is refused and nothing saved",
        params: mailTemplateParamsSchema,
        body: mailTemplateInputSchema,
        response: { 200: mailTemplateSchema, ...errors },
      },
    },
    (request) => mailTemplates.save(signedIn(request), request.params.kind, request.body),
  );

  app.delete(
    `${base}/:kind`,
    {
      config,
      schema: {
        tags,
        summary: "Reset an e-mail to its default words",
        params: mailTemplateParamsSchema,
        response: { 200: mailTemplateSchema, ...errors },
      },
    },
    (request) => mailTemplates.reset(request.params.kind),
  );

  app.post(
    `${base}/:kind/preview`,
    {
      config,
      schema: {
        tags,
        summary:
          "Render a subject and text as typed with sample data (subject, HTML and plain text); nothing is saved or sent",
        params: mailTemplateParamsSchema,
        body: mailTemplateInputSchema,
        response: { 200: mailPreviewSchema, ...errors },
      },
    },
    (request) => mailTemplates.preview(request.params.kind, request.body),
  );
}
