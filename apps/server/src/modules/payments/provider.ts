import type { PaymentRecordKind, PaymentRecordStatus } from "@shop/shared/rules";

/**
 * What a payment provider implements (docs/decisions/090): the manual methods today, a card
 * gateway next. Each call is asked once per idempotency key (the payments service answers a
 * repeated key from the record it kept) and answers in words; a provider never writes to the
 * database, never changes an order, and never sees or returns a card number (hosted fields keep
 * them; the shop handles the gateway's one-time token only).
 */
export interface PaymentProvider {
  /** Kept on each record: "manual". */
  readonly id: string;
  /**
   * When the money is taken: "recorded" (staff record it arriving: the manual methods),
   * "at_placing" (charged when the order is placed) or "at_shipping" (authorized when placed,
   * captured when staff ship it).
   */
  readonly takes: "recorded" | "at_placing" | "at_shipping";
  /**
   * How many days an authorization stays open at the provider (a gateway's holds expire; Authorize.net: 30);
   * none for the manual methods. The hold job settles a hold before then (docs/decisions/100).
   */
  readonly holdDays?: number;
  authorize(request: PaymentRequest): Promise<ProviderAnswer>;
  capture(request: PaymentRequest): Promise<ProviderAnswer>;
  void(request: PaymentRequest): Promise<ProviderAnswer>;
  refund(request: PaymentRequest): Promise<ProviderAnswer>;
  /**
   * The events in a webhook the provider sent about payments that changed outside the shop;
   * throws (refusing the request) when its signature does not hold or it was seen before.
   */
  webhook(request: WebhookRequest): Promise<WebhookEvent[]>;
}

/** What the shop asks of a provider for an order. */
export interface PaymentRequest {
  order: { id: string; number: string; totalCents: number };
  amountCents: number;
  /** The same key is the same call: the provider may be asked again with it after a crash. */
  idempotencyKey: string;
  /** The record this call acts on (the authorization to capture or void, the payment to refund), with its answer as kept; null for none. */
  earlier: { kind: PaymentRecordKind; reference: string | null; raw: Record<string, unknown> } | null;
  /** Money that reached the shop outside it, as staff typed it (the manual methods); null for a gateway. */
  received: { method: string; reference: string | null; receivedOn: string } | null;
  /** A new card payment: the hosted form's one-time token and the buyer's address; absent for steps on an earlier record. */
  card?: CardPayment | null;
}

/** What a gateway needs to charge a card the buyer typed into its hosted form (the shop never sees the number). */
export interface CardPayment {
  token: { descriptor: string; value: string };
  billTo: { firstName: string; lastName: string; address: string; city: string; state: string; zip: string };
}

export interface ProviderAnswer {
  status: PaymentRecordStatus;
  /** The provider's reference for the transaction (a gateway's id, a Zelle confirmation). */
  reference: string | null;
  /** Why it was declined or failed, in words a buyer or staff member can act on; null when it succeeded. */
  message: string | null;
  /** The provider's answer as it came, kept with the record. */
  raw: Record<string, unknown>;
}

export interface WebhookRequest {
  headers: Record<string, string | undefined>;
  /** The body exactly as received: signatures are over its bytes. */
  body: string;
}

/** A payment that changed at the provider: kept as a record like the shop's own calls. */
export interface WebhookEvent {
  /** The order's number, as the provider knows it. */
  orderNumber: string;
  kind: PaymentRecordKind;
  status: PaymentRecordStatus;
  amountCents: number;
  /** How the money moved, in words ("Card"). */
  method: string;
  reference: string;
  /** The provider's id of the event: the record's idempotency key, so a replayed event is kept once. */
  eventId: string;
  raw: Record<string, unknown>;
}
