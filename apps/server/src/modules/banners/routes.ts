import { bannerSchema } from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app.ts";

export async function bannerRoutes(app: App): Promise<void> {
  const { banners } = app.services;

  app.get(
    "/api/banner",
    {
      config: { access: "public" },
      schema: {
        tags: ["Banners"],
        summary: "The active banners, in display order",
        response: { 200: z.array(bannerSchema) },
      },
    },
    () => banners.listActive(),
  );
}
