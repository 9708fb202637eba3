/**
 * An order's payment as its payment records say (docs/decisions/090): the records are calls to a
 * payment provider and their answers; only those that succeeded move money.
 */
export const PAYMENT_RECORD_KINDS = ["authorization", "payment", "void", "refund"] as const;
export type PaymentRecordKind = (typeof PAYMENT_RECORD_KINDS)[number];
export const PAYMENT_RECORD_STATUSES = ["succeeded", "declined", "failed"] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

export const PAYMENT_STATES = ["unpaid", "authorized", "paid", "partly_refunded", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const paymentStateLabels: Record<PaymentState, string> = {
  unpaid: "Unpaid",
  authorized: "Authorized",
  paid: "Paid",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
};

export interface PaymentSummary {
  state: PaymentState;
  /** Money taken (captured or recorded as received). */
  paidCents: number;
  /** Money sent back. */
  refundedCents: number;
  /** Money held by an authorization not yet taken or let go. */
  authorizedCents: number;
}

/**
 * What the records come to. An authorization holds money until a payment takes it or a void lets
 * it go; payments less refunds is what the shop kept. Refunded means everything taken went back.
 */
export function paymentSummary(
  records: readonly { kind: PaymentRecordKind; status: PaymentRecordStatus; amountCents: number }[],
): PaymentSummary {
  const sum = (kind: PaymentRecordKind) =>
    records
      .filter((record) => record.kind === kind && record.status === "succeeded")
      .reduce((total, record) => total + record.amountCents, 0);
  const paidCents = sum("payment");
  const refundedCents = sum("refund");
  const authorizedCents = Math.max(sum("authorization") - paidCents - sum("void"), 0);
  const state: PaymentState =
    refundedCents > 0
      ? refundedCents >= paidCents
        ? "refunded"
        : "partly_refunded"
      : paidCents > 0
        ? "paid"
        : authorizedCents > 0
          ? "authorized"
          : "unpaid";
  return { state, paidCents, refundedCents, authorizedCents };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How close to its expiry a card hold is settled (docs/decisions/100): the hold job runs daily, so
 * a two-day window gives every hold at least two runs before it lapses, and a run missed (a
 * restart, the gateway down for a day) still leaves one.
 */
export const HOLD_SETTLE_WITHIN_DAYS = 2;

/** When a hold taken at `authorizedAt` lapses at a provider whose holds last `holdDays`; null when it holds none. */
export function holdExpiresAt(authorizedAt: string, holdDays: number | null): string | null {
  if (holdDays === null) return null;
  return new Date(Date.parse(authorizedAt) + holdDays * DAY_MS).toISOString();
}

/** Whether a hold lapsing at `expiresAt` is due to be settled at `now` (within the window, or already past). */
export function holdExpiring(expiresAt: string | null, now: Date, withinDays = HOLD_SETTLE_WITHIN_DAYS): boolean {
  return expiresAt !== null && Date.parse(expiresAt) - now.getTime() <= withinDays * DAY_MS;
}

/** Whole days a hold taken at `authorizedAt` has been held at `now`. */
export function holdAgeDays(authorizedAt: string, now: Date): number {
  return Math.max(Math.floor((now.getTime() - Date.parse(authorizedAt)) / DAY_MS), 0);
}
