import { STATUS_CODES } from "node:http";
import type { ApiError } from "@shop/shared";
import { domainErrorOf, httpStatusOf } from "@shop/shared/errors";
import type { z } from "zod";

/** What a service said to an action's change: its value, or its refusal with the API's status. */
export type ServiceAnswer<T> = { ok: true; value: T } | ServiceRefusal;

/** A service's refusal: the API's words (a FormRefusal's problem) and status. */
export interface ServiceRefusal {
  ok: false;
  status: number;
  refusal: { problem: ApiError };
}

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

/**
 * A refusal of what was sent, field by field (as a route's schema words it), for a body the page's
 * own form could not have sent: each field's first message, and all of them in one sentence.
 */
export function invalidAnswer(error: z.ZodError): ServiceRefusal {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "(request)"] ??= issue.message;
  const message = Object.values(fields).join(" ");
  return { ok: false, status: 400, refusal: { problem: { error: "Bad Request", message, fields } } };
}

/** What a resource route answers a fetcher: JSON, kept by no cache (prices and stock change). */
export function fetcherAnswer(value: unknown): Response {
  return Response.json(value, { headers: { "cache-control": "no-store" } });
}
