import type { ApiError } from "@shop/shared";

/** A failed API call, with the server's message in words and its per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields: Record<string, string> = {},
    /** The server's stable name for errors the page acts on (e.g. email_not_verified). */
    public readonly code?: string,
  ) {
    super(message);
  }
}

/** A failure in words for a person: the API's own message, else the page's fallback. */
export function errorMessage(error: unknown, fallback = "Something went wrong."): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/** A refusal as the server words it (an API answer or a page action's), as an error a form can show. */
export function requestErrorOf(problem: ApiError, status = 400): ApiRequestError {
  return new ApiRequestError(status, problem.message, problem.fields ?? {}, problem.code);
}
