import { STATUS_CODES } from "node:http";
import { domainErrorOf, httpStatusOf } from "@shop/shared/errors";
import type { FormRefusal } from "./form-action.ts";

/** What a service said to an action's change: its value, or its refusal with the API's status. */
export type ServiceAnswer<T> = { ok: true; value: T } | { ok: false; status: number; refusal: FormRefusal };

/**
 * Runs an action's change through its service (decision 089). A domain error becomes the form's
 * refusal, in the words and with the status the /api route answers it with; anything else is a
 * fault and passes on to the page's error boundary.
 */
export async function serviceAnswer<T>(change: () => Promise<T>): Promise<ServiceAnswer<T>> {
  try {
    return { ok: true, value: await change() };
  } catch (error) {
    const refused = domainErrorOf(error);
    if (!refused) throw error;
    const status = httpStatusOf(refused);
    const { message, fields, code } = refused;
    const problem = {
      error: STATUS_CODES[status] ?? "Error",
      message,
      ...(fields ? { fields } : {}),
      ...(code ? { code } : {}),
    };
    return { ok: false, status, refusal: { problem } };
  }
}
