import type { APIRequestContext, TestInfo } from "@playwright/test";
import type { AdminOrder, Order, Product, ProductList } from "@shop/shared";
import { verifiedBuyer } from "./accounts.ts";
import { expect } from "./fixtures.ts";

/**
 * A demo product sold by the piece that ships and has stock, and that no rule keeps from an
 * ordinary order: not hemp (the federal hemp limit bans the demo's THCA flower and THCA vape
 * everywhere, docs/decisions/047) and not a vape or vape part (the PACT Act's rules refuse USPS
 * and PO boxes for them, docs/decisions/045; delivery-requirements.spec.ts covers those). Specs
 * that count stock take their own (`at`: an index into the list, negative from its end), so they
 * never share one. Taken: 0–1 staff shipping, 2–3 the order flow, 4–5 staff cancelling, 6–7
 * staff refunding, 8–9 Billing, 10–11 an order's notes and printed documents, 12–13 e-mail
 * templates, 14–15 discounts, 16–17 daily order work, −1 and −2 My Orders, −3 and −4 payee details.
 */
export async function productToOrder(request: APIRequestContext, at: number): Promise<Product> {
  const list = (await (await request.get("/api/Product?inStock=true&limit=100")).json()) as ProductList;
  const sellable: Product[] = [];
  for (const summary of list.items) {
    const ruled = summary.regulatoryClasses.some(
      (name) => name.startsWith("HEMP_") || name === "ENDS" || name === "ENDS_ACCESSORY",
    );
    if (ruled) continue;
    const product = (await (await request.get(`/api/Product/${summary.id}`)).json()) as Product;
    if (product.deliveryAvailable && product.sellingPricePcsCents !== null && product.stock >= 5)
      sellable.push(product);
  }
  const product = sellable.at(at);
  if (!product) throw new Error("no product to order in the demo data");
  return product;
}

/**
 * A demo vape (ENDS) sold by the piece that ships and has stock, and that no state-wide or
 * country-wide rule keeps from Texas (not hemp: the demo's THCA vape is over the federal limit).
 * Ordinary orders take no vapes (productToOrder), so these never share stock with them. Taken: 0–1
 * delivery requirements, −2 and −1 the PACT Act report.
 */
export async function vapeToOrder(request: APIRequestContext, at: number): Promise<Product> {
  const list = (await (await request.get("/api/Product?inStock=true&limit=100")).json()) as ProductList;
  const vapes: Product[] = [];
  for (const summary of list.items) {
    const classes = summary.regulatoryClasses;
    if (!classes.includes("ENDS") || classes.some((name) => name.startsWith("HEMP_"))) continue;
    const product = (await (await request.get(`/api/Product/${summary.id}`)).json()) as Product;
    if (product.deliveryAvailable && product.sellingPricePcsCents !== null && product.stock >= 5) vapes.push(product);
  }
  const vape = vapes.at(at);
  if (!vape) throw new Error("no vape to order in the demo data");
  return vape;
}

/**
 * A spec's own product on this project: `at` on a desktop, the one after it on a phone, so the two
 * projects, which run side by side, never count the same product's stock.
 */
export const onThisProject = (testInfo: TestInfo, at: number): number =>
  testInfo.project.name === "phone" ? at + 1 : at;

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
 * A new verified buyer, signed in on `request`, who has ordered one product (a piece, by default
 * paid with Zelle): the product is `productToOrder(request, at)`, or `vapeToOrder` given as `pick`.
 */
export async function newBuyerWithOrder(
  request: APIRequestContext,
  origin: string,
  {
    prefix,
    at,
    pick = productToOrder,
    quantity,
    paymentMethodId,
    buyerNote,
  }: {
    prefix: string;
    at: number;
    pick?: typeof productToOrder;
    quantity?: number;
    paymentMethodId?: string;
    buyerNote?: string;
  },
): Promise<{ email: string; product: Product; order: Order }> {
  const email = await verifiedBuyer(request, origin, { prefix, signIn: true });
  const product = await pick(request, at);
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
