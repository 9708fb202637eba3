import { discountInputSchema, discountListSchema, discountQuerySchema, discountSchema, idSchema } from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const config = { access: "manager" } as const;
const tags = ["Discounts (staff)"];
const params = z.strictObject({ id: idSchema });
const base = "/api/admin/discounts";

/** Marketing > Discounts (decision 057): discount codes; the cart and orders use them through the checkout module, and a cancelled order gives its use back through fulfilment. */
export async function discountRoutes(app: App): Promise<void> {
  const { discounts } = app.services;

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: "Discount codes, newest first, 50 a page: words in the code or description, a status on today",
        querystring: discountQuerySchema,
        response: { 200: discountListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (request) => discounts.list(request.query),
  );

  app.get(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: "One discount code, with the products it applies to named",
        params,
        response: { 200: discountSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => discounts.get(request.params.id),
  );

  app.post(
    base,
    {
      config,
      schema: {
        tags,
        summary: "Create a discount code (recorded in the audit log)",
        body: discountInputSchema,
        response: { 201: discountSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const discount = await discounts.create(recordedActor(signedIn(request)), request.body);
      return reply.code(201).send(discount);
    },
  );

  app.put(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Change a discount code, or turn it on or off (recorded in the audit log)",
        params,
        body: discountInputSchema,
        response: { 200: discountSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (request) => discounts.update(recordedActor(signedIn(request)), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Delete a discount code no order used (409 when one did: turn it off instead)",
        params,
        response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await discounts.remove(recordedActor(signedIn(request)), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
