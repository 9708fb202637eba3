import type { PaymentKind } from "@shop/shared";
import { type PaymentRecordKind, type PaymentSummary, paymentSummary } from "@shop/shared/rules";
import type { Executor } from "../../db/database.ts";
import { newId } from "../../lib/ids.ts";
import { manualProvider } from "./manual-provider.ts";
import type { PaymentProvider, PaymentRequest, WebhookRequest } from "./provider.ts";
import type { PaymentRecordRow, PaymentsRepository } from "./repository.ts";

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
  async function call(trx: Executor, operation: PaymentOperation, request: PaymentCall): Promise<PaymentRecord> {
    const kept = await repository.byKey(trx, request.order.id, request.idempotencyKey);
    if (kept) return toRecord(kept);
    const earlier = await earlierOf(trx, operation, request.order.id);
    const answer = await request.provider[operation]({ ...request, earlier });
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
    return found ? { kind: found.kind, reference: found.reference } : null;
  }

  return {
    /** The provider that serves a payment method's kind (null: an order placed before kinds were kept). */
    providerFor(kind: PaymentKind | null): PaymentProvider {
      return (kind && providers[kind]) ?? manualProvider;
    },

    authorize: (trx: Executor, request: PaymentCall) => call(trx, "authorize", request),
    capture: (trx: Executor, request: PaymentCall) => call(trx, "capture", request),
    void: (trx: Executor, request: PaymentCall) => call(trx, "void", request),
    refund: (trx: Executor, request: PaymentCall) => call(trx, "refund", request),

    /**
     * What the order's provider does as the order moves: a gateway that charges at placing
     * captures then, one that captures at shipping authorizes at placing and captures what it
     * holds when the order ships, and a cancelled order's hold is let go. The manual methods do
     * nothing here: staff record their money. One call per order and step (its idempotency key).
     */
    async atStep(
      trx: Executor,
      step: "placed" | "shipped" | "cancelled",
      request: Omit<PaymentCall, "idempotencyKey" | "amountCents" | "received">,
    ): Promise<PaymentRecord | null> {
      const { provider, order } = request;
      if (provider.takes === "recorded") return null;
      const idempotencyKey = `${step}:${order.id}`;
      if (step === "placed") {
        const operation = provider.takes === "at_placing" ? "capture" : "authorize";
        return call(trx, operation, { ...request, idempotencyKey, amountCents: order.totalCents, received: null });
      }
      const { authorizedCents } = paymentSummary((await repository.records(order.id, trx)).map(toRecord));
      if (authorizedCents === 0) return null;
      const operation = step === "shipped" ? "capture" : "void";
      return call(trx, operation, { ...request, idempotencyKey, amountCents: authorizedCents, received: null });
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
          if (await repository.byKey(trx, event.orderId, event.eventId)) continue;
          const at = now().toISOString();
          await repository.insert(trx, {
            id: newId(),
            order_id: event.orderId,
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
