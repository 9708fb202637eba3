import multipart from "@fastify/multipart";
import type { FastifyInstance, preValidationAsyncHookHandler } from "fastify";
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

/**
 * A preValidation hook that renames a form's fields to the schema's names, matched without
 * regard to case: the spec's original clients send "Name" or "name", "ProductName" or
 * "productname". Unknown names stay as they are, so the strict schema still refuses them.
 */
export function matchFieldNames(
  schema: z.ZodObject,
  /** Other names a field is known by (lower case → the schema's name). */
  aliases: Record<string, string> = {},
): preValidationAsyncHookHandler {
  const names = new Map([
    ...Object.keys(schema.shape).map((name): [string, string] => [name.toLowerCase(), name]),
    ...Object.entries(aliases),
  ]);
  return async (request) => {
    const body = request.body;
    if (typeof body !== "object" || body === null || Array.isArray(body) || Buffer.isBuffer(body)) return;
    request.body = Object.fromEntries(
      Object.entries(body).map(([name, value]) => [names.get(name.toLowerCase()) ?? name, value]),
    );
  };
}
