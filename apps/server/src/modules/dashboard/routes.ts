import { dashboardOverviewSchema } from "@shop/shared";
import type { App } from "../../app-type.ts";
import { errorAnswers } from "../../plugins/errors.ts";

/** The dashboard's first screen, composed from the catalogue's, banners', orders' and mail's services. */
export async function dashboardRoutes(app: App): Promise<void> {
  const { productAdmin, catalog, banners, orders, outbox, settings, compliance, taxes } = app.services;

  app.get(
    "/api/admin/overview",
    {
      config: { access: "staff" },
      schema: {
        tags: ["Products (staff)"],
        summary:
          "Counts of products, categories and active banners, the products changed last, today's orders, those awaiting payment, 30 days' revenue, unsent e-mail, the products low on stock and the compliance and tax rules not checked for 90 days",
        response: { 200: dashboardOverviewSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => {
      const [products, categories, activeBanners, orderFigures, unsentMail, lowStock, staleRules, staleTaxRules] =
        await Promise.all([
          productAdmin.overview(),
          catalog.listCategories(),
          banners.listActive(),
          orders.overview(),
          outbox.unsent(),
          settings.get().then((shop) => productAdmin.lowStock(shop.lowStockThreshold)),
          compliance.countStale(),
          taxes.countStale(),
        ]);
      return {
        products: products.counts,
        categories: categories.length,
        activeBanners: activeBanners.length,
        recentProducts: products.recentProducts,
        orders: orderFigures,
        unsentMail,
        lowStock,
        licenses: await app.services.documents.licenseExpiry(),
        staleRules,
        staleTaxRules,
      };
    },
  );
}
