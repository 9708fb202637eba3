// @vitest-environment happy-dom
import type { BillingHold, BillingInvoice, BillingOverdue, BillingPayment } from "@shop/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { HoldsTable, InvoicesTable, OverdueTable, PaymentsTable } from "./billing-tables.tsx";
import { BillingTotals } from "./billing-totals.tsx";

afterEach(cleanup);

const NOW = new Date("2026-11-30T12:00:00.000Z");

const hold = (change: Partial<BillingHold>): BillingHold => ({
  id: "hold-1",
  number: "CARD-0001",
  customerName: "Robin Hale",
  email: "robin@shop.test",
  orderStatus: "paid",
  amountCents: 4519,
  method: "Card",
  provider: "authorize-net",
  reference: "60123456789",
  authorizedAt: "2026-11-20T12:00:00.000Z",
  expiresAt: "2026-12-20T12:00:00.000Z",
  refusal: null,
  ...change,
});

const payment = (change: Partial<BillingPayment>): BillingPayment => ({
  id: "pay-1",
  kind: "payment",
  number: "CARD-0002",
  customerName: "Jordan Hale",
  email: "jordan@shop.test",
  amountCents: 2000,
  method: "Card",
  provider: "authorize-net",
  reference: "60987654321",
  receivedOn: "2026-11-29",
  recordedBy: "The payment provider",
  recordedAt: "2026-11-29T10:00:00.000Z",
  ...change,
});

describe("Billing's card holds", () => {
  it("shows each hold's order, provider and reference, how long it is held, when it lapses, and a refusal", () => {
    render(
      <MemoryRouter>
        <HoldsTable
          rows={[
            hold({}),
            hold({
              id: "hold-2",
              number: "CARD-0003",
              orderStatus: "shipped",
              authorizedAt: "2026-11-01T12:00:00.000Z",
              expiresAt: "2026-12-01T12:00:00.000Z",
              refusal: "The authorization has expired.",
            }),
          ]}
          stale={false}
          listSearch=""
          now={NOW}
        />
      </MemoryRouter>,
    );
    const table = screen.getByRole("table", { name: "Card holds waiting for capture" });
    const [fresh, lapsing] = within(table).getAllByRole("row").slice(1);
    expect(fresh?.textContent).toContain("CARD-0001");
    expect(fresh?.textContent).toContain("Card via authorize-net");
    expect(fresh?.textContent).toContain("Ref. 60123456789");
    expect(fresh?.textContent).toContain("Held 10 days");
    expect(fresh?.textContent).toContain("$45.19");
    expect(within(fresh as HTMLElement).queryByRole("note")).toBeNull();
    expect(lapsing?.textContent).toContain("Held 29 days");
    expect(lapsing?.textContent).toContain("Shipped");
    expect(within(lapsing as HTMLElement).getByRole("note").textContent).toBe(
      "Refused: The authorization has expired.",
    );
  });

  it("totals what is held, not yet taken", () => {
    render(<BillingTotals view="holds" totals={{ heldCents: 9038 }} stale={false} />);
    expect(screen.getByRole("region", { name: "Totals of the filtered list" }).textContent).toBe(
      "Held on cards, not yet taken$90.38",
    );
  });
});

describe("Billing's payments", () => {
  it("names a gateway beside the method, and shows a released hold as no money", () => {
    render(
      <MemoryRouter>
        <PaymentsTable
          rows={[payment({}), payment({ id: "pay-2", kind: "void" }), payment({ id: "pay-3", provider: "manual" })]}
          stale={false}
          listSearch=""
        />
      </MemoryRouter>,
    );
    const [captured, released, manual] = screen.getAllByRole("row").slice(1);
    expect(captured?.textContent).toContain("Card via authorize-net");
    expect(captured?.textContent).toContain("Payment");
    expect(released?.textContent).toContain("Hold released");
    expect(within(released as HTMLElement).getByText("$20.00").className).toContain("line-through");
    expect(manual?.textContent).not.toContain("via manual");
  });
});

const invoice = (change: Partial<BillingInvoice>): BillingInvoice => ({
  number: "TERM-0001",
  customerName: "Sam Shop",
  email: "sam@shop.test",
  totalCents: 120_000,
  paidCents: 0,
  refundedCents: 0,
  method: "Pay on terms (net 30)",
  status: "unpaid",
  orderStatus: "processing",
  orderedAt: "2026-11-01T12:00:00.000Z",
  paidOn: null,
  dueOn: "2026-12-01",
  ...change,
});

describe("Billing's invoices on terms (docs/decisions/102)", () => {
  it("read Due <day> until the due day, Overdue after it with money owed, and Paid once paid in full", () => {
    render(
      <MemoryRouter>
        <InvoicesTable
          now={NOW}
          listSearch=""
          stale={false}
          rows={[
            invoice({}),
            invoice({ number: "TERM-0002", dueOn: "2026-11-20", paidCents: 50_000, status: "paid" }),
            invoice({ number: "TERM-0003", dueOn: "2026-11-20", paidCents: 120_000, status: "paid" }),
            invoice({ number: "RETL-0004", dueOn: null, method: "Zelle" }),
          ]}
        />
      </MemoryRouter>,
    );
    const row = (number: string) => within(document.querySelector(`[data-invoice="${number}"]`) as HTMLElement);
    expect(row("TERM-0001").getAllByText("Due 2026-12-01").length).toBeGreaterThan(0);
    expect(row("TERM-0002").getAllByText("Overdue").length).toBeGreaterThan(0);
    expect(row("TERM-0003").queryByText("Overdue")).toBeNull();
    expect(row("TERM-0003").getAllByText("Paid").length).toBeGreaterThan(0);
    expect(row("RETL-0004").getAllByText("Unpaid").length).toBeGreaterThan(0);
  });

  it("list the overdue invoices with the business, the due day, how late and the balance, and total the balance", () => {
    const overdue: BillingOverdue = {
      number: "TERM-0002",
      businessName: "Corner Smoke Shop LLC",
      customerName: "Sam Shop",
      email: "sam@shop.test",
      orderStatus: "shipped",
      totalCents: 120_000,
      paidCents: 50_000,
      balanceCents: 70_000,
      orderedAt: "2026-10-21T12:00:00.000Z",
      dueOn: "2026-11-20",
      daysOverdue: 10,
    };
    render(
      <MemoryRouter>
        <OverdueTable rows={[overdue]} listSearch="" stale={false} />
        <BillingTotals view="overdue" totals={{ balanceCents: 70_000 }} stale={false} />
      </MemoryRouter>,
    );
    const row = within(screen.getByRole("table", { name: "Overdue invoices on terms" }));
    expect(row.getAllByText("Corner Smoke Shop LLC").length).toBeGreaterThan(0);
    expect(row.getAllByText("10 days overdue").length).toBeGreaterThan(0);
    expect(row.getByText("$700.00")).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "Totals of the filtered list" })).getByText("$700.00"),
    ).toBeTruthy();
  });
});
