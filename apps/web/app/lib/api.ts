import type { ApiError } from "@shop/shared";
import { ApiRequestError } from "./api-error.ts";

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
