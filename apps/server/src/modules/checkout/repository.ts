import type { Kysely } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database } from "../../db/types.ts";

/** Checkout's SQL: the Idempotency-Keys, each with the order it placed. The orders are fulfilment's. */
export function createCheckoutRepository(db: Kysely<Database>) {
  return {
    db,

    /** Remembers which order a key placed; a second insert of the same key fails as a unique violation. */
    async insertIdempotencyKey(
      executor: Executor,
      row: { userId: string; key: string; requestHash: string; orderId: string; at: string },
    ): Promise<void> {
      await executor
        .insertInto("order_idempotency_keys")
        .values({
          user_id: row.userId,
          key: row.key,
          request_hash: row.requestHash,
          order_id: row.orderId,
          created_at: row.at,
        })
        .execute();
    },

    async findIdempotencyKey(userId: string, key: string) {
      return db
        .selectFrom("order_idempotency_keys")
        .where("user_id", "=", userId)
        .where("key", "=", key)
        .select(["request_hash", "order_id"])
        .executeTakeFirst();
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
