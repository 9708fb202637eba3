import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from "react-hook-form";
import { ApiRequestError } from "./api-error.ts";

/** The labels a form shows, by the API's field names, so that messages use the form's words. */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * One field's problem as a sentence: the API's fragment ("must be at most 200 characters")
 * after the label the form shows, or the API's own sentence; a capital first, a stop last.
 */
export function fieldProblemInWords(label: string | undefined, text: string): string {
  const sentence = label && !/^[A-Z]/.test(text) ? `${label} ${text}` : text;
  const capital = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** What went wrong in the form's words (for a toast): each labelled field's problem, else the API's message. */
export function problemInWords(problem: ApiRequestError, labels: FieldLabels): string {
  const named = Object.entries(problem.fields).filter(([name]) => labels[name] !== undefined);
  if (named.length === 0) return problem.message;
  return named.map(([name, text]) => fieldProblemInWords(labels[name], text)).join(" ");
}

/** What a form adds to showServerErrors beyond its fields' names and labels. */
export interface ServerErrorOptions<Values extends FieldValues> {
  /**
   * File pickers, which the form library does not hold: the API's field name and how the form
   * shows that field's message. A picker that stands for several fields gets the first of theirs.
   */
  files?: Readonly<Record<string, (message: string) => void>>;
  /** Given, the first marked field takes the focus. */
  setFocus?: UseFormSetFocus<Values>;
}

const FIELDS_MARKED = "Please check the fields marked above.";

/**
 * A form's fields as the API names them: a list, where the form's names are the API's, or where an
 * API field (a path such as "jurisdiction.state") shows on the form and in what words.
 */
export type FormFields<Name extends string = string> =
  | readonly Name[]
  | ((apiName: string, message: string) => readonly [Name, string]);

/**
 * The messages a failed API call puts on a form (file pickers aside): each named field's beside it,
 * and one for the form (where to look, or what went wrong).
 */
export function serverErrorMessages<Name extends string>(
  problem: ApiRequestError,
  formFields: FormFields<Name>,
  labels: FieldLabels = {},
): { fields: [name: Name, message: string][]; root: string } {
  const fields =
    typeof formFields === "function"
      ? Object.entries(problem.fields).map(([name, text]): [Name, string] => [...formFields(name, text)])
      : formFields
          .filter((name) => problem.fields[name])
          .map((name): [Name, string] => [name, fieldProblemInWords(labels[name], problem.fields[name] ?? "")]);
  return { fields, root: fields.length > 0 ? FIELDS_MARKED : problemInWords(problem, labels) };
}

/**
 * Puts a failed API call on a form: each field's message beside its field (file pickers too),
 * and one message for the form (what went wrong, or where to look). Gives the error back for
 * pages that act on its code.
 */
export function showServerErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  formFields: FormFields<Path<Values>>,
  labels: FieldLabels = {},
  { files = {}, setFocus }: ServerErrorOptions<Values> = {},
): ApiRequestError {
  const problem = error instanceof ApiRequestError ? error : new ApiRequestError(0, "Something went wrong.");
  const { fields, root } = serverErrorMessages(problem, formFields, labels);
  for (const [name, message] of fields) setError(name, { message });
  const shown = new Set<(message: string) => void>();
  for (const [name, show] of Object.entries(files)) {
    const message = problem.fields[name];
    if (message && !shown.has(show)) {
      shown.add(show);
      show(message);
    }
  }
  setError("root", { message: shown.size > 0 ? FIELDS_MARKED : root });
  const first = fields[0]?.[0];
  if (first) setFocus?.(first);
  return problem;
}
