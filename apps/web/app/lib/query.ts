import { data } from "react-router";
import type { z } from "zod";

/** Parses a page's query string with the API's own schema; bad values give a 400 page in words. */
export function parseSearch<Schema extends z.ZodType>(schema: Schema, url: URL): z.output<Schema> {
  // An empty field of a GET form (no JavaScript) means "not filtered".
  const values = Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== ""));
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    return name ? `The value of '${name}' ${issue.message}.` : issue.message;
  });
  throw data(messages.join(" "), { status: 400 });
}
