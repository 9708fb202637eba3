import type { RegulatoryClass } from "@shop/shared/constants";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.ts";

/**
 * The classes a PACT Act report counts: vapes, and their parts and accessories sold separately
 * (the Act's ENDS takes in "any component, liquid, part, or accessory", docs/decisions/048).
 */
export const PACT_CLASSES: readonly RegulatoryClass[] = ["ENDS", "ENDS_ACCESSORY"];

/** Where a CSV batch ends: the last line read (its order's ship time, the order, the line's place). */
export interface PactCursor {
  shippedAt: string;
  orderId: string;
  position: number;
}

/**
 * The PACT Act report's SQL (docs/decisions/048). A line counts by the classes recorded with it when
 * the order was placed (`order_line_classes`), never by the product's classes today, so a report
 * does not change when a product is reclassified. An order counts when it was shipped: it has a
 * `shipped` event (the state machine ships an order once, from paid or processing), whatever came
 * after (delivered, refunded). Its month is the event's UTC month; its state the ship-to state.
 *
 * Every query starts from the (class, order_line_id) index: the vape lines, then each line's order
 * and that order's shipped event by their keys, so the cost follows the vape lines, not all orders.
 */
export function createPactRepository(db: Kysely<Database>) {
  /** The vape lines of shipped orders, with the order and its ship time (`shipped_at`). */
  function shippedVapeLines() {
    return db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .innerJoin("order_events as e", (join) => join.onRef("e.order_id", "=", "o.id").on("e.status", "=", "shipped"))
      .where("l.id", "in", (eb) =>
        eb.selectFrom("order_line_classes as c").select("c.order_line_id").where("c.class", "in", PACT_CLASSES),
      )
      .where("o.fulfilment", "=", "ship");
  }

  return {
    /** Each (month, state) with vape shipments: how many orders, lines, units and pieces. */
    async periods(state: string | undefined) {
      const month = sql<string>`substr(e.created_at, 1, 7)`;
      let query = shippedVapeLines();
      if (state) query = query.where("o.ship_state", "=", state);
      const rows = await query
        .select((eb) => [
          month.as("month"),
          "o.ship_state as state",
          eb.fn.count<number>("o.id").distinct().as("orders"),
          eb.fn.countAll<number>().as("lines"),
          eb.fn.sum<number>("l.quantity").as("units"),
          eb.fn.sum<number>(sql`l.quantity * l.pieces_per_unit`).as("pieces"),
        ])
        .groupBy([month, "o.ship_state"])
        .execute();
      return rows.map((row) => ({
        month: row.month,
        state: row.state,
        orders: Number(row.orders),
        lines: Number(row.lines),
        units: Number(row.units ?? 0),
        pieces: Number(row.pieces ?? 0),
      }));
    },

    /**
     * The vape lines shipped to `state` from `from` up to (not including) `to`, with their orders,
     * in the order they were shipped (then by order and line); a batch of `limit` after `after`.
     */
    async lines(filter: { state: string; from: string; to: string }, page: { limit: number; after?: PactCursor }) {
      let query = shippedVapeLines()
        .where("o.ship_state", "=", filter.state)
        .where("e.created_at", ">=", filter.from)
        .where("e.created_at", "<", filter.to);
      const after = page.after;
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb("e.created_at", ">", after.shippedAt),
            eb.and([eb("e.created_at", "=", after.shippedAt), eb("o.id", ">", after.orderId)]),
            eb.and([
              eb("e.created_at", "=", after.shippedAt),
              eb("o.id", "=", after.orderId),
              eb("l.position", ">", after.position),
            ]),
          ]),
        );
      }
      return query
        .select((eb) => [
          // The line's excise (docs/decisions/098), found by the adjustments' (order_id, position) index.
          eb
            .selectFrom("order_adjustments as x")
            .select((inner) => inner.fn.sum<number>("x.amount_cents").as("cents"))
            .whereRef("x.order_id", "=", "o.id")
            .whereRef("x.order_line_id", "=", "l.id")
            .where("x.kind", "=", "excise")
            .as("excise_cents"),
          "e.created_at as shipped_at",
          "o.id as order_id",
          "o.number",
          "o.status",
          "o.customer_name",
          "o.email",
          "o.ship_full_name",
          "o.ship_line1",
          "o.ship_line2",
          "o.ship_city",
          "o.ship_state",
          "o.ship_zip",
          "o.ship_phone",
          "o.carrier",
          "o.tracking_number",
          "o.buyer_licence",
          "l.position",
          "l.brand",
          "l.name",
          "l.variant_options",
          "l.sku",
          "l.unit",
          "l.quantity",
          "l.pieces_per_unit",
        ])
        .orderBy("e.created_at")
        .orderBy("o.id")
        .orderBy("l.position")
        .limit(page.limit)
        .execute();
    },
  };
}

export type PactRepository = ReturnType<typeof createPactRepository>;
export type PactLineRow = Awaited<ReturnType<PactRepository["lines"]>>[number];
