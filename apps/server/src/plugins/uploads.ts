import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { UPLOAD_LIMITS } from "../modules/images/service.ts";

/**
 * Multipart forms with files, for the routes registered inside `scope` only. Fields arrive as
 * strings and files as Buffers in `request.body`; a file over the byte limit is refused (413)
 * while it streams in. What a file is gets decided by its bytes (images.ingest), never by its
 * name or Content-Type.
 */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 21, fields: 60, fieldSize: 100_000, parts: 100 },
  });
}

/** A file field of a multipart form (documented as binary). */
export const fileSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), { error: "must be a file" })
  .meta({ type: "string", format: "binary" });
