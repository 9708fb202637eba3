import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { type FieldLabels, fieldProblemInWords } from "../../../lib/form-errors.ts";

/**
 * zodResolver with the API's own schema, whose messages are fragments ("must be more than 0"):
 * each is put after the field's label, as a refusal from the server would be shown.
 */
export function labelledResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
  labels: FieldLabels,
): Resolver<Values, unknown, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [name, error] of Object.entries(result.errors) as [string, FieldError | undefined][]) {
      if (error?.message) error.message = fieldProblemInWords(labels[name], error.message);
    }
    return result;
  };
}

/** Today in the viewer's own calendar (YYYY-MM-DD), for a date field's first value. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
