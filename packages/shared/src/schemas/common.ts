import { z } from "zod";

/** The body of every 4xx and 5xx answer: what went wrong, in words a person understands. */
export const apiErrorSchema = z
  .object({
    error: z.string().describe("Short name of the HTTP status, e.g. 'Bad Request'"),
    message: z.string().describe("What is wrong, in plain words"),
    code: z.string().optional().describe("A stable name for errors a client acts on, e.g. email_not_verified"),
    fields: z.record(z.string(), z.string()).optional().describe("Per-field messages, keyed by field name"),
  })
  .meta({ id: "ApiError" });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A whole number read from a query string, with a message a person can act on. */
export function queryInt(options: { min: number; max?: number; default: number }) {
  const range = options.max === undefined ? `${options.min} or more` : `from ${options.min} to ${options.max}`;
  const message = `must be a whole number ${range}`;
  let schema = z.coerce.number({ error: message }).int({ error: message }).min(options.min, { error: message });
  if (options.max !== undefined) schema = schema.max(options.max, { error: message });
  return schema.default(options.default);
}

/** A paged list's `page` and `limit` query parameters, `limit` items a page by default. */
export function pageQuery(limit: { default: number; max: number }) {
  return {
    page: queryInt({ min: 1, max: 100_000, default: 1 }),
    limit: queryInt({ min: 1, max: limit.max, default: limit.default }),
  };
}

/** Where a page of a list stands: how many pages the list has and which one this is. */
export const pageCounts = () => ({ totalPages: z.int().min(0), currentPage: z.int().min(1) });

/** The words a list is searched for (`q`), at most `max` characters. */
export const searchText = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .optional();

/** A dashboard list's page number. */
export const staffListPage = () =>
  z.coerce.number({ error: "must be a whole number" }).int().min(1).max(10_000).default(1);

/** The words a dashboard list is searched for: trimmed, at most 100 characters. */
export const staffListSearch = () => z.string().trim().max(100, { error: "must be at most 100 characters" }).optional();

export const queryBoolean = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((value) => value === "true");

/** A form checkbox: "true", "on" or "1" is checked; anything else or nothing is not. */
export const formCheckbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === "true" || value === "on" || value === "1");

export const idSchema = z.string().min(1).max(64);

/** A processed picture, ready for <img src srcset>. */
export const imageSchema = z
  .object({
    src: z.string().describe("URL of a mid-sized WebP rendition"),
    srcSet: z.string().describe("Every WebP rendition with its width, for srcset"),
    width: z.int().describe("Width of the original in pixels"),
    height: z.int().describe("Height of the original in pixels"),
    alt: z.string(),
  })
  .meta({ id: "Image" });
export type Image = z.infer<typeof imageSchema>;
