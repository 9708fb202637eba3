import {
  apiErrorSchema,
  idempotencyHeadersSchema,
  orderQuoteSchema,
  orderSchema,
  placeOrderSchema,
  quoteRequestSchema,
  wholesalePricesQuerySchema,
  wholesalePricesSchema,
} from "@shop/shared";
import { Forbidden } from "@shop/shared/errors";
import type { App } from "../../app-type.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const errors = errorAnswers(400, 401, 403, 404, 409);

/** The cart's quote and placing an order. Prices come from the database only, never from the request. */
export async function checkoutRoutes(app: App): Promise<void> {
  const { checkout } = app.services;
  const tags = ["Orders"];

  app.post(
    "/api/cart/quote",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Price cart lines from the database: unit prices (piece or box), shipping and the state's sales tax",
        body: quoteRequestSchema,
        response: { 200: orderQuoteSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    // A signed-in buyer's quote also checks a discount code's limit per buyer.
    (request) => checkout.quote(request.body, request.user ?? null),
  );

  app.get(
    "/api/wholesale/prices",
    {
      config: { access: "customer" },
      schema: {
        tags,
        summary:
          "An approved wholesale account's price of a whole box of each variant asked for (never shown to anyone else)",
        querystring: wholesalePricesQuerySchema,
        response: { 200: wholesalePricesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const prices = await checkout.wholesalePrices(signedIn(request), request.query.variantIds);
      if (!prices) {
        throw new Forbidden("Only an approved wholesale account has wholesale prices.", { code: "not_wholesale" });
      }
      // One buyer's prices: kept by no cache, shared or not.
      return reply.header("cache-control", "private, no-store").send(prices);
    },
  );

  app.post(
    "/api/Order",
    {
      config: { access: "customer" },
      schema: {
        tags,
        summary:
          "Place an order: lines, shipping address and payment method. The same Idempotency-Key with the same order answers that order again (200)",
        headers: idempotencyHeadersSchema,
        body: placeOrderSchema,
        response: { 200: orderSchema, 201: orderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, created } = await checkout.place(
        signedIn(request),
        request.headers["idempotency-key"],
        request.body,
      );
      return reply.code(created ? 201 : 200).send(order);
    },
  );
}
