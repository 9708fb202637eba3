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

/**
 * The one way the browser calls the API: JSON in (or FormData, sent as multipart), JSON out,
 * errors as ApiRequestError. A 204 answer gives null.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers: {
        ...(init.body === undefined || init.body instanceof FormData ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined || init.body instanceof FormData ? init.body : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiRequestError(0, "We could not reach the shop. Check your connection and try again.");
  }
  const payload = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = payload as Partial<ApiError> | null;
    throw new ApiRequestError(
      response.status,
      error?.message ?? `HTTP ${response.status}`,
      error?.fields ?? {},
      error?.code,
    );
  }
  return payload as T;
}
