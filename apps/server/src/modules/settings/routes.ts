import { cardGatewayStatusSchema, shopSettingsPatchSchema, shopSettingsResponseSchema } from "@shop/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads } from "../../plugins/uploads.ts";

const errors = errorAnswers(400, 401, 403);

const chooseImage = "Please choose an image (JPEG, PNG or WebP).";
const logoBody = z.strictObject({
  logo: z
    .custom<Buffer>((value) => Buffer.isBuffer(value) && value.length > 0, { error: chooseImage })
    .meta({ type: "string", format: "binary" }),
});

/**
 * The shop's settings for staff (the Settings page): its profile and logo, fees, sales tax by
 * state, payment methods, ages and stock. A change names only what it changes, is in the audit
 * log, and every instance sees it within seconds.
 */
export async function settingsRoutes(app: App): Promise<void> {
  const { settings, images } = app.services;
  const config = { access: "manager" } as const;
  const tags = ["Settings"];

  app.get(
    "/api/settings",
    {
      config,
      schema: {
        tags,
        summary: "Every setting, defaults included",
        response: { 200: shopSettingsResponseSchema, ...errors },
      },
    },
    () => settings.get(),
  );

  app.get(
    "/api/settings/card-gateway",
    {
      config,
      schema: {
        tags,
        summary:
          "Whether card payments are set up on the server (AUTHORIZE_NET_*), sandbox or live, and the webhook address; never a key",
        response: { 200: cardGatewayStatusSchema, ...errors },
      },
    },
    () => {
      const gateway = app.services.cardGateway;
      return {
        name: "Authorize.net",
        configured: gateway !== null,
        mode: gateway?.mode ?? null,
        webhookUrl: `${app.config.publicUrl}/api/payments/webhooks/authorize-net`,
      };
    },
  );

  app.patch(
    "/api/settings",
    {
      config,
      schema: {
        tags,
        summary: "Change some settings; those not named stay as they are",
        body: shopSettingsPatchSchema,
        response: { 200: shopSettingsResponseSchema, ...errors },
      },
    },
    (request) => settings.update(request.body, recordedActor(signedIn(request))),
  );

  app.delete(
    "/api/settings/logo",
    {
      config,
      schema: {
        tags,
        summary: "Remove the logo: the header shows the shop's name",
        response: { 200: shopSettingsResponseSchema, ...errors },
      },
    },
    (request) => settings.setLogo(null, recordedActor(signedIn(request))),
  );

  // Multipart (the picture) is parsed for this route only.
  await app.register(async (plain: FastifyInstance) => {
    await acceptUploads(plain);
    plain.withTypeProvider<ZodTypeProvider>().put(
      "/api/settings/logo",
      {
        config,
        schema: {
          tags,
          summary: "Set the logo shown in the header (multipart: logo, a JPEG, PNG or WebP image)",
          consumes: ["multipart/form-data"],
          body: logoBody,
          response: { 200: shopSettingsResponseSchema, ...errorAnswers(400, 401, 403, 413) },
        },
      },
      async (request) =>
        settings.setLogo(await images.ingestField(request.body.logo, "logo"), recordedActor(signedIn(request))),
    );
  });
}
