import type { FastifyInstance } from "fastify";
import type { LeasedRun } from "../jobs/service.ts";
import type { CleanupReport } from "./service.ts";

/** The lease name of the daily unused-file cleanup (one instance at a time, docs/decisions/064). */
export const FILE_CLEANUP_JOB = "remove-unused-files";

const DAY_MS = 24 * 60 * 60 * 1000;

/** One run of the cleanup, if no other instance is running it; its figures go to the log. */
export async function removeUnusedFiles(app: FastifyInstance): Promise<LeasedRun<CleanupReport>> {
  const run = await app.services.jobs.exclusively(FILE_CLEANUP_JOB, 60 * 60 * 1000, () =>
    app.services.files.cleanup({ dryRun: false }),
  );
  if (run.ran) {
    const { files, removed, removedBytes, young, unknown } = run.result;
    app.log.info(
      { files, removed: removed.length, removedBytes, young, unknown: unknown.length },
      "unused-file cleanup: ran on this instance",
    );
  } else {
    app.log.info("unused-file cleanup: skipped, another instance is running it");
  }
  return run;
}

/**
 * Daily, and first 10 to 60 minutes after start rather than at once: a shop restarted often still
 * cleans up, and instances started together do not all list the files at the same moment.
 */
export function scheduleFileCleanup(app: FastifyInstance): void {
  // Test shops share one folder of rendered pictures (test/test-app.ts) that no one shop's
  // database names in full; the tests run the cleanup themselves.
  if (app.config.env === "test") return;
  const run = () => app.services.background.run("removing unused files", () => removeUnusedFiles(app));
  const first = setTimeout(run, (10 + Math.random() * 50) * 60 * 1000).unref();
  const daily = setInterval(run, DAY_MS).unref();
  app.addHook("onClose", async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
