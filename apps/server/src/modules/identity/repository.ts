import type { Insertable, Kysely, Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, IdentityChecksTable } from "../../db/types.ts";

export type IdentityCheckRow = Selectable<IdentityChecksTable>;

/** The identity provider's answers (docs/decisions/099): written once, read by order and by buyer. */
export function createIdentityRepository(db: Kysely<Database>) {
  return {
    db,

    async insert(executor: Executor, row: Insertable<IdentityChecksTable>): Promise<void> {
      await executor.insertInto("identity_checks").values(row).execute();
    },

    /** The buyer's latest match since `since` (ISO 8601), the one a later order may reuse. */
    async latestVerified(userId: string, since: string): Promise<IdentityCheckRow | undefined> {
      return db
        .selectFrom("identity_checks")
        .selectAll()
        .where("user_id", "=", userId)
        .where("outcome", "=", "verified")
        .where("created_at", ">=", since)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
    },

    /** An order's answers, oldest first. */
    async forOrder(orderId: string): Promise<IdentityCheckRow[]> {
      return db
        .selectFrom("identity_checks")
        .selectAll()
        .where("order_id", "=", orderId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
