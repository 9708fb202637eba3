import { describe, expect, it } from "vitest";
import {
  HOLD_SETTLE_WITHIN_DAYS,
  holdAgeDays,
  holdExpiresAt,
  holdExpiring,
  type PaymentRecordKind,
  type PaymentRecordStatus,
  paymentSummary,
} from "./payment-state.ts";

const record = (kind: PaymentRecordKind, amountCents: number, status: PaymentRecordStatus = "succeeded") => ({
  kind,
  amountCents,
  status,
});

describe("paymentSummary", () => {
  it("follows the records: unpaid, authorized, paid, partly refunded, refunded", () => {
    expect(paymentSummary([]).state).toBe("unpaid");
    expect(paymentSummary([record("authorization", 4519)])).toEqual({
      state: "authorized",
      paidCents: 0,
      refundedCents: 0,
      authorizedCents: 4519,
    });
    expect(paymentSummary([record("authorization", 4519), record("payment", 4519)]).state).toBe("paid");
    expect(paymentSummary([record("payment", 4519), record("refund", 500)])).toEqual({
      state: "partly_refunded",
      paidCents: 4519,
      refundedCents: 500,
      authorizedCents: 0,
    });
    expect(paymentSummary([record("payment", 4519), record("refund", 500), record("refund", 4019)]).state).toBe(
      "refunded",
    );
  });

  it("counts only what succeeded, and a void lets an authorization go", () => {
    expect(paymentSummary([record("payment", 4519, "declined")]).state).toBe("unpaid");
    expect(paymentSummary([record("authorization", 4519), record("void", 4519)]).state).toBe("unpaid");
    expect(paymentSummary([record("authorization", 4519), record("payment", 4519, "failed")]).state).toBe("authorized");
  });
});

describe("card holds", () => {
  const authorizedAt = "2026-11-01T10:00:00.000Z";

  it("lapse the provider's days after they were taken; a provider that holds nothing gives none", () => {
    expect(holdExpiresAt(authorizedAt, 30)).toBe("2026-12-01T10:00:00.000Z");
    expect(holdExpiresAt(authorizedAt, null)).toBeNull();
  });

  it("are due within two days of lapsing, and after; never when they do not lapse", () => {
    const expiresAt = "2026-12-01T10:00:00.000Z";
    expect(HOLD_SETTLE_WITHIN_DAYS).toBe(2);
    expect(holdExpiring(expiresAt, new Date("2026-11-29T09:59:59.000Z"))).toBe(false);
    expect(holdExpiring(expiresAt, new Date("2026-11-29T10:00:00.000Z"))).toBe(true);
    expect(holdExpiring(expiresAt, new Date("2026-12-03T00:00:00.000Z"))).toBe(true);
    expect(holdExpiring(null, new Date("2030-01-01T00:00:00.000Z"))).toBe(false);
  });

  it("count the whole days held", () => {
    expect(holdAgeDays(authorizedAt, new Date("2026-11-01T12:00:00.000Z"))).toBe(0);
    expect(holdAgeDays(authorizedAt, new Date("2026-11-29T10:00:00.000Z"))).toBe(28);
    expect(holdAgeDays(authorizedAt, new Date("2026-10-01T10:00:00.000Z"))).toBe(0);
  });
});
