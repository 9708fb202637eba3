import { createHash } from "node:crypto";
import { formatCents, type IdentityCheck, type Order, type recordPaymentSchema, type User } from "@shop/shared";
import { Conflict, NotFound } from "@shop/shared/errors";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { compareIds } from "../../lib/ids.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import type { AuditRecorder } from "../audit/service.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { DiscountsService } from "../discounts/service.ts";
import type { MailOutbox } from "../mail/outbox.ts";
import type { ReportsService } from "../order-reports/reports-service.ts";
import type { PaymentsService } from "../payments/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { OrderListRepository } from "./order-list-repository.ts";
import type { OrderMailFacts } from "./order-mail.ts";
import { addressOf, payeeOf, toOrder } from "./order-view.ts";
import type { OrderRow, OrdersRepository } from "./repository.ts";

/** A payment or refund as staff record it (the form of Record payment and Refund). */
export type PaymentInput = z.output<typeof recordPaymentSchema>;

export interface FulfilmentDependencies {
  /** The SQL over many orders: the lists, the CSV, the counts. */
  lists: OrderListRepository;
  /** The stock an order gives back, and the product lists that then change. */
  catalog: Pick<CatalogService, "returnStock" | "forgetLists">;
  settings: SettingsService;
  /** Order e-mails are written in the order's transaction and sent after it, so none is lost or sent for nothing. */
  outbox: MailOutbox;
  /** The shop's address, for the links in e-mails. */
  publicUrl: string;
  /** Staff's actions are in the audit log, written in the action's transaction (docs/decisions/053). */
  audit: AuditRecorder;
  /** Discount codes: a cancelled order gives its code's use back (docs/decisions/057). */
  discounts: Pick<DiscountsService, "release">;
  /** Staff members' names by id, for who made each step of an order's timeline (the accounts module's service). */
  namesOf: (ids: string[]) => Promise<Map<string, string>>;
  /** The order's money behind payment providers: records, state, and the provider's steps (docs/decisions/090). */
  payments: PaymentsService;
  /** The sales reports' daily tables, which follow each order into and out of the sales in its transaction. */
  reports: Pick<ReportsService, "orderMoved">;
  /** The identity provider's answers kept for an order (the identity module's service; docs/decisions/099). */
  identityChecks: (orderId: string) => Promise<IdentityCheck[]>;
  now?: () => Date;
}

/**
 * What the fulfilment module's actions share: its repositories and dependencies, and the steps
 * several actions take (read an order, move its status, give its stock back, ask its payment
 * provider, address its e-mails). Each action (actions/) takes the parts it needs.
 */
