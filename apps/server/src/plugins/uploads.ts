import multipart from "@fastify/multipart";
import { UPLOAD_MAX_BYTES } from "@shop/shared/constants";
import { Invalid, isDomainError } from "@shop/shared/errors";
import { formatCount } from "@shop/shared/rules";
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import { z } from "zod";

/** How much a multipart form may hold (busboy's limits: counts, and bytes for one field). */
export interface FormLimits {
  files: number;
  fields: number;
  parts: number;
  fieldSize: number;
  fileSize?: number;
}

/** RFC 2046: a boundary is 1 to 70 characters. */
const BOUNDARY_MAX = 70;

/**
 * Multipart forms for the routes registered inside `scope` only. Fields arrive as strings and
 * files as Buffers in `request.body` (a name sent twice gives a list). A form that cannot be
 * read, or that goes past a limit, gets a 400 that says what is wrong; a file over the byte
 * limit gets 413 while it streams in.
 */
export async function acceptForms(scope: FastifyInstance, limits: FormLimits): Promise<void> {
  await scope.register(multipart, { limits });
  scope.addHook("preValidation", async (request) => {
    if (request.isMultipart()) request.body = await readForm(request, limits);
  });
}

/**
 * Forms with files. What a file is gets decided by its bytes (images.ingest), never by its name
 * or Content-Type.
 */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await acceptForms(scope, { fileSize: UPLOAD_MAX_BYTES, files: 21, fields: 60, fieldSize: 100_000, parts: 100 });
}

async function readForm(request: FastifyRequest, limits: FormLimits): Promise<Record<string, unknown>> {
  checkBoundary(request.headers["content-type"] ?? "");
  const body: Record<string, unknown> = {};
  const repeated = new Map<string, unknown[]>();
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname;
      if (!name) {
        if (part.type === "file") part.file.resume();
        throw formError('A part of the form has no name: each part needs Content-Disposition: form-data; name="…".');
      }
      let value: unknown;
      if (part.type === "file") {
        value = await part.toBuffer();
      } else {
        if (part.valueTruncated) {
          throw formError(
            `Field '${name}' is too long: a form field holds at most ${formatCount(limits.fieldSize)} bytes.`,
          );
        }
        value = part.value;
      }
      const list = repeated.get(name);
      if (list) {
        list.push(value);
      } else if (Object.hasOwn(body, name)) {
        const values = [body[name], value];
        repeated.set(name, values);
        body[name] = values;
      } else {
        body[name] = value;
      }
    }
  } catch (error) {
    throw readingError(error, limits);
  }
  return body;
}

function formError(message: string): Invalid {
  return new Invalid(message);
}

function checkBoundary(contentType: string): void {
  const boundary = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2] ?? "";
  if (!value) throw formError("The form's Content-Type names no boundary (multipart/form-data; boundary=…).");
  if (value.length > BOUNDARY_MAX) {
    throw formError(`The form's boundary is too long: at most ${BOUNDARY_MAX} characters.`);
  }
}

/** What went wrong while reading a form, in words; an error that is not about the form passes. */
function readingError(error: unknown, limits: FormLimits): unknown {
  if (isDomainError(error) || !(error instanceof Error)) return error;
  switch ((error as { code?: string }).code) {
    case "FST_PARTS_LIMIT":
      return formError(`The form has too many parts: at most ${limits.parts}.`);
    case "FST_FIELDS_LIMIT":
      return formError(`The form has too many fields: at most ${limits.fields}.`);
    case "FST_FILES_LIMIT":
      return formError(
        limits.files === 0 ? "This form takes no files." : `The form has too many files: at most ${limits.files}.`,
      );
    case "FST_PROTO_VIOLATION":
      return formError("A field of the form has a name that is not allowed.");
    case "FST_INVALID_JSON_FIELD_ERROR":
      return formError("A field of the form says it is JSON (its Content-Type) but is not valid JSON.");
    case "FST_MP_PREMATURE_CLOSE":
      return formError("The form was cut off before it was complete.");
  }
  // busboy's own errors carry no code: a boundary it cannot use, or a body that stops early.
  if (/boundary not found/i.test(error.message)) {
    return formError("The form's Content-Type names no boundary that can be used.");
  }
  if (/unexpected end of multipart data/i.test(error.message)) {
    return formError(
      "The form ended before its closing boundary: it was cut short, or its parts are not separated by the boundary its Content-Type names.",
    );
  }
  return error;
}

/** A file field of a multipart form (documented as binary). */
export const fileSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), { error: "must be a file" })
  .meta({ type: "string", format: "binary" });

/** Whether a field's schema takes a file: a binary field, optional or in a list or a union. */
function takesFiles(schema: z.ZodType): boolean {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return takesFiles(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).some(takesFiles);
  if (schema instanceof z.ZodArray) return takesFiles(schema.element as z.ZodType);
  return z.globalRegistry.get(schema)?.format === "binary";
}

/**
 * A preValidation hook that renames a form's fields to the schema's names, matched without
 * regard to case: the spec's original clients send "Name" or "name", "ProductName" or
 * "productname". Unknown names stay as they are, so the strict schema still refuses them. A
 * file sent in a text field is refused here, where it is still known to be a file.
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
  const fileFields = new Set(Object.keys(schema.shape).filter((name) => takesFiles(schema.shape[name] as z.ZodType)));
  return async (request) => {
    const body = request.body;
    if (typeof body !== "object" || body === null || Array.isArray(body) || Buffer.isBuffer(body)) return;
    request.body = Object.fromEntries(
      Object.entries(body).map(([sent, value]) => {
        const name = names.get(sent.toLowerCase()) ?? sent;
        const values: unknown[] = [value].flat();
        if (names.has(sent.toLowerCase()) && !fileFields.has(name) && values.some((item) => Buffer.isBuffer(item))) {
          throw formError(`Field '${name}' takes text, not a file.`);
        }
        return [name, value];
      }),
    );
  };
}
