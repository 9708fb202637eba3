import type { FastifyInstance } from "fastify";
import type { LeasedRun } from "../jobs/service.ts";

/** The lease name of the job that cancels unpaid orders (one instance at a time). */
export const CANCEL_UNPAID_JOB = "cancel-unpaid-orders";

const HOUR_MS = 60 * 60 * 1000;

/** One run of the unpaid-order cancel, if no other instance is running it; says in the log which. */
export async function cancelUnpaidOrders(app: FastifyInstance): Promise<LeasedRun<number>> {
  const run = await app.services.jobs.exclusively(CANCEL_UNPAID_JOB, 30 * 60 * 1000, () =>
    app.services.orders.cancelUnpaid(),
  );
  if (run.ran) app.log.info({ cancelled: run.result }, "unpaid-order cancel: ran on this instance");
  else app.log.info("unpaid-order cancel: skipped, another instance is running it");
  return run;
}

/** The lease name of the job that cancels orders whose buyer never proved who they are (docs/decisions/099). */
export const CANCEL_UNVERIFIED_JOB = "cancel-unverified-orders";

/** One run of the cancel of orders left waiting for an ID past the setting's hours, under its own lease. */
export async function cancelUnverifiedOrders(app: FastifyInstance): Promise<LeasedRun<number>> {
  const run = await app.services.jobs.exclusively(CANCEL_UNVERIFIED_JOB, 30 * 60 * 1000, () =>
    app.services.orders.cancelUnverified(),
  );
  if (run.ran) app.log.info({ cancelled: run.result }, "unverified-order cancel: ran on this instance");
  else app.log.info("unverified-order cancel: skipped, another instance is running it");
  return run;
}

/**
 * Orders left unpaid past the setting's days, and those left waiting for the buyer's ID past the
 * setting's hours, are cancelled at start and hourly, by one instance at a time: the others find
 * the job's lease held and skip that run.
 */
export function scheduleUnpaidOrderCancel(app: FastifyInstance): void {
  const run = () => {
    app.services.background.run("cancelling unpaid orders", () => cancelUnpaidOrders(app));
    app.services.background.run("cancelling unverified orders", () => cancelUnverifiedOrders(app));
  };
  const hourly = setInterval(run, HOUR_MS).unref();
  app.addHook("onReady", async () => run());
  app.addHook("onClose", async () => clearInterval(hourly));
}
