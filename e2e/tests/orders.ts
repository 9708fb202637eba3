import type { APIRequestContext } from "@playwright/test";
import type { AdminOrder, Order, Product } from "@shop/shared";
import { verifiedBuyer } from "./accounts.ts";
import { expect } from "./fixtures.ts";
import { type NewProduct, newProduct } from "./products.ts";

export const stockOf = async (request: APIRequestContext, id: string): Promise<number> =>
  ((await (await request.get(`/api/Product/${id}`)).json()) as Product).stock;

/** Places an order through the API as the checkout does, for the buyer signed in on `request`. */
export async function placeOrder(
  request: APIRequestContext,
  origin: string,
  {
    productId,
    quantity = 1,
    paymentMethodId = "zelle",
    buyerNote,
  }: { productId: string; quantity?: number; paymentMethodId?: string; buyerNote?: string },
): Promise<Order> {
  const placed = await request.post("/api/Order", {
    headers: { Origin: origin, "Idempotency-Key": `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: {
      lines: [{ productId, quantity }],
      shippingAddress: { fullName: "Robin Hale", line1: "12 Elm Street", city: "Austin", state: "TX", zip: "78701" },
      paymentMethodId,
      ...(buyerNote ? { buyerNote } : {}),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as Order;
}

/**
 * A new verified buyer, signed in on `request`, who has ordered one piece (by default paid with
 * Zelle) of a new product of the test's own: an ordinary one, or as `product` says (a vape, a
 * brand).
 */
export async function newBuyerWithOrder(
  request: APIRequestContext,
  origin: string,
  {
    prefix,
    product: own,
    quantity,
    paymentMethodId,
    buyerNote,
  }: {
    prefix: string;
    product?: Partial<NewProduct>;
    quantity?: number;
    paymentMethodId?: string;
    buyerNote?: string;
  },
): Promise<{ email: string; product: Product; order: Order }> {
  const product = await newProduct(origin, { name: "Fruit chews", ...own });
  const email = await verifiedBuyer(request, origin, { prefix, signIn: true });
  const order = await placeOrder(request, origin, {
    productId: product.id,
    ...(quantity ? { quantity } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
    ...(buyerNote ? { buyerNote } : {}),
  });
  return { email, product, order };
}

/**
 * Staff (signed in on `request`) record the order's whole total as received, as the order page's
 * "Record payment" does; the answer is the order, now paid.
 */
export async function recordPayment(
  request: APIRequestContext,
  origin: string,
  order: Pick<Order, "number" | "totalCents">,
  payment: { method: string; receivedOn: string; reference?: string },
): Promise<AdminOrder> {
  const paid = await request.post(`/api/admin/orders/${order.number}/payments`, {
    headers: { Origin: origin },
    data: { amountCents: order.totalCents, ...payment },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return (await paid.json()) as AdminOrder;
}
