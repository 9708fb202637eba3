import {
  apiErrorSchema,
  documentFieldsSchema,
  documentListQuerySchema,
  documentListSchema,
  documentParamsSchema,
  documentSchema,
} from "@shop/shared";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../../app-type.ts";
import { recordedActor } from "../../lib/recorded-actor.ts";
import { errorAnswers } from "../../plugins/errors.ts";
import { acceptUploads, fileSchema, matchFieldNames } from "../../plugins/uploads.ts";
import type { Uploader } from "./service.ts";

/** The Upload Document form: its details and the file (a PDF, JPEG, PNG or WebP of at most 10 MB). */
const uploadSchema = documentFieldsSchema.safeExtend({
  file: fileSchema.describe("The document: a PDF, JPEG, PNG or WebP file of at most 10 MB"),
});
const staffErrors = errorAnswers(400, 401, 403, 404);
const TAGS = ["Documents (staff)"];
const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

function uploaderOf(request: FastifyRequest): Uploader {
  const user = request.user;
  if (!user) throw new Error("A staff route ran without a signed-in user");
  return recordedActor(user);
}

/** A file name for Content-Disposition: the title in plain ASCII, and in full as UTF-8 (RFC 6266). */
function contentDisposition(title: string, contentType: string): string {
  const extension = EXTENSIONS[contentType] ?? "bin";
  const ascii =
    title
      .replace(/[^A-Za-z0-9 ._-]+/g, "-")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 100) || "document";
  const full = encodeURIComponent(`${title.slice(0, 150)}.${extension}`);
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${full}`;
}

/** All Documents and Upload Document (docs/decisions/041): the shop's private files, for staff only. */
export async function documentRoutes(app: App): Promise<void> {
  const { documents } = app.services;

  app.get(
    "/api/admin/documents",
    {
      config: { access: "manager" },
      schema: {
        tags: TAGS,
        summary:
          "All documents, newest issue date first: licenses, lab reports and other stored files with the batches' COAs; by type, words, or only those expiring within 30 days or expired",
        querystring: documentListQuerySchema,
        response: { 200: documentListSchema, ...staffErrors },
      },
    },
    (request) => documents.list(request.query),
  );

  app.get(
    "/api/admin/documents/:id",
    {
      config: { access: "manager" },
      schema: {
        tags: TAGS,
        summary: "One document's details (a COA's id is coa: and its lot number)",
        params: documentParamsSchema,
        response: { 200: documentSchema, ...staffErrors },
      },
    },
    (request) => documents.get(request.params.id),
  );

  app.get(
    "/api/admin/documents/:id/file",
    {
      config: { access: "manager" },
      schema: {
        tags: TAGS,
        summary: "A stored document's file, as a download (its checked type: PDF, JPEG, PNG or WebP)",
        params: documentParamsSchema,
        response: {
          200: {
            description: "The file",
            content: Object.fromEntries(Object.keys(EXTENSIONS).map((type) => [type, { schema: fileSchema }])),
          },
          ...staffErrors,
        },
      },
    },
    async (request, reply) => {
      const file = await documents.file(request.params.id);
      reply
        .header("content-type", file.contentType)
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", contentDisposition(file.title, file.contentType))
        .header("cache-control", "private, no-store");
      return reply.send(file.bytes);
    },
  );

  app.put(
    "/api/admin/documents/:id",
    {
      config: { access: "manager" },
      schema: {
        tags: TAGS,
        summary: "Change a stored document's details (every field; a blank optional one clears it). Its file stays",
        params: documentParamsSchema,
        body: documentFieldsSchema,
        response: { 200: documentSchema, ...staffErrors, 409: apiErrorSchema },
      },
    },
    (request) => documents.update(request.params.id, request.body),
  );

  app.delete(
    "/api/admin/documents/:id",
    {
      config: { access: "manager" },
      schema: {
        tags: TAGS,
        summary: "Delete a stored document and its file (a COA is withdrawn under Lab Results)",
        params: documentParamsSchema,
        response: { 204: z.null(), ...staffErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await documents.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Multipart is parsed for the upload only.
  await app.register(async (scope) => {
    await acceptUploads(scope);
    const staff = scope.withTypeProvider<ZodTypeProvider>();
    staff.post(
      "/api/admin/documents",
      {
        config: { access: "manager" },
        preValidation: matchFieldNames(uploadSchema),
        schema: {
          tags: TAGS,
          summary:
            "Upload a document (multipart, staff): type, title, optional product and lot number, issue and expiry dates, notes, and the file as file",
          consumes: ["multipart/form-data"],
          body: uploadSchema,
          response: { 201: documentSchema, ...staffErrors, 413: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { file, ...fields } = request.body;
        return reply.code(201).send(await documents.create(fields, file, uploaderOf(request)));
      },
    );
  });
}
