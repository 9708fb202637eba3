// @vitest-environment happy-dom
import type { AdminOrder } from "@shop/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BuyerNote, Destination } from "./document-parts.tsx";

afterEach(cleanup);

const order = (change: Partial<AdminOrder>): AdminOrder =>
  ({
    number: "7K3M-9QX2",
    fulfilment: "ship",
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
