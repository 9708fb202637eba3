import type { Insertable, Kysely } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { AuditEntriesTable, Database } from "../../db/types.ts";

export interface AuditFilter {
  actorId?: string;
  kind?: string;
  /** ISO instants: from included, before excluded. */
  from?: string;
  before?: string;
  /** The last entry of the page before: the list goes on after it, newest first. */
  after?: { at: string; id: string };
}

/**
 * The audit log's rows. Only `insert` writes, and only inside the caller's transaction: there is
 * no update and no delete here or anywhere else (docs/decisions/053; audit.test.ts holds to it).
 */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async insert(executor: Executor, row: Insertable<AuditEntriesTable>): Promise<void> {
      await executor.insertInto("audit_entries").values(row).execute();
    },

    /** Many entries in one statement (an import's; the caller keeps each batch to a few hundred). */
    async insertMany(executor: Executor, rows: Insertable<AuditEntriesTable>[]): Promise<void> {
      await executor.insertInto("audit_entries").values(rows).execute();
    },

    /** Newest first, `limit` rows after the cursor: a keyset page that costs the same at any depth. */
    list(filter: AuditFilter, limit: number) {
      let query = db.selectFrom("audit_entries").selectAll();
      if (filter.actorId) query = query.where("actor_id", "=", filter.actorId);
      if (filter.kind) query = query.where("kind", "=", filter.kind);
      if (filter.from) query = query.where("at", ">=", filter.from);
      if (filter.before) query = query.where("at", "<", filter.before);
      const after = filter.after;
      if (after) {
        query = query.where((eb) =>
          eb.or([eb("at", "<", after.at), eb.and([eb("at", "=", after.at), eb("id", "<", after.id)])]),
        );
      }
      return query.orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
    },

    /** Everyone who appears in the log, one name each (renamed people: the last in order), for the person filter. */
    actors() {
      return db
        .selectFrom("audit_entries")
        .select((eb) => ["actor_id", eb.fn.max("actor_name").as("actor_name")])
        .where("actor_id", "is not", null)
        .groupBy("actor_id")
        .execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
