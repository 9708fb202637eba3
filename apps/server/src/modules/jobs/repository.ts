import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/** An expiry long past: a lease row nobody holds. */
const NEVER = "1970-01-01T00:00:00.000Z";

export function createJobsRepository(db: Kysely<Database>) {
  return {
    /**
     * Claims the job's lease until `until` if nobody holds it (or its holder's claim ran out): one
     * conditional UPDATE, which both engines apply to one claimant at a time, so of instances
     * claiming at once exactly one gets it.
     */
    async claim(name: string, holder: string, now: string, until: string): Promise<boolean> {
      await db
        .insertInto("job_leases")
        .values({ name, holder: null, expires_at: NEVER })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      const result = await db
        .updateTable("job_leases")
        .set({ holder, expires_at: until })
        .where("name", "=", name)
        .where("expires_at", "<=", now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Gives the lease back, if this holder still has it, so the next run need not wait for its expiry. */
    async release(name: string, holder: string): Promise<void> {
      await db
        .updateTable("job_leases")
        .set({ holder: null, expires_at: NEVER })
        .where("name", "=", name)
        .where("holder", "=", holder)
        .execute();
    },

    find(name: string) {
      return db.selectFrom("job_leases").selectAll().where("name", "=", name).executeTakeFirst();
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
