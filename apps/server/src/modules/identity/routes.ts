import { apiErrorSchema, identityStepSchema, orderNumberParamsSchema } from "@shop/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, fileSchema, matchFieldNames } from "../../plugins/uploads.ts";

const errors = errorAnswers(400, 401, 403, 404, 409);
const tags = ["Orders"];

/** The ID photos: the card's front, and its back when it has one worth reading (most U.S. cards). */
const documentSchema = z.strictObject({
  front: fileSchema.describe("A photo of the ID's front: JPEG, PNG or WebP"),
  back: fileSchema.optional().describe("A photo of the ID's back: JPEG, PNG or WebP"),
});

/** The buyer's side of the identity check of an order (docs/decisions/099). */
export async function identityRoutes(app: App): Promise<void> {
  const { identity } = app.services;
  const config = { access: "customer" } as const;

  app.get(
    "/api/account/orders/:number/identity",
    {
      config,
      schema: {
        tags,
        summary: "Where my order stands with the identity check, and why the last photo of my ID was refused",
        params: orderNumberParamsSchema,
        response: { 200: identityStepSchema, ...errors },
      },
    },
    (request) => identity.step(signedIn(request), request.params.number),
  );

  // Multipart is parsed for the upload only.
  await app.register(async (scope) => {
    await acceptUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/account/orders/:number/identity-document",
      {
        config,
        preValidation: matchFieldNames(documentSchema),
        schema: {
          tags,
          summary:
            "Send photos of my ID for an order waiting for the identity check (multipart: front, optional back); kept privately",
          consumes: ["multipart/form-data"],
          params: orderNumberParamsSchema,
          body: documentSchema,
          response: { 200: identityStepSchema, ...errors, 413: apiErrorSchema },
        },
      },
      (request) =>
        identity.submitDocument(signedIn(request), request.params.number, {
          front: request.body.front,
          back: request.body.back ?? null,
        }),
    );
  });
}
