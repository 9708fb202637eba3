import {
  apiErrorSchema,
  masterCategorySchema,
  productBatchQuerySchema,
  productBatchSchema,
  productFacetsQuerySchema,
  productFacetsSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
} from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app.ts";

export async function catalogRoutes(app: App): Promise<void> {
  const { catalog } = app.services;

  app.get(
    "/api/MasterCategory",
    {
      config: { access: "public" },
      schema: {
        tags: ["Catalog"],
        summary: "List the master categories with their active product counts",
        response: { 200: z.array(masterCategorySchema) },
      },
    },
    () => catalog.listCategories(),
  );

  app.get(
    "/api/Product",
    {
      config: { access: "public" },
      schema: {
        tags: ["Catalog"],
        summary: "List active products, newest first, a page at a time",
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: apiErrorSchema },
      },
    },
    (request) => catalog.listProducts(request.query),
  );

  app.get(
    "/api/Product/facets",
    {
      config: { access: "public" },
      schema: {
        tags: ["Catalog"],
        summary: "The filter values of a category or the whole shop (brands, flavours, strains, nicotine, price range)",
        querystring: productFacetsQuerySchema,
        response: { 200: productFacetsSchema, 400: apiErrorSchema },
      },
    },
    (request) => catalog.facets(request.query.category),
  );

  app.get(
    "/api/Product/batch",
    {
      config: { access: "public" },
      schema: {
        tags: ["Catalog"],
        summary: "Several active products by id, fresh (not cached): what a cart refresh needs",
        querystring: productBatchQuerySchema,
        response: { 200: productBatchSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ items: await catalog.productsByIds(request.query.ids) }),
  );

  app.get(
    "/api/Product/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["Catalog"],
        summary: "One active product with every field and all its images",
        params: productIdParamsSchema,
        response: { 200: productSchema, 404: apiErrorSchema },
      },
    },
    (request) => catalog.getProduct(request.params.id),
  );
}
