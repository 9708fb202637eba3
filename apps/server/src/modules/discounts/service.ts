import {
  DISCOUNTS_PAGE_SIZE,
  type Discount,
  type DiscountLine,
  type DiscountList,
  type DiscountStatus,
  type DiscountTerms,
  type discountInputSchema,
  discountInWords,
  type discountQuerySchema,
  discountRefusal,
  formatCents,
  normalizeDiscountCode,
} from "@shop/shared";
import { Conflict, Invalid, NotFound } from "@shop/shared/errors";
import { dayOf } from "@shop/shared/rules";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { AuditActor, AuditRecorder } from "../audit/service.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { DiscountRow, DiscountsRepository, DiscountTarget } from "./repository.ts";

type DiscountInput = z.output<typeof discountInputSchema>;
type Targets = { productIds: string[]; categoryIds: string[] };

/** What a code does on a cart: its terms for price(), or why it cannot be used (then none, and it saves nothing). */
export interface DiscountAnswer {
  code: string;
  refusal: string | null;
  terms: DiscountTerms | null;
}

function termsOf(row: DiscountRow, targets: Targets): DiscountTerms {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.min_subtotal_cents,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    usageLimit: row.usage_limit,
    perBuyerLimit: row.per_buyer_limit,
    usedCount: row.used_count,
    active: row.active === 1,
    ...targets,
  };
}

function statusOf(terms: DiscountTerms, today: string): DiscountStatus {
  if (!terms.active) return "inactive";
  if (terms.startsOn && today < terms.startsOn) return "scheduled";
  if (terms.endsOn && today > terms.endsOn) return "expired";
  if (terms.usageLimit !== null && terms.usedCount >= terms.usageLimit) return "used_up";
  return "active";
}

function targetsOf(rows: readonly { discount_id: string; kind: string; target_id: string }[], id: string): Targets {
  const mine = rows.filter((row) => row.discount_id === id);
  return {
    productIds: mine.filter((row) => row.kind === "product").map((row) => row.target_id),
    categoryIds: mine.filter((row) => row.kind === "category").map((row) => row.target_id),
  };
}

/** What the audit log keeps of a code: its terms in words a shop owner reads. */
function auditValues(input: DiscountInput): Record<string, unknown> {
  return {
    code: input.code,
    description: input.description,
    discount: discountInWords(input),
    minimum: formatCents(input.minSubtotalCents),
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    usageLimit: input.usageLimit,
    perBuyerLimit: input.perBuyerLimit,
    active: input.active,
    products: [...input.productIds].sort(),
    categories: [...input.categoryIds].sort(),
  };
}

const refused = (message: string) => new Invalid(message, { fields: { discountCode: message } });

interface Dependencies {
  catalog: Pick<CatalogService, "productLabels" | "listCategories">;
  audit: AuditRecorder;
  now?: () => Date;
}

