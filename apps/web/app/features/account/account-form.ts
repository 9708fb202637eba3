import { useEffect } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { useActionData, useNavigation, useSubmit } from "react-router";
import { type FormRefusal, useRefusalErrors } from "../../lib/form-action.ts";

/**
 * What a page with several account forms (the profile's details, e-mail and password) answers one
 * of them, named by its `intent`: the sentence for the person, or why not and what was typed (never
 * a password).
 */
export type AccountFormAnswer =
  | { intent: string; done: string }
  | { intent: string; refusal: FormRefusal; values: Record<string, string> };

/** The action's answer to the form named `intent`, if the last answer was to it. */
export function useAccountAnswer(intent: string): AccountFormAnswer | undefined {
  const answer = useActionData() as AccountFormAnswer | undefined;
  return answer?.intent === intent ? answer : undefined;
}

/** What was typed into the form before its action refused it (for its default values). */
export const typedValues = (answer: AccountFormAnswer | undefined) =>
  answer && "values" in answer ? answer.values : undefined;

/**
 * One account form posted to its page's action under `intent` (decision 089), checked in the
 * browser first when the page's script runs: `send` goes to handleSubmit. The action's answer to
 * this form gives the errors beside its fields, or the receipt, after which the form is emptied or
 * set to `resetTo` (the page has loaded its data again, so a changed name shows at once).
 */
export function useAccountForm<Values extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any context and output type of the form will do
  form: UseFormReturn<Values, any, any>,
  intent: string,
  answer: AccountFormAnswer | undefined,
  fieldNames: readonly Path<Values>[],
  options: { sent?: (values: Values) => Record<string, unknown>; resetTo?: () => Values } = {},
) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const errors = useRefusalErrors(form, answer && "refusal" in answer ? answer.refusal : undefined, fieldNames);
  const receipt = answer && "done" in answer ? answer.done : null;
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer resets, even in the same words
  useEffect(() => {
    if (receipt) reset(options.resetTo?.());
  }, [answer, reset]);
  async function send() {
    const values = options.sent ? options.sent(form.getValues()) : form.getValues();
    await submit({ ...values, intent } as Record<string, string>, { method: "post", preventScrollReset: true });
  }
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return { errors, busy, receipt, send };
}
