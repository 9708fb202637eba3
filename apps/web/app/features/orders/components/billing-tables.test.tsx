// @vitest-environment happy-dom
import type { BillingHold, BillingPayment } from "@shop/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { HoldsTable, PaymentsTable } from "./billing-tables.tsx";
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
