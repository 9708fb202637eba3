import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { AdminRouteError } from "../../components/layout/admin-route-error.tsx";
import { ApiRequestError } from "../../lib/api.ts";
import { requireStaff } from "../../lib/guards.ts";
import type { Route } from "./+types/print-layout";

// The documents staff print from an order (packing slip, invoice): dashboard pages under the same
// server-side guard as the dashboard's layout, without its header and menus, which have no place
// on paper. The API checks the role again on every call.
export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(request, context.user);
  return null;
}

export function headers() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" };
}

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer (signed out, not allowed, not found) will not change by asking again.
        retry: (failures, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1,
      },
    },
  });
}

export default function PrintLayout() {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <main id="main" className="bg-canvas print:bg-white">
        <Outlet />
      </main>
    </QueryClientProvider>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <AdminRouteError />
    </main>
  );
}
