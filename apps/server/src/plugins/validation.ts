import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type { $ZodType } from "zod/v4/core";

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

/**
 * The path to the first text (or key) in a request's data that holds U+0000, or null. It walks
 * with a list of its own, not by recursion: a JSON body may nest thousands of arrays deep.
 */
function nulAt(data: unknown): string[] | null {
  const pathTo = (visit: Visit | null): string[] => {
    const path: string[] = [];
    for (let at = visit; at?.parent; at = at.parent) path.unshift(at.key);
    return path;
  };
  const pending: Visit[] = [{ value: data, key: "", parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pathTo(visit);
    } else if (typeof value === "object" && value !== null && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const child = { value: item, key, parent: visit };
        if (key.includes("\u0000")) return pathTo(child);
        pending.push(child);
      }
    }
  }
  return null;
}

const NUL_MESSAGE = "contains a NUL character (U+0000), which no text in the shop may hold";

/** Fails on the first text that holds a NUL, at its path, before the route's own schema runs. */
const withoutNul = z.any().superRefine((data, context) => {
  const at = nulAt(data);
  // A NUL in a key is named as \0, so that the answer shows where it is.
  if (at)
    context.addIssue({ code: "custom", path: at.map((key) => key.replaceAll("\u0000", "\\0")), message: NUL_MESSAGE });
});

/**
 * The zod validator, after one rule for every text a request carries: no NUL character. No
 * form or person sends one, and PostgreSQL cannot store one, so a NUL that reached a query failed
 * there as a 500 (found by the fuzz over the OpenAPI document). The problem is a zod issue like
 * any other, so the error handler words it with the field's name.
 */
export const validatorWithoutNul: FastifySchemaCompiler<$ZodType> = (route) =>
  validatorCompiler({ ...route, schema: withoutNul.pipe(route.schema as z.ZodType) });
