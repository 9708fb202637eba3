import { variantName } from "@shop/shared/rules";
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

function movementRow(
  variant: { id: string; productId: string },
  change: number,
  stockAfter: number,
  at: string,
  cause: StockCause,
) {
  return {
    id: newId(Date.parse(at)),
    product_id: variant.productId,
    variant_id: variant.id,
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
 * Holds a variant's product for the caller's transaction (the product first, then its variant:
 * docs/decisions/093) and answers the product's id; undefined when there is no such variant (or
 * its product is not active, with `onlyActive`).
 */
async function holdProductOf(
  executor: Executor,
  variantId: string,
  at: string,
  onlyActive: boolean,
): Promise<string | undefined> {
  let update = executor
    .updateTable("products")
    .set({ updated_at: at })
    .where("id", "=", (eb) => eb.selectFrom("product_variants").select("product_id").where("id", "=", variantId));
  if (onlyActive) update = update.where("active", "=", 1);
  return (await update.returning("id").executeTakeFirst())?.id;
}

/**
 * Changes a variant's stock with `set` (its new value from the old one) where `condition` holds,
 * its product's listing stock by the same change when the variant is active, and records the
 * movement, in the caller's transaction. Null, and nothing changed, when the condition fails.
 */
async function changeStock(
  executor: Executor,
  variantId: string,
  at: string,
  cause: StockCause,
  options: { onlyActive: boolean; change: (stock: number) => number; where: ReturnType<typeof sql<boolean>> },
): Promise<{ before: number; after: number } | null> {
  const productId = await holdProductOf(executor, variantId, at, options.onlyActive);
  if (productId === undefined) return null;
  const variant = await executor
    .selectFrom("product_variants")
    .select(["stock", "active"])
    .where("id", "=", variantId)
    .where(options.where)
    .$if(options.onlyActive, (query) => query.where("active", "=", 1))
    .executeTakeFirst();
  if (!variant) return null;
  const after = options.change(variant.stock);
  if (after < 0) return null;
  const change = after - variant.stock;
  await executor
    .updateTable("product_variants")
    .set({ stock: after, updated_at: at })
    .where("id", "=", variantId)
    .execute();
  if (variant.active === 1 && change !== 0) {
    await executor
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "+", change) }))
      .where("id", "=", productId)
      .execute();
  }
  if (change !== 0) {
    await executor
      .insertInto("stock_movements")
      .values(movementRow({ id: variantId, productId }, change, after, at, cause))
      .execute();
  }
  return { before: variant.stock, after };
}

/**
 * Adds `change` pieces (negative: takes) to a variant's stock, so that concurrent changes all
 * apply and none goes below zero, and records the movement with the stock it left, in the
 * caller's transaction. Null, and nothing written, when the variant does not exist (or it or its
 * product is not active, with `onlyActive`) or has too few pieces.
 */
export async function moveStock(
  executor: Executor,
  variantId: string,
  change: number,
  at: string,
  cause: StockCause,
  options: { onlyActive?: boolean } = {},
): Promise<number | null> {
  const moved = await changeStock(executor, variantId, at, cause, {
    onlyActive: options.onlyActive === true,
    change: (stock) => stock + change,
    where: sql<boolean>`stock + ${change} >= 0`,
  });
  return moved?.after ?? null;
}

/**
 * Records a new product's own variant's first count (a new product, the demo shop, an import);
 * nothing for zero.
 */
export function recordOpeningStock(
  executor: Executor,
  products: readonly { id: string; stock: number }[],
  at: string,
  cause: StockCause,
): Promise<void> {
  return recordMovements(
    executor,
    products.map((p) => ({ id: p.id, productId: p.id, change: p.stock, stockAfter: p.stock })),
    at,
    cause,
  );
}

/** Records movements already made (an import's counts), all for one cause; nothing for a zero change. */
export async function recordMovements(
  executor: Executor,
  movements: readonly { id: string; productId: string; change: number; stockAfter: number }[],
  at: string,
  cause: StockCause,
): Promise<void> {
  const rows = movements.filter((m) => m.change !== 0).map((m) => movementRow(m, m.change, m.stockAfter, at, cause));
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

    /** How the audit log names a variant: "Name (SKU)", its option values after the name. */
    async label(executor: Executor, variantId: string): Promise<string> {
      const row = await executor
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .select(["p.name", "v.sku", "v.option1", "v.option2", "v.option3"])
        .where("v.id", "=", variantId)
        .executeTakeFirstOrThrow();
      return `${variantName(row.name, [row.option1, row.option2, row.option3])} (${row.sku})`;
    },

    /** A variant's stock (the product's own variant has the product's id). */
    async stockOf(executor: Executor, variantId: string): Promise<number | undefined> {
      const row = await executor
        .selectFrom("product_variants")
        .select("stock")
        .where("id", "=", variantId)
        .executeTakeFirst();
      return row?.stock;
    },

    /**
     * Sets a product's stock to `target` if it still is `expected` (compare and set), recording the
     * difference; false when it changed since it was read, for the caller to read again.
     */
    async setStock(
      executor: Executor,
      variantId: string,
      expected: number,
      target: number,
      at: string,
      cause: StockCause,
    ): Promise<boolean> {
      const set = await changeStock(executor, variantId, at, cause, {
        onlyActive: false,
        change: () => target,
        where: sql<boolean>`stock = ${expected}`,
      });
      return set !== null;
    },

    /** A variant's movements, newest first, a page at a time, with their number. */
    async history(variantId: string, page: { offset: number; limit: number }) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("stock_movements")
          .selectAll()
          .where("variant_id", "=", variantId)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        countRows(db.selectFrom("stock_movements").where("variant_id", "=", variantId)),
      ]);
      return { rows, total };
    },

    /** The sum of a variant's movements: what its stock should be. */
    async movementSum(variantId: string): Promise<number> {
      const row = await db
        .selectFrom("stock_movements")
        .select((eb) => eb.fn.sum<number | string | null>("change").as("total"))
        .where("variant_id", "=", variantId)
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },

    /** Active variants of active products with `threshold` pieces or fewer, fewest first. */
    async lowStock(threshold: number, limit: number) {
      return db
        .selectFrom("product_variants as v")
        .innerJoin("products as p", "p.id", "v.product_id")
        .select(["v.id", "v.product_id", "v.sku", "p.name", "v.stock", "v.option1", "v.option2", "v.option3"])
        .where("v.active", "=", 1)
        .where("p.active", "=", 1)
        .where("v.stock", "<=", threshold)
        .orderBy("v.stock", "asc")
        .orderBy("p.name", "asc")
        .orderBy("v.position", "asc")
        .limit(limit)
        .execute();
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
