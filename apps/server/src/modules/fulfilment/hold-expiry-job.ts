import type { FastifyInstance } from "fastify";
import type { LeasedRun } from "../jobs/service.ts";
import type { SettledHold } from "./actions/settle-expiring-holds.ts";

/** The lease name of the job that settles card holds about to lapse (one instance at a time). */
export const SETTLE_HOLDS_JOB = "settle-expiring-card-holds";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One run of the card-hold job, if no other instance is running it. A provider's refusal is
 * logged as a warning and left for staff: the hold stays open in Billing with the refusal beside it.
 */
export async function settleExpiringHolds(app: FastifyInstance): Promise<LeasedRun<SettledHold[]>> {
  // A gateway's call may take seconds per hold; the lease outlasts a run of hundreds of them.
  const run = await app.services.jobs.exclusively(SETTLE_HOLDS_JOB, 60 * 60 * 1000, () =>
    app.services.orders.settleExpiringHolds(),
  );
  if (!run.ran) {
    app.log.info("card-hold job: skipped, another instance is running it");
    return run;
  }
  for (const hold of run.result.filter((settled) => settled.status !== "succeeded")) {
    app.log.warn({ order: hold.number, operation: hold.operation, reason: hold.message }, "card-hold job: refused");
  }
  app.log.info(
    { settled: run.result.filter((settled) => settled.status === "succeeded").length, due: run.result.length },
    "card-hold job: ran on this instance",
  );
  return run;
}

/** Card holds about to lapse are captured or let go at start and daily, by one instance at a time (docs/decisions/100). */
export function scheduleHoldExpiry(app: FastifyInstance): void {
  const run = () => app.services.background.run("settling expiring card holds", () => settleExpiringHolds(app));
  const daily = setInterval(run, DAY_MS).unref();
  app.addHook("onReady", async () => run());
  app.addHook("onClose", async () => clearInterval(daily));
}
