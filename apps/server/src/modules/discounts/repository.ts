import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import { containsText } from "../../db/conditions.ts";
import type { Executor } from "../../db/database.ts";
import type { Database, DiscountsTable } from "../../db/types.ts";
import { countRows } from "../../lib/count-rows.ts";

export type DiscountRow = Selectable<DiscountsTable>;
export type DiscountTarget = { kind: "product" | "category"; target_id: string };

/** The discounts module's SQL: codes, what they apply to, and the orders that used them. */
export function createDiscountsRepository(db: Kysely<Database>) {
  return {
    db,

    async list(filter: {
      q?: string | undefined;
      /** A status as SQL sees it on `today`. */
      status?: "active" | "scheduled" | "expired" | "used_up" | "inactive" | undefined;
      today: string;
      offset: number;
      limit: number;
    }) {
      let query = db.selectFrom("discounts as d");
      const { q, today } = filter;
      if (q)
        query = query.where((eb) =>
          eb.or([containsText(sql.ref("d.code"), q), containsText(sql.ref("d.description"), q)]),
        );
      const usedUp = sql<boolean>`d.usage_limit is not null and d.used_count >= d.usage_limit`;
      switch (filter.status) {
        case "inactive":
          query = query.where("d.active", "=", 0);
          break;
        case "scheduled":
          query = query.where("d.active", "=", 1).where("d.starts_on", ">", today);
          break;
        case "expired":
          query = query.where("d.active", "=", 1).where("d.ends_on", "<", today);
          break;
        case "used_up":
          query = query
            .where("d.active", "=", 1)
            .where((eb) => eb.or([eb("d.starts_on", "is", null), eb("d.starts_on", "<=", today)]))
            .where((eb) => eb.or([eb("d.ends_on", "is", null), eb("d.ends_on", ">=", today)]))
            .where(usedUp);
          break;
        case "active":
          query = query
            .where("d.active", "=", 1)
            .where((eb) => eb.or([eb("d.starts_on", "is", null), eb("d.starts_on", "<=", today)]))
            .where((eb) => eb.or([eb("d.ends_on", "is", null), eb("d.ends_on", ">=", today)]))
            .where(sql<boolean>`not (${usedUp})`);
          break;
        default:
          break;
      }
      const rows = await query
        .selectAll("d")
        .orderBy("d.created_at", "desc")
        .orderBy("d.id", "desc")
        .offset(filter.offset)
        .limit(filter.limit)
        .execute();
      return { rows, total: await countRows(query) };
    },

    async find(where: { id: string } | { code: string }, executor: Executor = db) {
      let query = executor.selectFrom("discounts").selectAll();
      query = "id" in where ? query.where("id", "=", where.id) : query.where("code", "=", where.code);
      return query.executeTakeFirst();
    },

    async targets(ids: readonly string[], executor: Executor = db) {
      if (ids.length === 0) return [];
      return executor
        .selectFrom("discount_targets")
        .where("discount_id", "in", [...ids])
        .select(["discount_id", "kind", "target_id"])
        .orderBy("target_id")
        .execute();
    },

    /** How many orders used each of `ids`, cancelled ones included (a code once used is kept). */
    async timesUsed(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, number>();
      const rows = await db
        .selectFrom("discount_uses")
        .where("discount_id", "in", [...ids])
        .select((eb) => ["discount_id", eb.fn.countAll<number>().as("n")])
        .groupBy("discount_id")
        .execute();
      return new Map(rows.map((row) => [row.discount_id, Number(row.n)]));
    },

    async insert(executor: Executor, row: Insertable<DiscountsTable>, targets: readonly DiscountTarget[]) {
      await executor.insertInto("discounts").values(row).execute();
      await insertTargets(executor, row.id, targets);
    },

    async update(
      executor: Executor,
      id: string,
      row: Omit<Insertable<DiscountsTable>, "id" | "created_at" | "used_count">,
      targets: readonly DiscountTarget[],
    ) {
      await executor.updateTable("discounts").set(row).where("id", "=", id).execute();
      await executor.deleteFrom("discount_targets").where("discount_id", "=", id).execute();
      await insertTargets(executor, id, targets);
    },

    /** Deletes a code no order ever used; false when one did (checked in the same statement). */
    async deleteUnused(executor: Executor, id: string): Promise<boolean> {
      await executor
        .deleteFrom("discount_targets")
        .where("discount_id", "=", id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom("discount_uses").where("discount_id", "=", id).select("id"))))
        .execute();
      const result = await executor
        .deleteFrom("discounts")
        .where("id", "=", id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("discount_uses as u").whereRef("u.discount_id", "=", "discounts.id").select("u.id"),
            ),
          ),
        )
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    /**
     * Takes one use of the code, only while it has uses left: of concurrent orders, those past the
     * limit change nothing (stock is taken the same way). On PostgreSQL the row stays locked until the
     * order's transaction ends, so the per-buyer count read next sees every order before it.
     */
    async takeUse(executor: Executor, code: string): Promise<boolean> {
      const result = await executor
        .updateTable("discounts")
        .set((eb) => ({ used_count: eb("used_count", "+", 1) }))
        .where("code", "=", code)
        .where((eb) => eb.or([eb("usage_limit", "is", null), eb("used_count", "<", eb.ref("usage_limit"))]))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The buyer's orders that used the code and were not cancelled. */
    async buyerUses(executor: Executor, discountId: string, userId: string): Promise<number> {
      const row = await executor
        .selectFrom("discount_uses")
        .where("discount_id", "=", discountId)
        .where("user_id", "=", userId)
        .where("released_at", "is", null)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertUse(
      executor: Executor,
      use: { id: string; discountId: string; orderId: string; userId: string; at: string },
    ): Promise<void> {
      await executor
        .insertInto("discount_uses")
        .values({
          id: use.id,
          discount_id: use.discountId,
          order_id: use.orderId,
          user_id: use.userId,
          created_at: use.at,
        })
        .execute();
    },

    /** Gives a cancelled order's use back, once: the use is marked, then the count lowered. */
    async releaseUse(executor: Executor, orderId: string, at: string): Promise<boolean> {
      const use = await executor
        .updateTable("discount_uses")
        .set({ released_at: at })
        .where("order_id", "=", orderId)
        .where("released_at", "is", null)
        .returning("discount_id")
        .executeTakeFirst();
      if (!use) return false;
      await executor
        .updateTable("discounts")
        .set((eb) => ({ used_count: eb("used_count", "-", 1) }))
        .where("id", "=", use.discount_id)
        .where("used_count", ">", 0)
        .execute();
      return true;
    },
  };
}

async function insertTargets(executor: Executor, discountId: string, targets: readonly DiscountTarget[]) {
  if (targets.length === 0) return;
  await executor
    .insertInto("discount_targets")
    .values(targets.map((target) => ({ discount_id: discountId, kind: target.kind, target_id: target.target_id })))
    .execute();
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
