import type { AdminOrder } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { invoiceFigures } from "./invoice-figures.ts";

const payment = (kind: "payment" | "refund", amountCents: number): AdminOrder["payments"][number] => ({
  kind,
  status: "succeeded",
  provider: "manual",
  amountCents,
  method: "Zelle",
  reference: null,
  receivedOn: "2026-11-24",
  createdAt: "2026-11-24T10:00:00.000Z",
});

describe("invoiceFigures", () => {
  it("owes the whole total while nothing is received", () => {
    expect(invoiceFigures({ status: "awaiting_payment", totalCents: 4599, payments: [] })).toEqual({
      receivedCents: 0,
      refundedCents: 0,
      netPaidCents: 0,
      balanceDueCents: 4599,
      status: "Unpaid",
    });
  });
  it("owes nothing once the total is received, whatever happens to the order next", () => {
    for (const status of ["paid", "shipped", "cancelled"] as const) {
      const figures = invoiceFigures({ status, totalCents: 4599, payments: [payment("payment", 4599)] });
      expect(figures, status).toMatchObject({ receivedCents: 4599, balanceDueCents: 0, status: "Paid" });
    }
  });
  it("is void for an order cancelled before it was paid", () => {
    expect(invoiceFigures({ status: "cancelled", totalCents: 4599, payments: [] })).toMatchObject({
      balanceDueCents: 0,
      status: "Cancelled",
    });
  });
  it("counts what was sent back, and owes nothing after a refund", () => {
    const refunded = invoiceFigures({
      status: "refunded",
      totalCents: 4599,
      payments: [payment("payment", 4599), payment("refund", 2000)],
    });
    expect(refunded).toEqual({
      receivedCents: 4599,
      refundedCents: 2000,
      netPaidCents: 2599,
      balanceDueCents: 0,
      status: "Refunded",
    });
  });

  it("an order on terms paid in part is partly paid with the rest due; in full, paid (docs/decisions/102)", () => {
    const onTerms = { status: "shipped" as const, totalCents: 120_000, payment: { dueOn: "2026-12-30" } };
    expect(invoiceFigures({ ...onTerms, payments: [] })).toMatchObject({ status: "Unpaid", balanceDueCents: 120_000 });
    expect(invoiceFigures({ ...onTerms, payments: [payment("payment", 50_000)] })).toMatchObject({
      status: "Partly paid",
      receivedCents: 50_000,
      balanceDueCents: 70_000,
    });
    expect(
      invoiceFigures({ ...onTerms, payments: [payment("payment", 50_000), payment("payment", 70_000)] }),
    ).toMatchObject({ status: "Paid", balanceDueCents: 0 });
  });
});