export function createOrderCore(
  repository: OrdersRepository,
  { now = () => new Date(), ...dependencies }: FulfilmentDependencies,
) {
  const { catalog, settings, publicUrl, discounts, payments, reports } = dependencies;
  const { db } = repository;

  /** What every order e-mail needs to know of its order. */
  const mailFacts = (
    row: Pick<OrderRow, "email" | "customer_name" | "number" | "total_cents" | "fulfilment">,
    address: Order["shippingAddress"] = addressOf(row as OrderRow),
  ): OrderMailFacts => ({
    to: row.email,
    name: row.customer_name,
    number: row.number,
    url: `${publicUrl}/account/orders/${row.number}`,
    totalCents: row.total_cents,
    pickup: row.fulfilment === "pickup",
    address,
  });

  /** The order as its buyer sees it. */
  async function orderById(id: string, executor: Executor = db): Promise<Order> {
    const row = await repository.findOrder({ id }, executor);
    if (!row) throw new NotFound(`order ${id} not found.`);
    const { unpaidCancelDays } = await settings.get();
    return toOrder(
      row,
      await repository.orderLines(id, executor),
      await repository.orderAdjustments(id, executor),
      await payments.summary(id, executor),
      await repository.orderEvents(id),
      unpaidCancelDays,
    );
  }

  /** One of the buyer's own orders by its number. */
  async function ownOrder(user: User, number: string): Promise<OrderRow> {
    const row = await repository.findOrder({ number: number.toUpperCase(), userId: user.id });
    // Someone else's order is as unknown as one that does not exist, so a guessed number tells nothing.
    if (!row) throw new NotFound(`Order ${number} was not found in your account.`);
    return row;
  }

  /** Any order by its number, for staff. */
  async function staffOrder(number: string): Promise<OrderRow> {
    const row = await repository.findOrder({ number: number.toUpperCase() });
    if (!row) throw new NotFound(`Order ${number} was not found.`);
    return row;
  }

  /** Moves the order's status and has the reports' daily sales follow it in the same transaction; false when it did not move. */
  async function moveStatus(trx: Executor, change: Parameters<OrdersRepository["changeStatus"]>[1]): Promise<boolean> {
    const from = await repository.changeStatus(trx, change);
    if (from === null) return false;
    await reports.orderMoved(trx, change.orderId, from, change.to);
    return true;
  }

  /**
   * The order's pieces back on the shelf, each a stock movement naming the order and who (none:
   * the unpaid-order job); a cancelled order also gives back its discount code's use and lets its
   * payment's hold go (a card's; the manual methods hold nothing).
   */
  async function returnStock(
    trx: Executor,
    order: Pick<OrderRow, "id" | "number" | "total_cents" | "payment_payee" | "payment_method_name">,
    at: string,
    kind: "cancellation" | "refund",
    actor: User | null,
  ): Promise<void> {
    const cause = { kind, order: { id: order.id, number: order.number }, actor: actor && recordedActor(actor) };
    const lines = await repository.orderLines(order.id, trx);
    // Products, then their variants, in the order of their ids, as checkout takes them (docs/decisions/093).
    const inOrder = lines.sort(
      (a, b) => compareIds(a.product_id, b.product_id) || compareIds(a.variant_id, b.variant_id),
    );
    for (const line of inOrder) {
      await catalog.returnStock(trx, line.variant_id, line.quantity * line.pieces_per_unit, at, cause);
    }
    // A cancelled order gives its discount code's use back; a refunded one keeps it (docs/decisions/057).
    if (kind !== "cancellation") return;
    await discounts.release(trx, order.id, at);
    await paymentStep(trx, order, "cancelled", actor);
  }

  /**
   * Money staff say moved (received, or sent back) through the order's payment provider: kept as
   * its record, in the action's transaction; refused in words when the provider refuses it. The
   * request itself is the idempotency key, so the same form sent twice is one record.
   */
  async function moveMoney(
    trx: Executor,
    row: OrderRow,
    operation: "capture" | "refund",
    input: PaymentInput,
    actor: User,
  ): Promise<void> {
    const received = { method: input.method, reference: input.reference || null, receivedOn: input.receivedOn };
    const record = await payments[operation](trx, {
      provider: payments.providerFor(payeeOf(row).kind),
      order: { id: row.id, number: row.number, totalCents: row.total_cents },
      amountCents: input.amountCents,
      idempotencyKey: `${operation}:${createHash("sha256").update(JSON.stringify(input)).digest("hex")}`,
      received,
      method: input.method,
      actorId: actor.id,
    });
    if (record.status !== "succeeded") {
      throw new Conflict(record.message ?? "The payment provider refused it.", { code: "payment_refused" });
    }
  }

  /** The order's provider's step as the order moves (a card's hold captured or let go; nothing for the manual methods). */
  function paymentStep(
    trx: Executor,
    row: Pick<OrderRow, "id" | "number" | "total_cents" | "payment_payee" | "payment_method_name">,
    step: "shipped" | "cancelled",
    actor: User | null,
  ) {
    return payments.atStep(trx, step, {
      provider: payments.providerFor(payeeOf(row).kind),
      order: { id: row.id, number: row.number, totalCents: row.total_cents },
      method: row.payment_method_name,
      actorId: actor?.id ?? null,
    });
  }

  return {
    ...dependencies,
    now,
    db,
    repository,
    mailFacts,
    orderById,
    ownOrder,
    staffOrder,
    moveStatus,
    returnStock,
    moveMoney,
    paymentStep,
  };
}

export type OrderCore = ReturnType<typeof createOrderCore>;

/** A payment or refund as the audit log shows it: the amount in dollars, the method, the reference, the day. */
export function paymentDetails(input: PaymentInput): Record<string, unknown> {
  return {
    amount: formatCents(input.amountCents),
    method: input.method,
    reference: input.reference || null,
    receivedOn: input.receivedOn,
  };
}
