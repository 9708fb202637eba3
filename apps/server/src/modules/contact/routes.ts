import {
  contactHandledSchema,
  contactInboxCountSchema,
  contactInboxListSchema,
  contactInboxMessageSchema,
  contactInboxQuerySchema,
  contactMessageParamsSchema,
  contactMessageSchema,
  contactReceiptSchema,
  contactReplyInputSchema,
} from "@shop/shared";
import type { FastifyRequest } from "fastify";
import type { App } from "../../app-type.ts";
import { errorAnswers } from "../../plugins/errors.ts";

function staffOf(request: FastifyRequest) {
  if (!request.user) throw new Error("A staff route ran without a signed-in user");
  return request.user;
}

export async function contactRoutes(app: App): Promise<void> {
  const { contact } = app.services;

  app.post(
    "/api/contact",
    {
      config: { access: "public" },
      schema: {
        tags: ["Contact"],
        summary: "Send a message to the shop from the Contact Us form (5 per 15 minutes per address)",
        body: contactMessageSchema,
        response: { 201: contactReceiptSchema, ...errorAnswers(400, 403, 429) },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await contact.receive(request.body, request.ip));
    },
  );

  // The inbox (docs/decisions/051): staff read, answer and mark the messages.
  const config = { access: "staff" } as const;
  const tags = ["Contact inbox (staff)"];

  app.get(
    "/api/admin/contact/messages",
    {
      config,
      schema: {
        tags,
        summary: "The contact inbox: messages newest first, all or unhandled or handled, searched, one page",
        querystring: contactInboxQuerySchema,
        response: { 200: contactInboxListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (request) => contact.list(request.query),
  );

  app.get(
    "/api/admin/contact/count",
    {
      config,
      schema: {
        tags,
        summary: "How many contact messages still wait for staff (the sidebar's number)",
        response: { 200: contactInboxCountSchema, ...errorAnswers(401, 403) },
      },
    },
    () => contact.count(),
  );

  app.get(
    "/api/admin/contact/messages/:id",
    {
      config,
      schema: {
        tags,
        summary: "One contact message with the replies staff sent to it",
        params: contactMessageParamsSchema,
        response: { 200: contactInboxMessageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => contact.one(request.params.id),
  );

  app.put(
    "/api/admin/contact/messages/:id/handled",
    {
      config,
      schema: {
        tags,
        summary: "Mark a contact message handled (true) or waiting again (false)",
        params: contactMessageParamsSchema,
        body: contactHandledSchema,
        response: { 200: contactInboxMessageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => contact.setHandled(staffOf(request), request.params.id, request.body.handled),
  );

  app.post(
    "/api/admin/contact/messages/:id/replies",
    {
      config,
      schema: {
        tags,
        summary:
          "Reply to a contact message by e-mail: the reply goes to the sender, is kept with the message, and marks it handled",
        params: contactMessageParamsSchema,
        body: contactReplyInputSchema,
        response: { 201: contactInboxMessageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await contact.reply(staffOf(request), request.params.id, request.body.body)),
  );
}
