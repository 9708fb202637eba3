import { type Kysely, sql } from "kysely";
import type { Executor } from "../../db/database.ts";
import type { Database, StockMovementKind } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";
import { newId } from "../../lib/ids.ts";

/** Who changed stock: a signed-in person as named then, or nobody (the shop's own jobs). */
export interface StockActor {
  id: string;
  name: string;
}

/** Why stock changes: the kind, and the order or staff's note that explains it. */
export interface StockCause {
  kind: StockMovementKind;
  note?: string | null;
  order?: { id: string; number: string } | null;
  actor?: StockActor | null;
}

function movementRow(productId: string, change: number, stockAfter: number, at: string, cause: StockCause) {
  return {
    id: newId(Date.parse(at)),
    product_id: productId,
    change,
    stock_after: stockAfter,
    kind: cause.kind,
    note: cause.note ?? null,
    order_id: cause.order?.id ?? null,
    order_number: cause.order?.number ?? null,
    actor_id: cause.actor?.id ?? null,
    actor_name: cause.actor?.name ?? null,
    created_at: at,
  };
}

/**
 * Adds `change` pieces (negative: takes) to a product's stock in one conditional UPDATE, so that
 * concurrent changes all apply and none goes below zero, and records the movement
 * with the stock it left, in the caller's transaction. Null, and nothing written, when the product
 * does not exist (or is not active, with `onlyActive`) or has too few pieces.
 */
export async function moveStock(
  executor: Executor,
  productId: string,
  change: number,
  at: string,
  cause: StockCause,
  options: { onlyActive?: boolean } = {},
): Promise<number | null> {
  let update = executor
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "+", change), updated_at: at }))
    .where("id", "=", productId)
    .where(sql<boolean>`stock + ${change} >= 0`);
  if (options.onlyActive) update = update.where("active", "=", 1);
  const row = await update.returning("stock").executeTakeFirst();
  if (!row) return null;
  if (change !== 0)
    await executor
      .insertInto("stock_movements")
      .values(movementRow(productId, change, row.stock, at, cause))
      .execute();
  return row.stock;
}

/** Records a product's first count (a new product, the demo shop, an import); nothing for zero. */
export function recordOpeningStock(
  executor: Executor,
  products: readonly { id: string; stock: number }[],
  at: string,
  cause: StockCause,
): Promise<void> {
  return recordMovements(
    executor,
    products.map((p) => ({ id: p.id, change: p.stock, stockAfter: p.stock })),
    at,
    cause,
  );
}

/** Records movements already made (an import's counts), all for one cause; nothing for a zero change. */
export async function recordMovements(
  executor: Executor,
  movements: readonly { id: string; change: number; stockAfter: number }[],
  at: string,
  cause: StockCause,
): Promise<void> {
  const rows = movements.filter((m) => m.change !== 0).map((m) => movementRow(m.id, m.change, m.stockAfter, at, cause));
  // A few hundred rows a statement stays far below both engines' limit on bound parameters.
  for (let start = 0; start < rows.length; start += 200) {
    await executor
      .insertInto("stock_movements")
      .values(rows.slice(start, start + 200))
      .execute();
  }
}

export function createStockRepository(db: Kysely<Database>) {
  return {
    db,

    async stockOf(executor: Executor, productId: string): Promise<number | undefined> {
      const row = await executor.selectFrom("products").select("stock").where("id", "=", productId).executeTakeFirst();
      return row?.stock;
    },

    /**
     * Sets a product's stock to `target` if it still is `expected` (compare and set), recording the
     * difference; false when it changed since it was read, for the caller to read again.
     */
    async setStock(
      executor: Executor,
      productId: string,
      expected: number,
      target: number,
      at: string,
      cause: StockCause,
    ): Promise<boolean> {
      const row = await executor
        .updateTable("products")
        .set({ stock: target, updated_at: at })
        .where("id", "=", productId)
        .where("stock", "=", expected)
        .returning("stock")
        .executeTakeFirst();
      if (!row) return false;
      if (target !== expected) {
        await executor
          .insertInto("stock_movements")
          .values(movementRow(productId, target - expected, target, at, cause))
          .execute();
      }
      return true;
    },

    /** A product's movements, newest first, a page at a time, with their number. */
    async history(productId: string, page: { offset: number; limit: number }) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("stock_movements")
          .selectAll()
          .where("product_id", "=", productId)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        countRows(db.selectFrom("stock_movements").where("product_id", "=", productId)),
      ]);
      return { rows, total };
    },

    /** The sum of a product's movements: what its stock should be. */
    async movementSum(productId: string): Promise<number> {
      const row = await db
        .selectFrom("stock_movements")
        .select((eb) => eb.fn.sum<number | string | null>("change").as("total"))
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },

    /** Active products with `threshold` pieces or fewer, fewest first. */
    async lowStock(threshold: number, limit: number) {
      return db
        .selectFrom("products")
        .select(["id", "sku", "name", "stock"])
        .where("active", "=", 1)
        .where("stock", "<=", threshold)
        .orderBy("stock", "asc")
        .orderBy("name", "asc")
        .limit(limit)
        .execute();
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
