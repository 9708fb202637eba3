import type { RegulatoryClass } from "@shop/shared/constants";
import type { Insertable, Kysely, Selectable } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, OrderAdjustmentsTable, OrderLinesTable, OrderNotesTable, OrdersTable } from "../../db/types.ts";

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type OrderAdjustmentRow = Selectable<OrderAdjustmentsTable>;

/** The fulfilment module's SQL of one order: its row, lines, adjustments, classes, timeline and notes. */
export function createOrdersRepository(db: Kysely<Database>) {
  return {
    db,

    async insertOrder(
      executor: Executor,
      order: Insertable<OrdersTable>,
      lines: (Insertable<OrderLinesTable> & { classes: readonly RegulatoryClass[] })[],
      adjustments: Insertable<OrderAdjustmentsTable>[],
      event: { id: string; actorId: string | null; note: string | null },
    ): Promise<void> {
      await executor.insertInto("orders").values(order).execute();
      await executor
        .insertInto("order_lines")
        .values(lines.map(({ classes: _classes, ...line }) => line))
        .execute();
      if (adjustments.length > 0) await executor.insertInto("order_adjustments").values(adjustments).execute();
      const classes = lines.flatMap((line) => line.classes.map((name) => ({ order_line_id: line.id, class: name })));
      if (classes.length > 0) await executor.insertInto("order_line_classes").values(classes).execute();
      await executor
        .insertInto("order_events")
        .values({
          id: event.id,
          order_id: order.id,
          status: order.status,
          actor_id: event.actorId,
          note: event.note,
          created_at: order.created_at,
        })
        .execute();
    },

    /** The regulatory classes each of the order's lines had when it was placed. */
    async lineClasses(orderId: string) {
      return db
        .selectFrom("order_line_classes as c")
        .innerJoin("order_lines as l", "l.id", "c.order_line_id")
        .where("l.order_id", "=", orderId)
        .select(["c.order_line_id", "c.class"])
        .orderBy("c.class")
        .execute();
    },

    /** An order by id, or by number (a buyer's own when `userId` is given). */
    async findOrder(where: { id: string } | { number: string; userId?: string }, executor: Executor = db) {
      let query = executor.selectFrom("orders").selectAll();
      query = "id" in where ? query.where("id", "=", where.id) : query.where("number", "=", where.number);
      if ("userId" in where && where.userId !== undefined) query = query.where("user_id", "=", where.userId);
      return query.executeTakeFirst();
    },

    /**
     * Holds the order's row until the transaction ends, so that a staff action on it (which moves
     * its status first) waits for this one: an UPDATE that changes nothing takes the row lock on
     * PostgreSQL; SQLite's transactions take the whole writer already.
     */
    async lockOrder(executor: Executor, orderId: string): Promise<void> {
      await executor
        .updateTable("orders")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("id", "=", orderId)
        .execute();
    },

    async insertNote(note: Insertable<OrderNotesTable>, executor: Executor = db): Promise<void> {
      await executor.insertInto("order_notes").values(note).execute();
    },

    /** Staff's notes on an order, oldest first. */
    async notes(orderId: string) {
      return db
        .selectFrom("order_notes")
        .where("order_id", "=", orderId)
        .select(["id", "body", "author_name", "created_at"])
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    async setShipment(executor: Executor, orderId: string, carrier: string, trackingNumber: string): Promise<void> {
      await executor
        .updateTable("orders")
        .set({ carrier, tracking_number: trackingNumber })
        .where("id", "=", orderId)
        .execute();
    },

    async recordIdCheck(
      executor: Executor,
      orderId: string,
      check: { document: string; checkedBy: string; at: string },
    ): Promise<void> {
      await executor
        .updateTable("orders")
        .set({ id_document: check.document, id_checked_by: check.checkedBy, id_checked_at: check.at })
        .where("id", "=", orderId)
        .execute();
    },

    /** Ids of orders still awaiting payment that were placed before `before`, oldest first. */
    async unpaidBefore(before: string, limit: number) {
      const rows = await db
        .selectFrom("orders")
        .where("status", "=", "awaiting_payment")
        .where("created_at", "<", before)
        .select("id")
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The buyer's orders on terms past their due day (before `today`) and not fully paid: not
     * cancelled or refunded, the money received (payments less refunds) under the total
     * (docs/decisions/102). Oldest due first.
     */
    async overdueOnTerms(userId: string, today: string, limit = 20) {
      return db
        .selectFrom("orders as o")
        .leftJoin(
          (eb) =>
            eb
              .selectFrom("order_payments")
              .where("status", "=", "succeeded")
              .where("kind", "in", ["payment", "refund"])
              .select((inner) => [
                "order_id",
                inner.fn
                  .sum<number>(
                    inner
                      .case()
                      .when("kind", "=", "payment")
                      .then(inner.ref("amount_cents"))
                      .else(inner.neg(inner.ref("amount_cents")))
                      .end(),
                  )
                  .as("received"),
              ])
              .groupBy("order_id")
              .as("m"),
          (join) => join.onRef("m.order_id", "=", "o.id"),
        )
        .where("o.user_id", "=", userId)
        .where("o.payment_due_on", "is not", null)
        .where("o.payment_due_on", "<", today)
        .where("o.status", "not in", ["cancelled", "refunded"])
        .where((eb) => eb(eb.fn.coalesce("m.received", eb.lit(0)), "<", eb.ref("o.total_cents")))
        .select(["o.number", "o.payment_due_on", "o.total_cents"])
        .select((eb) => eb.fn.coalesce("m.received", eb.lit(0)).as("received_cents"))
        .orderBy("o.payment_due_on")
        .orderBy("o.number")
        .limit(limit)
        .execute();
    },

    /** Orders still waiting for the buyer's ID, placed before `before` (docs/decisions/099). */
    async pendingBefore(before: string, limit: number) {
      const rows = await db
        .selectFrom("orders")
        .where("status", "=", "verification_pending")
        .where("created_at", "<", before)
        .select("id")
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async orderLines(orderId: string, executor: Executor = db) {
      return executor
        .selectFrom("order_lines")
        .where("order_id", "=", orderId)
        .selectAll()
        .orderBy("position")
        .execute();
    },

    /** The order's discount, shipping, taxes and fees, in the order they were applied. */
    async orderAdjustments(orderId: string, executor: Executor = db) {
      return executor
        .selectFrom("order_adjustments")
        .where("order_id", "=", orderId)
        .selectAll()
        .orderBy("position")
        .execute();
    },

    async orderEvents(orderId: string) {
      return db
        .selectFrom("order_events")
        .where("order_id", "=", orderId)
        .select(["status", "note", "created_at", "actor_id"])
        .orderBy("created_at")
        .orderBy("id")
        .execute();
    },

    /**
     * Moves an order from one of `from` to `to` and records the event, only if it is still in one
     * of `from`: of two concurrent changes one wins, the other changes nothing. Gives the status
     * it moved from, or null when it did not move.
     */
    async changeStatus(
      executor: Executor,
      change: {
        orderId: string;
        from: readonly string[];
        to: string;
        at: string;
        eventId: string;
        actorId: string | null;
        note?: string | null;
      },
    ): Promise<string | null> {
      // The reports' daily sales follow the move from the one status it is in, so `from` is narrowed to it.
      let from = change.from;
      if (from.length > 1) {
        const current = await executor
          .selectFrom("orders")
          .select("status")
          .where("id", "=", change.orderId)
          .executeTakeFirst();
        if (!current || !from.includes(current.status)) return null;
        from = [current.status];
      }
      const result = await executor
        .updateTable("orders")
        .set({ status: change.to, updated_at: change.at })
        .where("id", "=", change.orderId)
        .where("status", "in", [...from])
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return null;
      await executor
        .insertInto("order_events")
        .values({
          id: change.eventId,
          order_id: change.orderId,
          status: change.to,
          actor_id: change.actorId,
          note: change.note ?? null,
          created_at: change.at,
        })
        .execute();
      return from[0] as string;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
