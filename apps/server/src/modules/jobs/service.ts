import { newId } from "../../lib/ids.ts";
import type { JobsRepository } from "./repository.ts";

export type LeasedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Jobs that must run on one instance at a time, even when several instances share one PostgreSQL
 * database (the unpaid-order cancel): each run first claims the job's lease row with a conditional
 * UPDATE that only succeeds once the last claim was given back or expired. An instance that
 * finds the lease held skips that run. The lease outlives a crashed holder by at most `leaseMs`,
 * which is set well above the job's longest run.
 */
export function createJobsService(repository: JobsRepository, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  /** This instance, as lease rows name it. */
  const instance = newId();
  return {
    instance,
    async exclusively<T>(name: string, leaseMs: number, task: () => Promise<T>): Promise<LeasedRun<T>> {
      const at = now();
      const until = new Date(at.getTime() + leaseMs).toISOString();
      if (!(await repository.claim(name, instance, at.toISOString(), until))) return { ran: false };
      try {
        return { ran: true, result: await task() };
      } finally {
        await repository.release(name, instance);
      }
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
