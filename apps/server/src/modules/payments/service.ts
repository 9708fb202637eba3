import type { PaymentKind } from "@shop/shared";
import { holdExpiresAt, type PaymentRecordKind, type PaymentSummary, paymentSummary } from "@shop/shared/rules";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { manualProvider } from "./manual-provider.ts";
import type { CardPayment, PaymentProvider, PaymentRequest, ProviderAnswer, WebhookRequest } from "./provider.ts";
import type { PaymentAttemptRow, PaymentRecordRow, PaymentsRepository } from "./repository.ts";

/** A provider's call and the record kind its answer is kept as. */
const OPERATIONS = {
  authorize: "authorization",
  capture: "payment",
  void: "void",
  refund: "refund",
} as const satisfies Record<string, PaymentRecordKind>;
type PaymentOperation = keyof typeof OPERATIONS;

/** A payment record as the fulfilment module and the API read it. */
export interface PaymentRecord {
  id: string;
  kind: PaymentRecordKind;
  status: PaymentRecordRow["status"];
  provider: string;
  amountCents: number;
  method: string;
  reference: string | null;
  receivedOn: string;
  /** Why it was declined or failed, as the provider said; null when it succeeded. */
  message: string | null;
  actorId: string | null;
  createdAt: string;
}

/** What the fulfilment module asks for: one call for an order, by whom (null: the shop itself). */
export interface PaymentCall extends Omit<PaymentRequest, "earlier"> {
  provider: PaymentProvider;
  actorId: string | null;
  /** How the money moved, in words, for the records and Billing: the payment method's name. */
  method: string;
}

function toRecord(row: PaymentRecordRow): PaymentRecord {
  const raw = row.raw === null ? {} : (JSON.parse(row.raw) as { message?: string });
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    provider: row.provider,
    amountCents: row.amount_cents,
    method: row.method,
    reference: row.reference,
    receivedOn: row.received_on,
    message: row.status === "succeeded" ? null : (raw.message ?? null),
    actorId: row.actor_id,
    createdAt: row.created_at,
  };
}

/** A gateway's answer asked for while placing an order, before its transaction. */
export interface PaymentAttempt {
  id: string;
  orderId: string;
  orderNumber: string;
  operation: "authorize" | "capture";
  status: PaymentRecordRow["status"];
  amountCents: number;
  reference: string | null;
  /** Why it was declined or failed, in the buyer's words; null when it succeeded. */
  message: string | null;
  raw: Record<string, unknown>;
  releasedAt: string | null;
}

/** What checkout asks of a gateway before it writes the order. */
export interface ChargeAhead {
  provider: PaymentProvider;
  userId: string;
  /** The checkout's idempotency key and the card token, hashed. */
  attemptKey: string;
  /** The id and number the order will take, and its total. */
  order: PaymentRequest["order"];
  operation: "authorize" | "capture";
  card: CardPayment | null;
}

function toAttempt(row: PaymentAttemptRow): PaymentAttempt {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    operation: row.operation,
    status: row.status,
    amountCents: row.amount_cents,
    reference: row.reference,
    message: row.message,
    raw: JSON.parse(row.raw) as Record<string, unknown>,
    releasedAt: row.released_at,
  };
}

/** A card hold not yet captured or let go, and when its provider lets it lapse. */
export interface OpenHold {
  /** The authorization's record. */
  id: string;
  orderId: string;
  provider: string;
  amountCents: number;
  method: string;
  reference: string | null;
  authorizedAt: string;
  /** Null when the provider is not configured on this shop any more, or holds nothing. */
  expiresAt: string | null;
}

/** Providers by the payment method kinds they serve; the manual one serves the rest. */
export type PaymentProviders = Partial<Record<PaymentKind, PaymentProvider>>;

interface Dependencies {
  providers?: PaymentProviders;
  now?: () => Date;
}

/**
 * An order's money behind payment providers (docs/decisions/090): each call to a provider is
 * kept as a payment record, in the caller's transaction, and an order's payment state is what its
 * records say. The fulfilment module decides when to call (placing, shipping, cancelling, staff's
 * actions); a provider decides nothing about orders.
 */
