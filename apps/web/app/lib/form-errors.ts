import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiRequestError } from "./api.ts";

/**
 * Puts a failed API call on a form: each field's message beside its field, and one message for
 * the form (what went wrong, or where to look). Gives the error back for pages that act on its code.
 */
export function showServerErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fieldNames: readonly Path<Values>[],
): ApiRequestError {
  const problem = error instanceof ApiRequestError ? error : new ApiRequestError(0, "Something went wrong.");
  const marked = fieldNames.filter((name) => problem.fields[name]);
  for (const name of marked) setError(name, { message: problem.fields[name] });
  setError("root", { message: marked.length > 0 ? "Please check the fields marked above." : problem.message });
  return problem;
}
