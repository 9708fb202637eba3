import {
  adminProductListQuerySchema,
  adminProductPageSchema,
  adminProductSchema,
  bulkProductActionSchema,
  messageSchema,
  productFormFieldsSchema,
  productIdParamsSchema,
} from "@shop/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, fileSchema, matchFieldNames } from "../../plugins/uploads.ts";

const errors = errorAnswers(400, 401, 403, 404, 409, 413);
const config = { access: "staff" } as const;
const tags = ["Products (staff)"];

/** The Create / Edit Product form: its fields plus one main image and any number of gallery images. */
const productFormSchema = productFormFieldsSchema.extend({
  MainImage: fileSchema.optional(),
  GalleryImages: z.union([fileSchema, z.array(fileSchema)]).optional(),
});

function upload(body: z.output<typeof productFormSchema>) {
  const { MainImage, GalleryImages, ...fields } = body;
  return { fields, mainImage: MainImage, gallery: [GalleryImages ?? []].flat() };
}

export async function productAdminRoutes(app: App): Promise<void> {
  const { productAdmin } = app.services;

  app.get(
    "/api/admin/products",
    {
      config,
      schema: {
        tags,
        summary: "Every product, whatever its state, with search, filters, sorts and pages",
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductPageSchema, ...errors },
      },
    },
    async (request) => productAdmin.list(request.query),
  );

  app.get(
    "/api/admin/products/:id",
    {
      config,
      schema: {
        tags,
        summary: "One product as the edit form shows it",
        params: productIdParamsSchema,
        response: { 200: adminProductSchema, ...errors },
      },
    },
    async (request) => productAdmin.get(request.params.id),
  );

  await app.register(async (scope) => {
    await acceptUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const preValidation = matchFieldNames(productFormSchema);

    typed.post(
      "/api/Product",
      {
        config,
        preValidation,
        schema: {
          tags,
          summary: "Create a product (multipart form with the spec's field names; prices in dollars)",
          consumes: ["multipart/form-data"],
          body: productFormSchema,
          response: { 201: adminProductSchema, ...errors },
        },
      },
      async (request, reply) => reply.code(201).send(await productAdmin.create(upload(request.body))),
    );

    typed.put(
      "/api/Product/:id",
      {
        config,
        preValidation,
        schema: {
          tags,
          summary: "Change a product (the same form; KeepImages orders or removes its pictures)",
          consumes: ["multipart/form-data"],
          params: productIdParamsSchema,
          body: productFormSchema,
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (request) => productAdmin.update(request.params.id, upload(request.body)),
    );
  });

  app.delete(
    "/api/Product/:id",
    {
      config,
      schema: {
        tags,
        summary: "Delete a product",
        params: productIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await productAdmin.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/admin/products/bulk",
    {
      config,
      schema: {
        tags,
        summary: "Activate, deactivate or delete several products at once",
        body: bulkProductActionSchema,
        response: { 200: messageSchema.extend({ count: z.int() }), ...errors },
      },
    },
    async (request) => productAdmin.bulk(request.body),
  );
}