export function createPaymentsService(
  repository: PaymentsRepository,
  { providers = {}, now = () => new Date() }: Dependencies = {},
) {
  const { db } = repository;

  /**
   * Asks the provider once per idempotency key and keeps its answer: the same key answers the
   * record kept, without asking again. Declines and failures are kept too (they are the attempt).
   */
  async function call(
    trx: Executor,
    operation: PaymentOperation,
    request: PaymentCall,
    answered?: ProviderAnswer,
  ): Promise<PaymentRecord> {
    const kept = await repository.byKey(trx, request.order.id, request.idempotencyKey);
    if (kept) return toRecord(kept);
    const answer =
      answered ??
      (await request.provider[operation]({ ...request, earlier: await earlierOf(trx, operation, request.order.id) }));
    const at = now();
    const row: PaymentRecordRow = {
      id: newId(),
      order_id: request.order.id,
      kind: OPERATIONS[operation],
      status: answer.status,
      provider: request.provider.id,
      amount_cents: request.amountCents,
      method: request.method,
      reference: answer.reference,
      received_on: request.received?.receivedOn ?? at.toISOString().slice(0, 10),
      actor_id: request.actorId,
      raw: JSON.stringify(answer.message ? { ...answer.raw, message: answer.message } : answer.raw),
      idempotency_key: request.idempotencyKey,
      created_at: at.toISOString(),
    };
    await repository.insert(trx, row);
    return toRecord(row);
  }

  /** The record a capture, void or refund acts on: the last authorization, or the last payment for a refund. */
  async function earlierOf(trx: Executor, operation: PaymentOperation, orderId: string) {
    if (operation === "authorize") return null;
    const wanted: PaymentRecordKind = operation === "refund" ? "payment" : "authorization";
    const found = (await repository.records(orderId, trx))
      .filter((row) => row.kind === wanted && row.status === "succeeded")
      .at(-1);
    return found
      ? { kind: found.kind, reference: found.reference, raw: JSON.parse(found.raw ?? "{}") as Record<string, unknown> }
      : null;
  }

  const byId = new Map([manualProvider, ...Object.values(providers)].map((provider) => [provider.id, provider]));

  /** How long a provider's holds last, by its id as records keep it; null when unknown or it holds nothing. */
  const holdDaysOf = (providerId: string): number | null => byId.get(providerId)?.holdDays ?? null;

  return {
    holdDaysOf,

    /** A provider by its id, as records keep it (null: none configured on this shop by that id). */
    providerById: (id: string): PaymentProvider | null => byId.get(id) ?? null,

    /** Holds still open, oldest first, with when each lapses (the hold job's work; docs/decisions/100). */
    async openHolds(limit = 500): Promise<OpenHold[]> {
      return (await repository.openAuthorizations(limit)).map((row) => ({
        id: row.id,
        orderId: row.order_id,
        provider: row.provider,
        amountCents: row.amount_cents,
        method: row.method,
        reference: row.reference,
        authorizedAt: row.created_at,
        expiresAt: holdExpiresAt(row.created_at, holdDaysOf(row.provider)),
      }));
    },

    /** The provider that serves a payment method's kind (null: an order placed before kinds were kept). */
    providerFor(kind: PaymentKind | null): PaymentProvider {
      return (kind && providers[kind]) ?? manualProvider;
    },

    authorize: (trx: Executor, request: PaymentCall) => call(trx, "authorize", request),
    capture: (trx: Executor, request: PaymentCall) => call(trx, "capture", request),
    void: (trx: Executor, request: PaymentCall) => call(trx, "void", request),
    refund: (trx: Executor, request: PaymentCall) => call(trx, "refund", request),

    /**
     * What the order's provider does as the order ships or is cancelled: a gateway captures the
     * hold it took at placing when the order ships, and lets a cancelled order's hold go. The
     * manual methods do nothing here: staff record their money. One call per order and step (its
     * idempotency key).
     */
    async atStep(
      trx: Executor,
      step: "shipped" | "cancelled",
      request: Omit<PaymentCall, "idempotencyKey" | "amountCents" | "received">,
    ): Promise<PaymentRecord | null> {
      const { provider, order } = request;
      if (provider.takes === "recorded") return null;
      const { authorizedCents } = paymentSummary((await repository.records(order.id, trx)).map(toRecord));
      if (authorizedCents === 0) return null;
      const idempotencyKey = `${step}:${order.id}`;
      const operation = step === "shipped" ? "capture" : "void";
      return call(trx, operation, { ...request, idempotencyKey, amountCents: authorizedCents, received: null });
    },

    /**
     * A gateway's charge for an order about to be placed, asked before the order's transaction so
     * that no network wait holds the database (docs/decisions/101), and kept as an attempt at once:
     * a refused checkout leaves that and nothing else. One call per attempt key (the checkout's
     * key and the card token): the same request again answers the attempt kept, with the order id
     * and number it reserved.
     */
    async chargeAhead(request: ChargeAhead): Promise<PaymentAttempt> {
      const kept = await repository.attemptByKey(request.attemptKey);
      if (kept) return toAttempt(kept);
      const answer = await request.provider[request.operation]({
        order: request.order,
        amountCents: request.order.totalCents,
        idempotencyKey: `placed:${request.order.id}`,
        earlier: null,
        received: null,
        card: request.card,
      });
      const row: PaymentAttemptRow = {
        id: newId(),
        user_id: request.userId,
        attempt_key: request.attemptKey,
        order_id: request.order.id,
        order_number: request.order.number,
        provider: request.provider.id,
        operation: request.operation,
        status: answer.status,
        amount_cents: request.order.totalCents,
        reference: answer.reference,
        message: answer.message,
        raw: JSON.stringify(answer.raw),
        released_at: null,
        created_at: now().toISOString(),
      };
      await repository.insertAttempt(row);
      return toAttempt(row);
    },

    /** An approved attempt's order was not written (out of stock, a rule, a changed total): the hold is let go. */
    async releaseAhead(provider: PaymentProvider, attempt: PaymentAttempt): Promise<void> {
      if (attempt.status !== "succeeded" || attempt.releasedAt) return;
      const request: PaymentRequest = {
        order: { id: attempt.orderId, number: attempt.orderNumber, totalCents: attempt.amountCents },
        amountCents: attempt.amountCents,
        idempotencyKey: `released:${attempt.orderId}`,
        earlier: { kind: OPERATIONS[attempt.operation], reference: attempt.reference, raw: attempt.raw },
        received: null,
      };
      // A capture taken at placing goes back as a void too: it has not settled yet.
      const answer = await provider.void(request);
      if (answer.status === "succeeded") await repository.releaseAttempt(attempt.id, now().toISOString());
    },

    /** The approved attempt kept as the placed order's first record, in the order's transaction. */
    keepAhead(trx: Executor, attempt: PaymentAttempt, request: Pick<PaymentCall, "provider" | "method" | "actorId">) {
      return call(
        trx,
        attempt.operation,
        {
          ...request,
          order: { id: attempt.orderId, number: attempt.orderNumber, totalCents: attempt.amountCents },
          amountCents: attempt.amountCents,
          idempotencyKey: `placed:${attempt.orderId}`,
          received: null,
        },
        { status: attempt.status, reference: attempt.reference, message: attempt.message, raw: attempt.raw },
      );
    },

    /** An order's records, oldest first. */
    async records(orderId: string, executor: Executor = db): Promise<PaymentRecord[]> {
      return (await repository.records(orderId, executor)).map(toRecord);
    },

    /** What an order's records come to: its payment state and money. */
    async summary(orderId: string, executor: Executor = db): Promise<PaymentSummary> {
      return paymentSummary((await repository.records(orderId, executor)).map(toRecord));
    },

    /**
     * A provider's webhook: each event it vouches for kept as a record, once (its event id is the
     * record's idempotency key); how many were new.
     */
    async webhook(provider: PaymentProvider, request: WebhookRequest): Promise<number> {
      const events = await provider.webhook(request);
      let kept = 0;
      await db.transaction().execute(async (trx) => {
        for (const event of events) {
          const orderId = await repository.orderIdOf(trx, event.orderNumber);
          // Not one of this shop's orders (a payment taken at the gateway by hand): nothing to keep.
          if (!orderId) continue;
          if (await repository.byKey(trx, orderId, event.eventId)) continue;
          // The gateway tells of the shop's own calls too: those are kept already.
          if (await repository.byReference(trx, orderId, event.kind, event.reference)) continue;
          const at = now().toISOString();
          await repository.insert(trx, {
            id: newId(),
            order_id: orderId,
            kind: event.kind,
            status: event.status,
            provider: provider.id,
            amount_cents: event.amountCents,
            method: event.method,
            reference: event.reference,
            received_on: at.slice(0, 10),
            actor_id: null,
            raw: JSON.stringify(event.raw),
            idempotency_key: event.eventId,
            created_at: at,
          });
          kept += 1;
        }
      });
      return kept;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
