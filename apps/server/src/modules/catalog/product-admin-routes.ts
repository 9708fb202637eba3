import { Readable } from "node:stream";
import {
  adminProductExportQuerySchema,
  adminProductListQuerySchema,
  adminProductPageSchema,
  adminProductSchema,
  adminProductVariantsSchema,
  bulkProductActionSchema,
  messageSchema,
  PRODUCT_IMPORT_MAX_BYTES,
  productFormFieldsSchema,
  productIdParamsSchema,
  productImportResultSchema,
  productImportSchema,
  productVariantsInputSchema,
  stockAdjustmentSchema,
  stockHistoryQuerySchema,
  stockHistorySchema,
} from "@shop/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { csvDownloadHeaders, csvFileAnswer } from "../../lib/csv.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
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
  const { productAdmin, variants } = app.services;

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
    "/api/admin/products.csv",
    {
      config,
      schema: {
        tags,
        summary:
          "Every product the list's search and filters match (every page, the list's order) as CSV, with the columns the import reads; cells that start like a formula get an apostrophe, which the import removes",
        querystring: adminProductExportQuerySchema,
        response: { 200: csvFileAnswer, ...errors },
      },
    },
    async (request, reply) => {
      reply.headers(csvDownloadHeaders("products"));
      return Readable.from(productAdmin.exportCsv(request.query));
    },
  );

  app.post(
    "/api/admin/products/import",
    {
      config,
      // The file travels as a JSON string: quotes and line breaks are escaped, up to twice its size.
      bodyLimit: 2 * PRODUCT_IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary:
          "Imports products from CSV by SKU (creates new SKUs, updates known ones): without confirm, a preview of every change and each row's problems with its line; with the preview's previewId as confirm, applied in one transaction if it still does exactly that (otherwise nothing is written and the answer is the new preview)",
        body: productImportSchema,
        response: { 200: productImportResultSchema, ...errors },
      },
    },
    (request) => productAdmin.importCsv(request.body.csv, request.body.confirm, recordedActor(signedIn(request))),
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
      async (request, reply) =>
        reply.code(201).send(await productAdmin.create(upload(request.body), signedIn(request))),
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
      async (request) => productAdmin.update(request.params.id, upload(request.body), signedIn(request)),
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
      await productAdmin.remove(request.params.id, signedIn(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/admin/products/:id/variants",
    {
      config,
      schema: {
        tags,
        summary: "A product's options and variants, every field of each (the wholesale price and inactive ones too)",
        params: productIdParamsSchema,
        response: { 200: adminProductVariantsSchema, ...errors },
      },
    },
    async (request) => variants.read(request.params.id),
  );

  app.put(
    "/api/admin/products/:id/variants",
    {
      config,
      schema: {
        tags,
        summary:
          "Save a product's options and variants at once: rows with an id change that variant, rows without one add a variant, variants left out are removed (never the product's own, nor one with lab results); a stock given is set as an adjustment. Nothing is written when anything is refused",
        params: productIdParamsSchema,
        body: productVariantsInputSchema,
        response: { 200: adminProductVariantsSchema, ...errors },
      },
    },
    async (request) => variants.save(request.params.id, request.body, signedIn(request)),
  );

  app.get(
    "/api/admin/products/:id/stock-movements",
    {
      config,
      schema: {
        tags,
        summary:
          "A variant's stock and the movements that explain it (orders, cancellations, adjustments), newest first; the id is a product's for its own variant (a product without options) or a variant's",
        params: productIdParamsSchema,
        querystring: stockHistoryQuerySchema,
        response: { 200: stockHistorySchema, ...errors },
      },
    },
    async (request) => productAdmin.stockHistory(request.params.id, request.query.page),
  );

  app.post(
    "/api/admin/products/:id/stock-adjustments",
    {
      config,
      schema: {
        tags,
        summary:
          "Add or take pieces of a variant with a reason (the id as for its movements); refused (409, nothing changed) when it would leave fewer than zero. Answers the stock and its first page of movements",
        params: productIdParamsSchema,
        body: stockAdjustmentSchema,
        response: { 201: stockHistorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await productAdmin.adjustStock(request.params.id, request.body, signedIn(request))),
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
    async (request) => productAdmin.bulk(request.body, signedIn(request)),
  );
}
