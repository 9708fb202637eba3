import { apiErrorSchema } from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app.ts";
import { pingDatabase } from "../../db/database.ts";

const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) });

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["Operations"],
        summary: "Answers 200 when the shop and its database work, 503 otherwise",
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: "ok" as const, database: app.db.engine };
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        return reply.code(503).send({ error: "Service Unavailable", message: "The database does not answer." });
      }
    },
  );
}
