import type { AdminOrder, Order } from "@shop/shared";
import { dayOf } from "@shop/shared/rules";
import { expect } from "vitest";
import type { App } from "../app-type.ts";
import { SHIPPING_ADDRESS } from "./products.ts";

let keys = 0;

/** A fresh Idempotency-Key, unique in this test process. */
const newOrderKey = () => `test-order-${process.pid}-${++keys}`;

/**
 * A buyer's POST /api/Order, as the checkout sends it: shipped to SHIPPING_ADDRESS and paid by
 * bank transfer unless `order` says otherwise (`shippingAddress: undefined` leaves it out), under
 * a fresh Idempotency-Key unless one is given.
 */
export function postOrder(app: App, cookie: string, order: Record<string, unknown>, key = newOrderKey()) {
  return app.inject({
    method: "POST",
    url: "/api/Order",
    headers: { cookie, "idempotency-key": key },
    payload: { shippingAddress: SHIPPING_ADDRESS, paymentMethodId: "bank-transfer", ...order },
  });
}

/** postOrder that must be placed: the order. */
export async function placeOrder(app: App, cookie: string, order: Record<string, unknown>): Promise<Order> {
  const response = await postOrder(app, cookie, order);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Order;
}

/** A staff action on an order: POST /api/admin/orders/{number}/{action} ("payments", "ship"…). */
export function orderAction(app: App, cookie: string, number: string, action: string, payload: object) {
  return app.inject({ method: "POST", url: `/api/admin/orders/${number}/${action}`, headers: { cookie }, payload });
}

/** Staff record the order's whole total as paid by Zelle today: the order as staff then see it. */
export async function payOrder(app: App, cookie: string, order: Order): Promise<AdminOrder> {
  const response = await orderAction(app, cookie, order.number, "payments", {
    amountCents: order.totalCents,
    method: "Zelle",
    receivedOn: dayOf(new Date()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminOrder;
}
