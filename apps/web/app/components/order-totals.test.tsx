// @vitest-environment happy-dom
import type { Adjustment } from "@shop/shared/rules";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { OrderTotals, TotalsRow } from "./order-totals.tsx";

afterEach(cleanup);

const adjustment = (change: Partial<Adjustment> & Pick<Adjustment, "kind" | "label" | "amountCents">): Adjustment => ({
  line: null,
  excise: null,
  basisCents: null,
  rateBasisPoints: null,
  source: "test",
  ...change,
});

/** $40.00 of goods, 10 off with a code, free shipping on what is left, Nevada's 6.85 % on it. */
const ORDER = {
  subtotalCents: 4000,
  adjustments: [
    adjustment({ kind: "discount", label: "Discount (SPRING10)", amountCents: -400 }),
    adjustment({ kind: "shipping", label: "Shipping", amountCents: 0 }),
    adjustment({ kind: "sales_tax", label: "Sales tax", amountCents: 247, rateBasisPoints: 685 }),
  ],
  totalCents: 3847,
};

/** Each row as the browser tests read it: its term, then the definition beside it. */
function rows(): [string, string][] {
  return [...document.querySelectorAll("dl > div")].map((row) => {
    expect([...row.children].map((child) => child.tagName)).toEqual(["DT", "DD"]);
    return [row.children[0]?.textContent ?? "", row.children[1]?.textContent ?? ""];
  });
}

describe("an order's totals", () => {
  it("shows the subtotal, every adjustment in its order with its amount in words, and the total", () => {
    render(<OrderTotals figures={ORDER} />);
    expect(rows()).toEqual([
      ["Subtotal", "$40.00"],
      ["Discount (SPRING10)", "−$4.00"],
      ["Shipping", "Free"],
      ["Sales tax (6.85%)", "$2.47"],
      ["Total", "$38.47"],
    ]);
  });

  it("names the sales tax's place where the page knows it, and adds rows after the total", () => {
    render(
      <OrderTotals figures={ORDER} taxPlace="Nevada">
        <TotalsRow label="Balance due" strong>
          $38.47
        </TotalsRow>
      </OrderTotals>,
    );
    expect(rows().slice(3)).toEqual([
      ["Sales tax (Nevada, 6.85%)", "$2.47"],
      ["Total", "$38.47"],
      ["Balance due", "$38.47"],
    ]);
  });

  it("holds a place for amounts on their way, says when they cannot be had, and gives a note instead where one is set", () => {
    const open = {
      subtotalCents: 4000,
      adjustments: [
        { kind: "shipping" as const, label: "Shipping", rateBasisPoints: null, amountCents: null },
        {
          kind: "sales_tax" as const,
          label: "Sales tax",
          rateBasisPoints: null,
          amountCents: null,
          note: "Set by the address",
        },
      ],
      totalCents: null,
    };
    const { rerender } = render(<OrderTotals figures={open} pending totalNote="Estimate" />);
    expect(rows()).toEqual([
      ["Subtotal", "$40.00"],
      ["Shipping", ""],
      ["Sales tax", "Set by the address"],
      ["Total Estimate", ""],
    ]);
    expect(document.querySelectorAll("dd [aria-hidden='true']")).toHaveLength(2);
    rerender(<OrderTotals figures={open} />);
    expect(rows().map(([, amount]) => amount)).toEqual(["$40.00", "—", "Set by the address", "—"]);
    expect(screen.queryByText("Estimate")).toBeNull();
  });
});
