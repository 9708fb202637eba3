import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../../lib/api-error.ts";

// What the dashboard's two layouts share: the screens' (layout.tsx) and the printed documents' (print-layout.tsx).

/**
 * The query client of the dashboard's pages and of the documents printed from them. `onError` hears
 * every call that failed, whichever page made it.
 */
export function makeAdminQueryClient(onError: (error: unknown) => void = () => {}) {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer (signed out, not allowed, not found) will not change by asking again; other
        // failures are tried once more before the page says what went wrong.
        retry: (failures, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1,
      },
    },
  });
}

/** Staff pages are private: never indexed, never kept by a cache. */
export function adminHeaders() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" };
}
