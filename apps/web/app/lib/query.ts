import { data, redirect } from "react-router";
import type { z } from "zod";

/**
 * Parses a page's query string with the API's own schema. A value the schema refuses (an old
 * bookmark, a hand-edited link: `?minPrice=abc&page=-1&sort=bogus`) is ignored, never an error
 * page: the page sends the browser on to its address without it, so the address, the filters it
 * shows and its links say what the page shows (decision 081). The API still answers such a value
 * with 400.
 */
export function parseSearch<Schema extends z.ZodType>(schema: Schema, url: URL): z.output<Schema> {
  // An empty field of a GET form (no JavaScript) means "not filtered".
  const values = Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== ""));
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const refused = refusedParameters(schema, values);
  const kept = new URLSearchParams(url.search);
  for (const name of refused) kept.delete(name);
  const query = kept.toString();
  throw redirect(query ? `${url.pathname}?${query}` : url.pathname);
}

/**
 * The parameters the schema refuses, found by dropping them until the rest parses (a check across
 * fields, such as a lowest price above the highest, runs only once the fields parse).
 */
export function refusedParameters(schema: z.ZodType, values: Record<string, string>): string[] {
  const rest = { ...values };
  const refused: string[] = [];
  for (;;) {
    const result = schema.safeParse(rest);
    if (result.success) return refused;
    const names = [...new Set(result.error.issues.map((issue) => issue.path[0]))].filter(
      (name): name is string => typeof name === "string" && name in rest,
    );
    // A refusal of no parameter in particular (none of the pages' schemas has one) cannot be dropped.
    if (names.length === 0) throw data("This page cannot be shown for this address.", { status: 400 });
    for (const name of names) delete rest[name];
    refused.push(...names);
  }
}
