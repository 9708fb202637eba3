import { apiErrorSchema, dashboardOverviewSchema } from "@shop/shared";
import type { App } from "../../app.ts";

/** The dashboard's first screen, composed from the catalogue's and the banners' services. */
export async function dashboardRoutes(app: App): Promise<void> {
  const { productAdmin, catalog, banners } = app.services;

  app.get(
    "/api/admin/overview",
    {
      config: { access: "staff" },
      schema: {
        tags: ["Products (staff)"],
        summary: "Counts of products, categories and active banners, and the products changed last",
        response: { 200: dashboardOverviewSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => {
      const [products, categories, activeBanners] = await Promise.all([
        productAdmin.overview(),
        catalog.listCategories(),
        banners.listActive(),
      ]);
      return {
        products: products.counts,
        categories: categories.length,
        activeBanners: activeBanners.length,
        recentProducts: products.recentProducts,
      };
    },
  );
}
