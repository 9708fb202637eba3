// @vitest-environment happy-dom
import type { AdminOrder } from "@shop/shared";
import {
  adjustmentAmountText,
  DEFAULT_SHIPPING_RULES,
  formatCents,
  type PriceContext,
  price,
} from "@shop/shared/rules";
import { TEST_SHIPPING_ADDRESS } from "@shop/shared/test-fixtures";
import { cleanup, render, screen } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { Invoice } from "./invoice.tsx";

afterEach(cleanup);

const money = (kind: "payment" | "refund", amountCents: number): AdminOrder["payments"][number] => ({
  kind,
  status: "succeeded",
  provider: "manual",
  amountCents,
  method: "Zelle",
  reference: null,
  receivedOn: "2026-11-24",
  createdAt: `2026-11-24T1${kind === "payment" ? 0 : 1}:00:00.000Z`,
});

/** An order of $40.00 (two lines of $19.99 less nothing, $0.02 tax) with what was paid and sent back. */
const order = (status: AdminOrder["status"], payments: AdminOrder["payments"]): AdminOrder =>
  ({
    number: "7K3M-9QX2",
    status,
    fulfilment: "ship",
    customer: { id: "u1", name: "Robin Hale", email: "robin@buyer.test" },
    shippingAddress: TEST_SHIPPING_ADDRESS,
    buyerNote: null,
    createdAt: "2026-11-24T12:00:00.000Z",
    email: "robin@buyer.test",
    payment: { methodId: "zelle", name: "Zelle", instructions: "", kind: null, payee: null, payBy: "2026-12-01" },
    lines: [
      {
        productId: "p1",
        variantId: "p1",
        options: [],
        unit: "piece",
        name: "Lumora Glow 15K",
        sku: "DSP-1",
        unitPriceCents: 1999,
        quantity: 2,
        piecesPerUnit: 1,
        lineTotalCents: 3998,
      },
    ],
    subtotalCents: 3998,
    discountCents: 0,
    discountCode: null,
    shippingCents: 0,
    taxCents: 2,
    taxBasisPoints: 5,
    totalCents: 4000,
    adjustments: [
      {
        kind: "shipping",
        line: null,
        label: "Shipping",
        amountCents: 0,
        basisCents: 3998,
        rateBasisPoints: null,
        source: "setting:shipping",
      },
      {
        kind: "sales_tax",
        line: null,
        label: "Sales tax",
        amountCents: 2,
        basisCents: 3998,
        rateBasisPoints: 5,
        source: "setting:salesTaxBasisPoints.TX",
      },
    ],
    payments,
    requirements: [],
    evidence: { age: null, statements: [], lines: [] },
  }) as unknown as AdminOrder;

/** The totals' lines as printed: label and amount, top to bottom. */
function totals(): [string, string][] {
  const rows = screen.getByText("Total").closest("dl")?.querySelectorAll("div") ?? [];
  return [...rows].map((row) => [
    row.querySelector("dt")?.textContent ?? "",
    row.querySelector("dd")?.textContent ?? "",
  ]);
}

describe("the invoice of a refunded order", () => {
  it("shows a partial refund and a net-paid line that adds up", () => {
    render(<Invoice order={order("refunded", [money("payment", 4000), money("refund", 1500)])} />);
    expect(totals().slice(-4)).toEqual([
      ["Total", "$40.00"],
      ["Payments received", "$40.00"],
      ["Refunded", "−$15.00"],
      ["Net paid", "$25.00"],
    ]);
    expect(screen.queryByText("Balance due")).toBeNull();
    expect(screen.getByText("$15.00 of it was sent back to the buyer: nothing is due.")).toBeTruthy();
  });

  it("shows a whole refund netting to nothing", () => {
    render(<Invoice order={order("refunded", [money("payment", 4000), money("refund", 4000)])} />);
    expect(totals().slice(-3)).toEqual([
      ["Payments received", "$40.00"],
      ["Refunded", "−$40.00"],
      ["Net paid", "$0.00"],
    ]);
  });

  it("keeps the balance due of an order nothing was sent back on", () => {
    render(<Invoice order={order("paid", [money("payment", 4000)])} />);
    expect(totals().slice(-3)).toEqual([
      ["Total", "$40.00"],
      ["Payments received", "−$40.00"],
      ["Balance due", "$0.00"],
    ]);
    expect(screen.queryByText("Net paid")).toBeNull();
  });
});

const pricedLines = fc.array(
  fc.record({
    productId: fc.constantFrom("p1", "p2"),
    variantId: fc.constant("v"),
    options: fc.constant<{ name: string; value: string }[]>([]),
    categoryId: fc.constant("c1"),
    unitPriceCents: fc.integer({ min: 1, max: 40_000 }),
    quantity: fc.integer({ min: 1, max: 9 }),
  }),
  { minLength: 1, maxLength: 4 },
);
const pricing: fc.Arbitrary<PriceContext> = fc.record({
  excise: fc.constant(null),
  fulfilment: fc.constantFrom("ship" as const, "pickup" as const),
  shipping: fc.constant(DEFAULT_SHIPPING_RULES),
  salesTax: fc.record({ state: fc.constant("NV"), basisPoints: fc.integer({ min: 0, max: 1200 }) }),
  discount: fc.option(
    fc.record({
      code: fc.constant("SAVE"),
      terms: fc.record({
        kind: fc.constantFrom("percent" as const, "fixed" as const),
        value: fc.integer({ min: 1, max: 100 }),
        productIds: fc.subarray(["p1"]),
        categoryIds: fc.constant([]),
      }),
    }),
  ),
});

describe("the invoice, for any priced order", () => {
  it("prints the subtotal, every adjustment and the total exactly as price() made them", () => {
    fc.assert(
      fc.property(pricedLines, pricing, (items, context) => {
        const { lines, adjustments, totals: figures } = price(items, context);
        const priced = {
          ...order("awaiting_payment", []),
          lines: lines.map((line, index) => ({
            ...line,
            unit: "piece" as const,
            name: `Line ${index}`,
            sku: `SKU-${index}`,
            piecesPerUnit: 1,
          })),
          ...figures,
          adjustments,
        } as AdminOrder;
        render(<Invoice order={priced} />);
        const printed = totals();
        cleanup();
        expect(printed.slice(0, adjustments.length + 2)).toEqual([
          ["Subtotal", formatCents(figures.subtotalCents)],
          ...adjustments.map((adjustment) => [
            expect.stringMatching(new RegExp(`^${adjustment.label.replace(/[()]/g, "\\$&")}`)),
            adjustmentAmountText(adjustment),
          ]),
          ["Total", formatCents(figures.totalCents)],
        ]);
      }),
      { numRuns: 40 },
    );
  });
});
