import type { BulkOrderResult, bulkOrderActionSchema, User } from "@shop/shared";
import { Conflict, NotFound } from "@shop/shared/errors";
import { formatCount } from "@shop/shared/rules";
import type { z } from "zod";
import type { ChangeStatus } from "./change-status.ts";

/**
 * One action of the state machine for several orders: each through the same action as the
 * order page's button (its own transaction, audit entry and e-mail), so each moves whole or
 * not at all; those that cannot are named with why.
 */
export function createBulk({ changeStatus }: { changeStatus: ChangeStatus }) {
  return async function bulk(actor: User, input: z.output<typeof bulkOrderActionSchema>): Promise<BulkOrderResult> {
    const moved: string[] = [];
    const refused: BulkOrderResult["refused"] = [];
    for (const number of [...new Set(input.numbers.map((n) => n.toUpperCase()))]) {
      try {
        await changeStatus(actor, number, input.action);
        moved.push(number);
      } catch (error) {
        if (!(error instanceof Conflict || error instanceof NotFound)) throw error;
        refused.push({ number, reason: error.message });
      }
    }
    const orders = (n: number) => `${formatCount(n)} ${n === 1 ? "order" : "orders"}`;
    const done = `${orders(moved.length)} moved to processing`;
    return {
      message: refused.length === 0 ? `${done}.` : `${done}; ${orders(refused.length)} could not be moved.`,
      moved,
      refused,
    };
  };
}
