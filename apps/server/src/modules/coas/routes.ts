import {
  apiErrorSchema,
  coaBatchSchema,
  coaCorrectionSchema,
  coaFormFieldsSchema,
  coaListQuerySchema,
  coaListSchema,
  coaLotParamsSchema,
} from "@shop/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { signedIn } from "../../plugins/auth.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, fileSchema, matchFieldNames } from "../../plugins/uploads.ts";

/** The Add COA form: its fields and the lab's report as `pdf` (a well-formed PDF without scripts or attachments, at most 10 MB). */
const coaFormSchema = coaFormFieldsSchema.extend({
  pdf: fileSchema.describe("The lab's report: a PDF of at most 10 MB"),
});
const staffErrors = errorAnswers(400, 401, 403, 404, 413);

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
        params: coaLotParamsSchema,
        // The PDF is the only answer in application/pdf; a 404 is JSON like every error.
        response: {
          200: { description: "The PDF", content: { "application/pdf": { schema: fileSchema } } },
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

  // Staff publish and withdraw reports; multipart is parsed for these routes only.
  await app.register(async (scope) => {
    await acceptUploads(scope);
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    staff.post(
      "/api/admin/coas",
      {
        config: { access: "staff" },
        preValidation: matchFieldNames(coaFormSchema),
        schema: {
          tags: ["Lab results"],
          summary:
            "Publish a batch's certificate of analysis (multipart, staff): percentages as printed (0.284), alkaloids in mg per serving, the PDF as pdf",
          consumes: ["multipart/form-data"],
          body: coaFormSchema,
          response: { 201: coaBatchSchema, ...staffErrors, 409: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { pdf, ...fields } = request.body;
        return reply.code(201).send(await coas.createCoa(fields, pdf));
      },
    );
  });

  app.patch(
    "/api/admin/coas/:lot",
    {
      config: { access: "staff" },
      schema: {
        tags: ["Lab results"],
        summary:
          "Correct a published COA's figures with a reason (staff): results typed as printed, only those that change (blank: not tested); kept in the audit log and shown on the batch page. The lab, dates, lot, product and PDF stay as the lab issued them",
        params: coaLotParamsSchema,
        body: coaCorrectionSchema,
        response: { 200: coaBatchSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (request) => coas.correctFigures(request.params.lot, request.body, recordedActor(signedIn(request))),
  );

  app.delete(
    "/api/admin/coas/:lot",
    {
      config: { access: "staff" },
      schema: {
        tags: ["Lab results"],
        summary: "Withdraw a batch and its certificate of analysis (staff)",
        params: coaLotParamsSchema,
        response: { 204: z.null(), ...staffErrors },
      },
    },
    async (request, reply) => {
      await coas.deleteBatch(request.params.lot);
      return reply.code(204).send(null);
    },
  );
}