/** Discount codes (docs/decisions/057): staff's admin, the cart's price, the order's use. */
export function createDiscountsService(
  repository: DiscountsRepository,
  { catalog, audit, now = () => new Date() }: Dependencies,
) {
  const { db } = repository;
  const today = () => dayOf(now());

  async function termsByCode(
    code: string,
    executor: Executor = db,
  ): Promise<{ row: DiscountRow; terms: DiscountTerms } | null> {
    const row = await repository.find({ code }, executor);
    if (!row) return null;
    return { row, terms: termsOf(row, targetsOf(await repository.targets([row.id], executor), row.id)) };
  }

  async function get(id: string): Promise<Discount> {
    const row = await repository.find({ id });
    if (!row) throw new NotFound("There is no such discount code.");
    const targets = targetsOf(await repository.targets([id]), id);
    const labels = await catalog.productLabels(targets.productIds);
    const times = (await repository.timesUsed([id])).get(id) ?? 0;
    return {
      ...toItem(row, targets, times),
      products: targets.productIds.flatMap((productId) => {
        const label = labels.get(productId);
        return label ? [{ id: label.id, name: label.name, sku: label.sku }] : [];
      }),
    };
  }

  function toItem(row: DiscountRow, targets: Targets, timesUsed: number): Omit<Discount, "products"> {
    return {
      id: row.id,
      ...inputOf(row, targets),
      usedCount: row.used_count,
      timesUsed,
      status: statusOf(termsOf(row, targets), today()),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** The products and categories named must exist; refused beside the field otherwise. */
  async function checkTargets(input: DiscountInput): Promise<DiscountTarget[]> {
    const labels = await catalog.productLabels(input.productIds);
    const missing = input.productIds.find((id) => !labels.has(id));
    if (missing)
      throw new Invalid("A chosen product no longer exists.", {
        fields: { productIds: "names a product that no longer exists" },
      });
    const categories = new Set((await catalog.listCategories()).map((category) => category.id));
    if (input.categoryIds.some((id) => !categories.has(id))) {
      throw new Invalid("A chosen category no longer exists.", {
        fields: { categoryIds: "names a category that no longer exists" },
      });
    }
    return [
      ...[...new Set(input.productIds)].map((target_id) => ({ kind: "product" as const, target_id })),
      ...[...new Set(input.categoryIds)].map((target_id) => ({ kind: "category" as const, target_id })),
    ];
  }

  function columns(input: DiscountInput, at: string) {
    return {
      code: input.code,
      description: input.description,
      kind: input.kind,
      value: input.value,
      min_subtotal_cents: input.minSubtotalCents,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      usage_limit: input.usageLimit,
      per_buyer_limit: input.perBuyerLimit,
      active: input.active ? (1 as const) : (0 as const),
      updated_at: at,
    };
  }

  const taken = (code: string) =>
    new Conflict(`There is already a code “${code}”.`, { fields: { code: "is already used by another discount" } });

  /** A code as its form would send it: its terms without the count of uses, with its description. */
  function inputOf(row: DiscountRow, targets: Targets): DiscountInput {
    const { usedCount: _uses, ...terms } = termsOf(row, targets);
    return { ...terms, ...targets, description: row.description };
  }

  return {
    async list(query: z.output<typeof discountQuerySchema>): Promise<DiscountList> {
      const { rows, total } = await repository.list({
        q: query.q,
        status: query.status,
        today: today(),
        offset: (query.page - 1) * DISCOUNTS_PAGE_SIZE,
        limit: DISCOUNTS_PAGE_SIZE,
      });
      const ids = rows.map((row) => row.id);
      const [targets, times] = await Promise.all([repository.targets(ids), repository.timesUsed(ids)]);
      return {
        items: rows.map((row) => toItem(row, targetsOf(targets, row.id), times.get(row.id) ?? 0)),
        total,
        page: query.page,
        pageSize: DISCOUNTS_PAGE_SIZE,
      };
    },

    get,

    async create(actor: AuditActor, input: DiscountInput): Promise<Discount> {
      const targets = await checkTargets(input);
      const id = newId();
      const at = now().toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          await repository.insert(trx, { id, ...columns(input, at), created_at: at }, targets);
          await audit.record(trx, {
            actor,
            kind: "discount",
            subjectId: id,
            subjectLabel: `Code ${input.code}`,
            action: "created",
            before: null,
            after: auditValues(input),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.code);
        throw error;
      }
      return get(id);
    },

    async update(actor: AuditActor, id: string, input: DiscountInput): Promise<Discount> {
      const targets = await checkTargets(input);
      const at = now().toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          const row = await repository.find({ id }, trx);
          if (!row) throw new NotFound("There is no such discount code.");
          const before = inputOf(row, targetsOf(await repository.targets([id], trx), id));
          await repository.update(trx, id, columns(input, at), targets);
          await audit.record(trx, {
            actor,
            kind: "discount",
            subjectId: id,
            subjectLabel: `Code ${input.code}`,
            action: input.active === before.active ? "updated" : input.active ? "turned on" : "turned off",
            before: auditValues(before),
            after: auditValues(input),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken(input.code);
        throw error;
      }
      return get(id);
    },

    /** Deletes a code no order ever used; a used one is kept (orders name it) and can be turned off. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await repository.find({ id }, trx);
        if (!row) throw new NotFound("There is no such discount code.");
        const before = inputOf(row, targetsOf(await repository.targets([id], trx), id));
        if (!(await repository.deleteUnused(trx, id))) {
          throw new Conflict(`The code “${row.code}” has been used by orders, so it is kept. Turn it off instead.`, {
            code: "discount_used",
          });
        }
        await audit.record(trx, {
          actor,
          kind: "discount",
          subjectId: id,
          subjectLabel: `Code ${row.code}`,
          action: "deleted",
          before: auditValues(before),
          after: null,
        });
      });
    },

    /** The cart's answer to a typed code; `userId` (a signed-in buyer) adds the per-buyer limit. */
    async price(typed: string, lines: readonly DiscountLine[], userId: string | null): Promise<DiscountAnswer> {
      const code = normalizeDiscountCode(typed);
      const found = await termsByCode(code);
      const uses = found && userId ? await repository.buyerUses(db, found.row.id, userId) : null;
      const refusal = discountRefusal(code, found?.terms ?? null, lines, today(), uses);
      return { code, refusal, terms: refusal ? null : (found?.terms ?? null) };
    },

    /**
     * Takes one use of the code for an order, inside the order's transaction: the use is taken
     * first (a conditional UPDATE that also holds the code's row), then the code's terms and the
     * buyer's uses are read under it. Refused in words beside the field; the order's rollback
     * gives the use back.
     */
    async redeem(
      trx: Executor,
      order: { code: string; lines: readonly DiscountLine[]; userId: string; orderId: string; at: string },
    ): Promise<DiscountAnswer> {
      const code = normalizeDiscountCode(order.code);
      const took = await repository.takeUse(trx, code);
      const found = await termsByCode(code, trx);
      const day = order.at.slice(0, 10);
      if (!took || !found) {
        throw refused(
          discountRefusal(code, found?.terms ?? null, order.lines, day) ??
            `The code “${code}” has been used as many times as it may be.`,
        );
      }
      const terms = { ...found.terms, usedCount: found.terms.usedCount - 1 };
      const uses = await repository.buyerUses(trx, found.row.id, order.userId);
      const refusal = discountRefusal(code, terms, order.lines, day, uses);
      if (refusal) throw refused(refusal);
      await repository.insertUse(trx, {
        id: newId(),
        discountId: found.row.id,
        orderId: order.orderId,
        userId: order.userId,
        at: order.at,
      });
      return { code, refusal: null, terms };
    },

    /** A cancelled order's use goes back to the code, once (docs/decisions/057). */
    release(trx: Executor, orderId: string, at: string): Promise<boolean> {
      return repository.releaseUse(trx, orderId, at);
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
