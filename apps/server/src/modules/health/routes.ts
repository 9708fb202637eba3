import { apiErrorSchema } from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { checkReadiness } from "./readiness.ts";

const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["sqlite", "postgres"]) });
const liveSchema = z.object({ status: z.literal("live") });
const checkStateSchema = z.object({
  name: z.string().describe("What was checked: database, redis, storage"),
  ok: z.boolean(),
  problem: z.string().optional().describe("What is wrong, in words (only when ok is false)"),
});
const readySchema = z.object({ status: z.literal("ready"), checks: z.array(checkStateSchema) });
const notReadySchema = apiErrorSchema.extend({ checks: z.array(checkStateSchema) });

const SHUTTING_DOWN = "The instance is shutting down.";

/**
 * Health probes (decision 062). `live`: the process answers, nothing else is
 * touched, so a process manager restarts only a stuck process. `ready`: every readiness check
 * passes, so a load balancer sends requests only to an instance that can serve them; from the
 * start of shutdown it answers 503, so the balancer drains the instance while requests in flight
 * finish. `/api/health` is the readiness probe with the body it always had.
 */
export async function healthRoutes(app: App): Promise<void> {
  let shuttingDown = false;
  app.addHook("preClose", async () => {
    shuttingDown = true;
  });

  const readiness = async () => {
    if (shuttingDown) {
      return {
        ready: false,
        message: `Not ready. ${SHUTTING_DOWN}`,
        checks: [{ name: "shutdown", ok: false, problem: SHUTTING_DOWN }],
      };
    }
    const { states, failures } = await checkReadiness(app.services.readiness);
    for (const { name, error } of failures) app.log.error({ err: error, check: name }, "readiness check failed");
    const problems = states.flatMap((state) => (state.ok ? [] : [`${state.name}: ${state.problem}`]));
    return { ready: problems.length === 0, message: `Not ready. ${problems.join(" ")}`, checks: states };
  };

  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["Operations"],
        summary: "Answers 200 when the shop is ready to serve (as /api/health/ready), 503 otherwise",
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const state = await readiness();
      if (!state.ready) return reply.code(503).send({ error: "Service Unavailable", message: state.message });
      return { status: "ok" as const, database: app.db.engine };
    },
  );

  app.get(
    "/api/health/live",
    {
      config: { access: "public" },
      schema: {
        tags: ["Operations"],
        summary: "Answers 200 while the process answers requests; checks nothing else",
        description: "For a process manager or container runtime: restart the process when this fails.",
        response: { 200: liveSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "live" as const };
    },
  );

  app.get(
    "/api/health/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["Operations"],
        summary: "Answers 200 when every readiness check passes, 503 naming each failing one",
        description:
          "For a load balancer: send requests only while this answers 200. Checks the database, and Redis and " +
          "object storage when configured, each within 2 s. Answers 503 from the start of shutdown.",
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const state = await readiness();
      if (!state.ready) {
        return reply.code(503).send({ error: "Service Unavailable", message: state.message, checks: state.checks });
      }
      return { status: "ready" as const, checks: state.checks };
    },
  );
}
