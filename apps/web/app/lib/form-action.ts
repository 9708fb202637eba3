import type { ApiError } from "@shop/shared";
import { useEffect, useState } from "react";
import type { FieldErrors, FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { requestErrorOf } from "./api-error.ts";
import { serverErrorMessages, showServerErrors } from "./form-errors.ts";

/**
 * Why an action (decision 028) did not take a form: its schema's messages by field, as the form's
 * own check in the browser shows them, or the API's refusal, as showServerErrors shows it.
 */
export type FormRefusal = { invalid: Record<string, string> } | { problem: ApiError };

/** A posted form's text fields, each name's first value; a body that is not a form gives none. */
export async function postedFields(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !Object.hasOwn(fields, name)) fields[name] = value;
  }
  return fields;
}

/** The fields a form has, out of what was posted (a form's schema refuses any other name). */
export function pick<Name extends string>(
  fields: Record<string, string>,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const picked: Partial<Record<Name, string>> = {};
  for (const name of names) if (Object.hasOwn(fields, name)) picked[name] = fields[name];
  return picked;
}

/** Each field's first message, named as react-hook-form's zod resolver names it. */
export function schemaMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join(".");
    if (name && !(name in fields)) fields[name] = issue.message;
  }
  return fields;
}

/** The errors a refusal puts on a form, as react-hook-form holds them. */
export function refusalErrors<Values extends FieldValues>(
  refusal: FormRefusal,
  fieldNames: readonly Path<Values>[],
): FieldErrors<Values> {
  const errors: Record<string, { type: string; message: string }> = {};
  if ("invalid" in refusal) {
    for (const name of fieldNames) {
      const message = refusal.invalid[name];
      if (message) errors[name] = { type: "server", message };
    }
  } else {
    const { fields, root } = serverErrorMessages(requestErrorOf(refusal.problem), fieldNames);
    for (const [name, message] of fields) errors[name] = { type: "server", message };
    errors.root = { type: "server", message: root };
  }
  return errors as FieldErrors<Values>;
}

/** A refusal in one sentence, for a change made by a button, with no fields to mark. */
export function refusalText(refusal: FormRefusal): string {
  if ("problem" in refusal) return refusal.problem.message;
  return Object.values(refusal.invalid)[0] ?? "Please check what was sent and try again.";
}

/**
 * The errors a form shows once its action has answered. The page the server rendered after a post
 * without JavaScript (and its hydration) shows the refusal itself; then it is put on the form, as
 * the answer to a post from the browser's script is, and the form's own errors are shown.
 */
export function useRefusalErrors<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  refusal: FormRefusal | undefined,
  fieldNames: readonly Path<Values>[],
): FieldErrors<Values> {
  const { errors } = form.formState;
  const [applied, setApplied] = useState<FormRefusal | undefined>(undefined);
  const { setError } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fieldNames is each form's constant list
  useEffect(() => {
    if (!refusal) return;
    if ("invalid" in refusal) {
      for (const [name, error] of Object.entries(refusalErrors<Values>(refusal, fieldNames))) {
        setError(name as Path<Values>, { message: (error as { message: string }).message });
      }
    } else {
      showServerErrors(setError, requestErrorOf(refusal.problem), fieldNames);
    }
    setApplied(refusal);
  }, [refusal, setError]);
  return refusal && refusal !== applied ? refusalErrors<Values>(refusal, fieldNames) : errors;
}
