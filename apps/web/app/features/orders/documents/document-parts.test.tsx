// @vitest-environment happy-dom
import type { AdminOrder } from "@shop/shared";
import { TEST_SHIPPING_ADDRESS } from "@shop/shared/test-fixtures";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BuyerNote, Destination } from "./document-parts.tsx";
import { PackingSlip } from "./packing-slip.tsx";

afterEach(cleanup);

const STATEMENT = "This package contains hemp extract for adults 21 and older.";

const order = (change: Partial<AdminOrder>): AdminOrder =>
  ({
    number: "7K3M-9QX2",
    fulfilment: "ship",
    customer: { id: "u1", name: "Robin Hale", email: "robin@buyer.test" },
    shippingAddress: TEST_SHIPPING_ADDRESS,
    buyerNote: null,
    createdAt: "2026-11-24T12:00:00.000Z",
    email: "robin@buyer.test",
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
    requirements: [],
    adjustments: [],
    evidence: { age: null, statements: [], lines: [] },
    ...change,
  }) as AdminOrder;

describe("where a printed order goes", () => {
  it("is the buyer's address for an order that ships", () => {
    render(<Destination order={order({})} />);
    expect(screen.getByRole("heading", { name: "Ship to" })).toBeTruthy();
    expect(screen.getByText(/12 Elm Street/)).toBeTruthy();
  });
  it("is the store, and who collects it, for a pickup", () => {
    const store = { fullName: "Smoke & Leaf", line1: "400 Fremont Street", city: "Las Vegas", state: "NV" as const };
    render(
      <Destination
        order={order({ fulfilment: "pickup", shippingAddress: { ...order({}).shippingAddress, ...store } })}
      />,
    );
    expect(screen.getByRole("heading", { name: "Pickup in store" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Ship to" })).toBeNull();
    expect(screen.getByText("Robin Hale collects it at:")).toBeTruthy();
    expect(screen.getByText(/400 Fremont Street/)).toBeTruthy();
  });
});

describe("the buyer's note on a printed order", () => {
  it("is shown when the buyer wrote one, and left out when not", () => {
    const { container } = render(<BuyerNote order={order({})} />);
    expect(container.textContent).toBe("");
    render(<BuyerNote order={order({ buyerNote: "Ring twice, please." })} />);
    expect(screen.getByRole("heading", { name: "Note from the buyer" })).toBeTruthy();
    expect(screen.getByText("Ring twice, please.")).toBeTruthy();
  });
});

describe("what the rules put on the packing slip", () => {
  it("flags an order that needs an adult signature, with its other delivery requirements", () => {
    render(<PackingSlip order={order({ requirements: ["adult_signature_21", "no_po_box", "no_usps"] })} />);
    const box = screen.getByRole("region", { name: "Delivery requirements" });
    expect(box.textContent).toContain("Adult signature 21+ required");
    expect(box.textContent).toContain("No PO boxes · Not shipped with USPS");
  });

  it("prints the statements the rules ask for", () => {
    render(
      <PackingSlip
        order={order({ evidence: { age: null, identityChecks: [], statements: [STATEMENT], lines: [] } })}
      />,
    );
    expect(screen.getByRole("heading", { name: "Required statement" })).toBeTruthy();
    expect(screen.getByText(STATEMENT)).toBeTruthy();
  });

  it("prints neither for an order the rules ask nothing of, nor any excise", () => {
    render(<PackingSlip order={order({})} />);
    expect(screen.queryByRole("region", { name: "Delivery requirements" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Required statement" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Excise tax collected" })).toBeNull();
  });

  it("lists the excise collected, though it prints no prices", () => {
    const excise = {
      kind: "excise" as const,
      line: 0,
      label: "Ohio vapor products tax: 18 ml × $0.10 × 2",
      amountCents: 360,
      basisCents: null,
      rateBasisPoints: null,
      source: "tax_rule:t1",
      excise: null,
    };
    const shipping = { ...excise, kind: "shipping" as const, line: null, label: "Shipping", amountCents: 1000 };
    render(<PackingSlip order={order({ adjustments: [shipping, excise] })} />);
    expect(screen.getByRole("heading", { name: "Excise tax collected" })).toBeTruthy();
    const rows = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(rows).toEqual(["Ohio vapor products tax: 18 ml × $0.10 × 2$3.60"]);
  });
});
