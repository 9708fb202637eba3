import type { ApiError } from "@shop/shared";

/** A failed API call, with the server's message in words and its per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The one way the browser calls the API: JSON in, JSON out, errors as ApiRequestError. */
export async function apiRequest<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? "GET",
      headers: init.body === undefined ? {} : { "content-type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiRequestError(0, "We could not reach the shop. Check your connection and try again.");
  }
  const payload = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = payload as Partial<ApiError> | null;
    throw new ApiRequestError(response.status, error?.message ?? `HTTP ${response.status}`, error?.fields ?? {});
  }
  return payload as T;
}
