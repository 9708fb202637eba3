import type { Insertable, Kysely, Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, OrderPaymentsTable } from "../../db/types.ts";

export type PaymentRecordRow = Selectable<OrderPaymentsTable>;

/** The payments module's SQL: an order's payment records (migration 037). */
export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    db,

    async insert(executor: Executor, record: Insertable<OrderPaymentsTable>): Promise<void> {
      await executor.insertInto("order_payments").values(record).execute();
    },

    /** The record an earlier call with this key left, if any. */
    async byKey(executor: Executor, orderId: string, key: string): Promise<PaymentRecordRow | undefined> {
      return executor
        .selectFrom("order_payments")
        .where("order_id", "=", orderId)
        .where("idempotency_key", "=", key)
        .selectAll()
        .executeTakeFirst();
    },

    /** An order's records, oldest first. */
    async records(orderId: string, executor: Executor = db): Promise<PaymentRecordRow[]> {
      return executor
        .selectFrom("order_payments")
        .where("order_id", "=", orderId)
        .selectAll()
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
