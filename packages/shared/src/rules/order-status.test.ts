import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../constants/orders.ts";
import { actionRefusal, allowedActions, fulfilmentRefusal, ORDER_ACTIONS, stockStillHeld } from "./order-status.ts";

describe("the order's state machine", () => {
  it("offers shipping to shipped orders and the counter to pickup orders, never both", () => {
    expect(allowedActions("paid", "ship")).toEqual(["start_processing", "ship", "cancel", "refund"]);
    expect(allowedActions("paid", "pickup")).toEqual(["start_processing", "mark_ready", "cancel", "refund"]);
    expect(allowedActions("processing", "pickup")).toEqual(["mark_ready", "cancel", "refund"]);
    expect(allowedActions("ready_for_pickup", "pickup")).toEqual(["hand_over", "cancel", "refund"]);
    expect(allowedActions("picked_up", "pickup")).toEqual(["refund"]);
    expect(allowedActions("shipped", "ship")).toEqual(["deliver", "refund"]);
    for (const status of ORDER_STATUSES) {
      expect(allowedActions(status, "ship")).not.toContain("mark_ready");
      expect(allowedActions(status, "ship")).not.toContain("hand_over");
      expect(allowedActions(status, "pickup")).not.toContain("ship");
      expect(allowedActions(status, "pickup")).not.toContain("deliver");
    }
  });

  it("ends at cancelled and refunded", () => {
    for (const fulfilment of ["ship", "pickup"] as const) {
      expect(allowedActions("cancelled", fulfilment)).toEqual([]);
      expect(allowedActions("refunded", fulfilment)).toEqual([]);
    }
  });

  it("lets cancel return stock exactly where the goods are still in the shop", () => {
    for (const status of ORDER_ACTIONS.cancel.from) expect(stockStillHeld(status)).toBe(true);
    for (const status of ["shipped", "delivered", "picked_up", "cancelled", "refunded"] as const) {
      expect(stockStillHeld(status)).toBe(false);
    }
  });

  it("says why an action is refused in words", () => {
    expect(actionRefusal("7K3M-9QX2", "shipped", "cancel")).toBe(
      "Order 7K3M-9QX2 is shipped: you cannot cancel it now.",
    );
    expect(actionRefusal("7K3M-9QX2", "paid", "hand_over")).toBe(
      "Order 7K3M-9QX2 is paid: you cannot hand it over now.",
    );
    expect(fulfilmentRefusal("7K3M-9QX2", "pickup")).toBe(
      "Order 7K3M-9QX2 is for pickup at the store: it is not shipped.",
    );
  });
});
