import { describe, expect, it } from "vitest";
import { type PaymentRecordKind, type PaymentRecordStatus, paymentSummary } from "./payment-state.ts";

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
