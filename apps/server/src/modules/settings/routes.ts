import { shopSettingsPatchSchema, shopSettingsResponseSchema } from "@shop/shared";
import type { App } from "../../app.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";

const errors = errorAnswers(400, 401, 403);

/**
 * The shop's settings for staff: fees, sales tax by state, payment methods and ages. The settings
 * screen comes with its own issue; until then staff change them here. A change names only what it
 * changes, and every instance sees it within seconds.
 */
export async function settingsRoutes(app: App): Promise<void> {
  const { settings } = app.services;
  const config = { access: "staff" } as const;
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
}
