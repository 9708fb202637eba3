import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { apiRequest } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/form-errors.ts";

/**
 * Sends an account request whose answer is a sentence for the person (`{ message }`: "We sent a link
 * to …", "Your password is changed."), and gives that sentence.
 */
export async function sendForReceipt(path: string, method: "POST" | "PUT", body: unknown): Promise<string> {
  const { message } = await apiRequest<{ message: string }>(path, { method, body });
  return message;
}

/**
 * An account form that changes something with PUT `path` (the e-mail address, the password): `send`
 * goes to handleSubmit; once done the form is emptied and `receipt` holds the answer's sentence until
 * the next try; a refusal shows beside the named fields.
 */
export function useReceiptForm<Values extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any context and output type of the form will do
  form: UseFormReturn<Values, any, any>,
  path: string,
  fieldNames: readonly Path<Values>[],
) {
  const [receipt, setReceipt] = useState<string | null>(null);
  async function send(values: unknown) {
    setReceipt(null);
    try {
      const message = await sendForReceipt(path, "PUT", values);
      form.reset();
      setReceipt(message);
    } catch (error) {
      showServerErrors(form.setError, error, fieldNames);
    }
  }
  return { receipt, send };
}
