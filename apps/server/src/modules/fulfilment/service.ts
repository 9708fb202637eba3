import type { Order, OrderList, OrderStatus, User } from "@shop/shared";
import { dayOf, payByDay } from "@shop/shared/rules";
import { createAddNote } from "./actions/add-note.ts";
import { createAdminGet } from "./actions/admin-get.ts";
import { createAdminList } from "./actions/admin-list.ts";
import { createBulk } from "./actions/bulk.ts";
import { createCancel } from "./actions/cancel.ts";
import { createCancelUnpaid } from "./actions/cancel-unpaid.ts";
import { createChangeStatus } from "./actions/change-status.ts";
import { createHandOver } from "./actions/hand-over.ts";
import { createCancelUnverified, createIdentityVerified } from "./actions/identity.ts";
import { createOrderCsv } from "./actions/order-csv.ts";
import { createRecord } from "./actions/record.ts";
import { createRecordPayment } from "./actions/record-payment.ts";
import { createRefund } from "./actions/refund.ts";
import { createSettleExpiringHolds } from "./actions/settle-expiring-holds.ts";
import { createShip } from "./actions/ship.ts";
import { createOrderCore, type FulfilmentDependencies } from "./order-core.ts";
import type { OrdersRepository } from "./repository.ts";
import { createAct } from "./state-machine.ts";

/**
 * The order record and its life after checkout placed it (docs/decisions/032, 092): the buyer's
 * orders, staff's Order List and the state machine's actions, the unpaid-order job. Each action
 * is a file of actions/, given the parts it needs; this composes them.
 */
export function createOrdersService(repository: OrdersRepository, dependencies: FulfilmentDependencies) {
  const core = createOrderCore(repository, dependencies);
  const { lists, settings, orderById, ownOrder, now } = core;
  const adminGet = createAdminGet(core);
  const staff = { ...core, act: createAct({ ...core, adminGet }) };
  const changeStatus = createChangeStatus(staff);

  return {
    // Checkout: the order it places, written in its transaction, and read back.
    record: createRecord(core),
    /** An order by its id, as its buyer sees it. */
    byId: (id: string): Promise<Order> => orderById(id),
    /** One of the buyer's own orders by its number: its id and status (the identity check's document step). */
    async own(user: User, number: string): Promise<{ id: string; number: string; status: OrderStatus }> {
      const row = await ownOrder(user, number);
      return { id: row.id, number: row.number, status: row.status as OrderStatus };
    },
    /** The buyer's orders on terms unpaid after their due day (docs/decisions/102): checkout refuses terms then. */
    async overdueOnTerms(userId: string, today: string) {
      const rows = await repository.overdueOnTerms(userId, today);
      return rows.map((row) => ({
        number: row.number,
        dueOn: row.payment_due_on as string,
        balanceCents: row.total_cents - Number(row.received_cents),
      }));
    },
    /** The identity check passed: the waiting order goes on to awaiting payment (docs/decisions/099). */
    identityVerified: createIdentityVerified(core),

    // The buyer's own orders.

    async list(user: User): Promise<OrderList> {
      const rows = await lists.listForUser(user.id, 100);
      const { unpaidCancelDays } = await settings.get();
      return {
        items: rows.map((row) => ({
          number: row.number,
          status: row.status as OrderStatus,
          totalCents: row.total_cents,
          createdAt: row.created_at,
          itemCount: Number(row.item_count ?? 0),
          payBy: row.status === "awaiting_payment" ? payByDay(row.created_at, unpaidCancelDays) : null,
        })),
      };
    },

    async get(user: User, number: string): Promise<Order> {
      return orderById((await ownOrder(user, number)).id);
    },

    cancel: createCancel(core),

    // Staff: the Order List and the state machine's actions (shared rules/order-status.ts).

    adminList: createAdminList(core),
    csv: createOrderCsv(core),
    bulk: createBulk({ changeStatus }),
    adminGet,
    addNote: createAddNote({ ...core, adminGet }),
    recordPayment: createRecordPayment({ ...staff, adminGet }),
    refund: createRefund(staff),
    ship: createShip(staff),
    changeStatus,
    handOver: createHandOver(staff),

    // The shop itself: the unpaid-order and card-hold jobs, and the dashboard.

    cancelUnpaid: createCancelUnpaid(core),
    settleExpiringHolds: createSettleExpiringHolds(core),
    cancelUnverified: createCancelUnverified(core),

    /** Each wholesale account's orders that were not cancelled, and what it owes on them (docs/decisions/102). */
    async wholesaleBalances(accountIds: readonly string[]): Promise<Map<string, { orders: number; dueCents: number }>> {
      const rows = await lists.wholesaleBalances(accountIds);
      return new Map(
        [...rows].map(([id, row]) => [
          id,
          { orders: row.orders, dueCents: Math.max(0, row.totalCents - row.receivedCents) },
        ]),
      );
    },

    /** Orders placed today (UTC), awaiting payment, and the paid-for totals of the last 30 days. */
    overview() {
      const at = now();
      const today = `${dayOf(at)}T00:00:00.000Z`;
      return lists.overview(today, new Date(at.getTime() - 30 * 24 * 3_600_000).toISOString());
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
