import { apiErrorSchema, coaBatchSchema, coaListQuerySchema, coaListSchema, coaLotParamsSchema } from "@shop/shared";
import { z } from "zod";
import type { App } from "../../app.ts";
import { fileSchema } from "../../plugins/uploads.ts";

export async function coaRoutes(app: App): Promise<void> {
  const { coas } = app.services;

  app.get(
    "/api/coas",
    {
      config: { access: "public" },
      schema: {
        tags: ["Lab results"],
        summary:
          "Batches with their certificates of analysis, newest report first: by product id, by batch number (exact, any case) or by words of the product name or lot",
        querystring: coaListQuerySchema,
        response: { 200: coaListSchema, 400: apiErrorSchema },
      },
    },
    (request) => coas.listBatches(request.query),
  );

  app.get(
    "/api/coas/:lot",
    {
      config: { access: "public" },
      schema: {
        tags: ["Lab results"],
        summary: "One batch and its certificate of analysis by the lot number printed on the package (any case)",
        params: coaLotParamsSchema,
        response: { 200: coaBatchSchema, 404: apiErrorSchema },
      },
    },
    (request) => coas.getBatch(request.params.lot),
  );

  app.get(
    "/api/coas/:lot/pdf",
    {
      config: { access: "public" },
      schema: {
        tags: ["Lab results"],
        summary: "The lab's report of a batch as a PDF (application/pdf, shown in the browser)",
        produces: ["application/pdf"],
        params: coaLotParamsSchema,
        response: {
          200: fileSchema.describe("The PDF"),
          304: z.null().describe("Not changed since the copy whose ETag was sent"),
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const pdf = await coas.getPdf(request.params.lot);
      // The file is named by its hash: the same name is the same bytes, so an ETag of it is exact.
      const etag = `"${pdf.key}"`;
      reply
        .header("content-type", "application/pdf")
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", `inline; filename="COA-${pdf.lotNumber}.pdf"`)
        // A lab may correct its report under the same lot: an hour of reuse, then a cheap revalidation.
        .header("cache-control", "public, max-age=3600")
        .header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send(null);
      return reply.send(pdf.bytes);
    },
  );
}
