// @vitest-environment happy-dom
import type { AdminOrder } from "@shop/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PackingSlip } from "./packing-slip.tsx";

afterEach(cleanup);

const STATEMENT = "This package contains hemp extract for adults 21 and older.";

const order = (change: Partial<AdminOrder>): AdminOrder =>
  ({
    number: "7K3M-9QX2",
    fulfilment: "ship",
    createdAt: "2026-11-24T12:00:00.000Z",
    email: "robin@buyer.test",
    customer: { id: "u1", name: "Robin Hale", email: "robin@buyer.test" },
    shippingAddress: {
      fullName: "Robin Hale",
      line1: "12 Elm Street",
      line2: null,
      city: "Austin",
      state: "TX",
      zip: "78701",
      phone: null,
    },
    buyerNote: null,
    lines: [
      {
        productId: "p1",
        unit: "piece",
        name: "Lumora Glow 15K",
        sku: "DSP-1",
        unitPriceCents: 1999,
        quantity: 2,
        piecesPerUnit: 1,
        lineTotalCents: 3998,
      },
    ],
    requirements: [],
    evidence: { age: null, statements: [], lines: [] },
    ...change,
  }) as AdminOrder;

describe("what the rules put on the packing slip (issue 15 item 7)", () => {
  it("flags an order that needs an adult signature, with its other delivery requirements", () => {
    render(<PackingSlip order={order({ requirements: ["adult_signature_21", "no_po_box", "no_usps"] })} />);
    const box = screen.getByRole("region", { name: "Delivery requirements" });
    expect(box.textContent).toContain("Adult signature 21+ required");
    expect(box.textContent).toContain("No PO boxes · Not shipped with USPS");
  });

  it("prints the statements the rules ask for", () => {
    render(<PackingSlip order={order({ evidence: { age: null, statements: [STATEMENT], lines: [] } })} />);
    expect(screen.getByRole("heading", { name: "Required statement" })).toBeTruthy();
    expect(screen.getByText(STATEMENT)).toBeTruthy();
  });

  it("prints neither for an order the rules ask nothing of", () => {
    render(<PackingSlip order={order({})} />);
    expect(screen.queryByRole("region", { name: "Delivery requirements" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Required statement" })).toBeNull();
  });
});
