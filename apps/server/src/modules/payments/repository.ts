import type { Insertable, Kysely, Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, OrderPaymentsTable, PaymentAttemptsTable } from "../../db/types.ts";

export type PaymentRecordRow = Selectable<OrderPaymentsTable>;
export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;

/** The payments module's SQL: an order's payment records (migration 037) and the card attempts made while placing (040). */
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

    /** A record of this kind with this provider reference, if the order has one (a webhook about the shop's own call). */
    async byReference(executor: Executor, orderId: string, kind: PaymentRecordRow["kind"], reference: string) {
      return executor
        .selectFrom("order_payments")
        .where("order_id", "=", orderId)
        .where("kind", "=", kind)
        .where("reference", "=", reference)
        .select("id")
        .executeTakeFirst();
    },

    /** The order with this number's id (a webhook names orders by number). */
    async orderIdOf(executor: Executor, number: string): Promise<string | null> {
      const row = await executor.selectFrom("orders").where("number", "=", number).select("id").executeTakeFirst();
      return row?.id ?? null;
    },

    async attemptByKey(key: string): Promise<PaymentAttemptRow | undefined> {
      return db.selectFrom("payment_attempts").where("attempt_key", "=", key).selectAll().executeTakeFirst();
    },

    async insertAttempt(row: Insertable<PaymentAttemptsTable>): Promise<void> {
      await db.insertInto("payment_attempts").values(row).execute();
    },

    async releaseAttempt(id: string, at: string): Promise<void> {
      await db.updateTable("payment_attempts").set({ released_at: at }).where("id", "=", id).execute();
    },

    /**
     * Holds still open: authorizations that succeeded on orders where no capture (a payment) or
     * release (a void) has succeeded since, oldest first.
     */
    async openAuthorizations(limit: number): Promise<PaymentRecordRow[]> {
      return db
        .selectFrom("order_payments as a")
        .where("a.kind", "=", "authorization")
        .where("a.status", "=", "succeeded")
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom("order_payments as s")
                .whereRef("s.order_id", "=", "a.order_id")
                .where("s.kind", "in", ["payment", "void"])
                .where("s.status", "=", "succeeded")
                .select("s.id"),
            ),
          ),
        )
        .selectAll("a")
        .orderBy("a.created_at")
        .orderBy("a.id")
        .limit(limit)
        .execute();
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
