import { contactMessageSchema, contactReceiptSchema } from "@shop/shared";
import type { App } from "../../app.ts";
import { errorAnswers } from "../../plugins/errors.ts";

/** Messages a visitor may send from one address in the window below. */
export const CONTACT_LIMIT = { max: 5, timeWindow: "15 minutes" } as const;

export async function contactRoutes(app: App): Promise<void> {
  const { contact } = app.services;

  app.post(
    "/api/contact",
    {
      config: { access: "public", rateLimit: CONTACT_LIMIT },
      schema: {
        tags: ["Contact"],
        summary: "Send a message to the shop from the Contact Us form (5 per 15 minutes per address)",
        body: contactMessageSchema,
        response: { 201: contactReceiptSchema, ...errorAnswers(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const { id } = await contact.receive(request.body);
      return reply.code(201).send({ id, message: "Thank you. We answer every message within one business day." });
    },
  );
}
