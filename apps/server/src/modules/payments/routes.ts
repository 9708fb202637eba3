import { apiErrorSchema } from "@shop/shared";
import { NotFound, Unauthenticated } from "@shop/shared/errors";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { WebhookRefused } from "./authorize-net.ts";

/**
 * The card gateway's webhooks (docs/decisions/101): payments that changed outside the shop (a
 * capture, void or refund in the gateway's own screens) kept as payment records, each event once.
 * The body is read as the bytes it came as, since the signature is over them.
 */
export async function paymentRoutes(app: App): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/payments/webhooks/authorize-net",
      {
        config: { access: "public" },
        schema: {
          tags: ["Orders"],
          summary:
            "Authorize.net's webhook: signed with X-ANET-Signature (HMAC-SHA512 of the body); each notification is kept once",
          body: z.string(),
          response: { 200: z.object({ kept: z.int() }), 401: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const provider = app.services.payments.providerFor("card");
        if (provider.id !== "authorize-net") throw new NotFound("Card payments through Authorize.net are not set up.");
        try {
          const kept = await app.services.payments.webhook(provider, {
            headers: request.headers as Record<string, string | undefined>,
            body: request.body as string,
          });
          return { kept };
        } catch (error) {
          if (error instanceof WebhookRefused) throw new Unauthenticated(error.message, { code: "webhook_refused" });
          throw error;
        }
      },
    );
  });
}
