import { type OrderStatus, SALES_STATUSES } from "@shop/shared/constants";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.ts";

/**
 * The orders whose excise was collected (docs/decisions/098): the sales (decision 055), and the
 * refunded orders, which were sales until their refund; their refunds give the tax back in the
 * refund's month. Orders awaiting payment or cancelled never collected it.
 */
export const EXCISE_STATUSES: readonly OrderStatus[] = [...SALES_STATUSES, "refunded"];

/** A range as the orders' and payments' timestamps are written: the first month's first moment and the moment after the last month. */
export interface ExciseBounds {
  start: string;
  before: string;
}

/** Where a batch of collected lines ends: the last line read (its order's time, the order, the adjustment's place). */
export interface ExciseCursor {
  placedAt: string;
  orderId: string;
  position: number;
}

/** Orders a reversal query names at a time (well under either engine's limit on parameters). */
const ORDER_CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / ORDER_CHUNK) }, (_, index) =>
    items.slice(index * ORDER_CHUNK, (index + 1) * ORDER_CHUNK),
  );

/**
 * The excise report's SQL (docs/decisions/098). The excise adjustments (kind 'excise', each on its
 * order line) keep what they were worked out on when the order was placed, so a report never
 * depends on today's tax rules or products. The orders, their lines and adjustments are
 * fulfilment's and the payment records payments', read here (SHARED_READS).
 */
export function createExciseRepository(db: Kysely<Database>) {
  /** The excise adjustments with their line and order, of the orders that collected it. */
  function exciseLines() {
    return db
      .selectFrom("order_adjustments as a")
      .innerJoin("orders as o", "o.id", "a.order_id")
      .innerJoin("order_lines as l", "l.id", "a.order_line_id")
      .where("a.kind", "=", "excise")
      .where("o.status", "in", EXCISE_STATUSES)
      .select([
        "o.id as order_id",
        "o.number",
        "o.status",
        "o.created_at as placed_at",
        "o.total_cents",
        "o.customer_name",
        "o.ship_full_name",
        "o.ship_line1",
        "o.ship_line2",
        "o.ship_city",
        "o.ship_state",
        "o.ship_zip",
        "l.brand",
        "l.name",
        "l.variant_options",
        "l.sku",
        "l.unit",
        "l.quantity",
        "a.id as adjustment_id",
        "a.position",
        "a.label",
        "a.amount_cents",
        "a.basis_cents",
        "a.tax_where",
        "a.tax_basis",
        "a.basis_ml",
        "a.pieces",
        "a.rate_units",
      ]);
  }

  return {
    /**
     * The excise lines of the orders placed in the range, by the time they were placed (then by
     * order and place); a batch of `limit` after `after`.
     */
    collected(bounds: ExciseBounds, page: { limit: number; after?: ExciseCursor }) {
      let query = exciseLines().where("o.created_at", ">=", bounds.start).where("o.created_at", "<", bounds.before);
      const after = page.after;
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("o.created_at", ">", after.placedAt),
            eb.and([eb("o.created_at", "=", after.placedAt), eb("o.id", ">", after.orderId)]),
            eb.and([
              eb("o.created_at", "=", after.placedAt),
              eb("o.id", "=", after.orderId),
              eb("a.position", ">", after.position),
            ]),
          ]),
        );
      }
      return query.orderBy("o.created_at").orderBy("o.id").orderBy("a.position").limit(page.limit).execute();
    },

    /** The orders that may have collected excise with a refund recorded in the range (those without any give back nothing). */
    async refundedOrders(bounds: ExciseBounds): Promise<string[]> {
      const rows = await db
        .selectFrom("order_payments as p")
        .innerJoin("orders as o", "o.id", "p.order_id")
        .where("p.kind", "=", "refund")
        .where("p.status", "=", "succeeded")
        .where("p.created_at", ">=", bounds.start)
        .where("p.created_at", "<", bounds.before)
        .where("o.status", "in", EXCISE_STATUSES)
        .select("o.id")
        .distinct()
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every refund of these orders, whenever recorded, by the time it was (a later one gives back on the earlier ones). */
    async refundsOf(orderIds: readonly string[]) {
      const found = [];
      for (const ids of chunks(orderIds)) {
        found.push(
          ...(await db
            .selectFrom("order_payments")
            .where("order_id", "in", ids)
            .where("kind", "=", "refund")
            .where("status", "=", "succeeded")
            .select(["id", "order_id", "amount_cents", "created_at"])
            .orderBy("created_at")
            .orderBy("id")
            .execute()),
        );
      }
      return found;
    },

    /** The excise lines of these orders, in their order. */
    async exciseOf(orderIds: readonly string[]) {
      const found = [];
      for (const ids of chunks(orderIds)) {
        found.push(...(await exciseLines().where("o.id", "in", ids).orderBy("o.id").orderBy("a.position").execute()));
      }
      return found;
    },
  };
}

export type ExciseRepository = ReturnType<typeof createExciseRepository>;
export type ExciseLineRow = Awaited<ReturnType<ExciseRepository["collected"]>>[number];
export type RefundRow = Awaited<ReturnType<ExciseRepository["refundsOf"]>>[number];
