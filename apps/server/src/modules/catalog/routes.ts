import {
  apiErrorSchema,
  categoryFormSchema,
  categoryIdParamsSchema,
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
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, fileSchema, matchFieldNames } from "../../plugins/uploads.ts";

/** The spec's multipart form: Name, Slug, Description, Image (RemoveImage when editing). */
const categoryBody = z.strictObject({
  ...categoryFormSchema.shape,
  Image: fileSchema
    .optional()
    .describe("JPEG, PNG or WebP; none: the shop's placeholder (on edit: keep the current one)"),
});
const writeErrors = errorAnswers(400, 401, 403, 404, 413);

export async function catalogRoutes(app: App): Promise<void> {
  const { catalog, categories, compliance } = app.services;

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

  // Staff's changes to categories; multipart is parsed for these routes only.
  await app.register(async (scope) => {
    await acceptUploads(scope);
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    const preValidation = matchFieldNames(categoryBody);

    staff.post(
      "/api/MasterCategory",
      {
        config: { access: "staff" },
        preValidation,
        schema: {
          tags: ["Catalog"],
          summary: "Create a master category (multipart). The slug is derived from Name: unique, -2, -3 … on a clash",
          consumes: ["multipart/form-data"],
          body: categoryBody,
          response: { 201: masterCategorySchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const { Name, Description, Image } = request.body;
        const created = await categories.create({ name: Name, description: Description, image: Image });
        return reply.code(201).send(created);
      },
    );

    staff.put(
      "/api/MasterCategory/:id",
      {
        config: { access: "staff" },
        preValidation,
        schema: {
          tags: ["Catalog"],
          summary: "Change a master category (multipart). No Image keeps the picture; RemoveImage=true drops it",
          consumes: ["multipart/form-data"],
          params: categoryIdParamsSchema,
          body: categoryBody,
          response: { 200: masterCategorySchema, ...writeErrors },
        },
      },
      (request) => {
        const { Name, Description, Image, RemoveImage } = request.body;
        return categories.update(request.params.id, {
          name: Name,
          description: Description,
          image: Image,
          removeImage: RemoveImage,
        });
      },
    );
  });

  app.delete(
    "/api/MasterCategory/:id",
    {
      config: { access: "staff" },
      schema: {
        tags: ["Catalog"],
        summary: "Delete a master category that has no products (409 says how many it still has)",
        params: categoryIdParamsSchema,
        response: { 204: z.null(), ...writeErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await categories.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/Product",
    {
      config: { access: "public", sharedAnswer: true },
      schema: {
        tags: ["Catalog"],
        summary: "List active products, newest first, a page at a time",
        querystring: productListQuerySchema,
        response: { 200: productListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { shipsTo } = request.query;
      return catalog.listProducts(request.query, shipsTo && (await compliance.bansFor(shipsTo)));
    },
  );

  app.get(
    "/api/Product/facets",
    {
      config: { access: "public", sharedAnswer: true },
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
      // Kept like the lists: an order, a staff change or a new day's verdicts forget it (decision 086).
      config: { access: "public", sharedAnswer: true },
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
