import { apiErrorSchema } from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app.ts";

const outboxStateSchema = z
  .object({
    count: z.int().min(0).describe("E-mails not sent yet"),
    oldest: z.string().nullable().describe("When the oldest of them was written"),
    lastError: z.string().nullable().describe("What the mail server said last time a send failed"),
  })
  .meta({ id: "OutboxState" });

/** Mail the shop could not send yet, for the dashboard (issue 14 item 8). */
export async function mailRoutes(app: App): Promise<void> {
  app.get(
    "/api/admin/outbox",
    {
      config: { access: "staff" },
      schema: {
        tags: ["Mail"],
        summary: "E-mails waiting in the outbox (the mail server refused them or was down); they are retried",
        response: { 200: outboxStateSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    () => app.services.outbox.unsent(),
  );
}
