import { STATUS_CODES } from "node:http";
import type { SwaggerTransform } from "@fastify/swagger";
import { type ApiError, apiErrorSchema } from "@shop/shared";
import { megabytes, UPLOAD_MAX_BYTES } from "@shop/shared/constants";
import { domainErrorOf, httpStatusOf } from "@shop/shared/errors";
import type { FastifyError, FastifyInstance, FastifySchema } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** The byte limit of one uploaded file (the multipart parser's, plugins/uploads.ts), for the message. */
const UPLOAD_MAX_MB = megabytes(UPLOAD_MAX_BYTES);

const placeNames: Record<string, string> = {
  querystring: "Query parameter",
  params: "Path parameter",
  body: "Field",
  headers: "Header",
};

function body(statusCode: number, message: string, fields?: Record<string, string>, code?: string): ApiError {
  return {
    error: STATUS_CODES[statusCode] ?? "Error",
    message,
    ...(fields ? { fields } : {}),
    ...(code ? { code } : {}),
  };
}

/** The error answers a route documents, each with the one error body: `errorAnswers(400, 404)`. */
export function errorAnswers<const Codes extends readonly number[]>(
  ...codes: Codes
): Record<Codes[number], typeof apiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, apiErrorSchema])) as Record<
    Codes[number],
    typeof apiErrorSchema
  >;
}

/**
 * The one place where errors become answers: 4xx say what is wrong, 5xx say nothing internal. The
 * services' domain errors (@shop/shared/errors) get their status from its one table.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const place = placeNames[error.validationContext ?? "body"] ?? "Field";
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        const key = name || "(request)";
        if (issue.keyword === "unrecognized_keys") {
          const keys = (issue.params as { keys?: string[] }).keys ?? [];
          for (const unknown of keys) fields[unknown] = "is not a known field";
        } else {
          fields[key] ??= issue.message ?? "is not valid";
        }
      }
      // A message written as a sentence ("Please enter your name.") stands alone; a fragment
      // ("must be a whole number") is prefixed with the field it is about.
      const message = Object.entries(fields)
        .map(([name, text]) => (name === "(request)" || /^[A-Z]/.test(text) ? text : `${place} '${name}' ${text}`))
        .map((text) => (/[.!?]$/.test(text) ? text : `${text}.`))
        .join(" ");
      return reply.code(400).send(body(400, message, fields));
    }
    const domainError = domainErrorOf(error);
    if (domainError) {
      const status = httpStatusOf(domainError);
      // A lost race (decision 082): told so, it changed nothing; its transaction was rolled back whole.
      if (domainError !== error) request.log.warn({ err: error }, "a change lost a race with another one");
      const retryAfter = (domainError as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (domainError.kind === "too_many_attempts" && typeof retryAfter === "number") {
        reply.header("retry-after", String(retryAfter));
      }
      return reply.code(status).send(body(status, domainError.message, domainError.fields, domainError.code));
    }
    if (error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply.code(413).send(body(413, `The file is too large: at most ${UPLOAD_MAX_MB} MB.`));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) carry safe messages.
      return reply.code(status).send(body(status, error.message));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(body(500, "Something went wrong on our side. Please try again in a moment."));
  });
}

/**
 * The OpenAPI transform, plus a "default" answer of the ApiError shape on every API route: every
 * error a route does not list (a body too large, a content type it does not read, a rate limit)
 * leaves through the handler above in that shape. Only the document gets it: a `default` in the
 * route's own schema would also be used to serialise a success answer the route does not list.
 */
export function documentingErrors<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (input) => {
    const { schema, url } = input;
    if (!schema || schema.hide || !url.startsWith("/api/")) return transform(input);
    const response = { default: apiErrorSchema, ...(schema.response as object | undefined) };
    return transform({ ...input, schema: { ...schema, response } });
  };
}

export function sendApiNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body(404, `There is no API route ${request.method} ${request.url.split("?")[0]}.`));
  });
}
