import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { PageRefused } from "../../components/layout/admin-route-error.tsx";
import { makeAdminQueryClient } from "../../components/layout/admin-shell.ts";
import { PrintStoreContext } from "../../features/orders/documents/print-store.ts";
import { pageRefusal } from "../../lib/dashboard-areas.ts";
import { requireStaff } from "../../lib/guards.ts";
import type { Route } from "./+types/print-layout";

// The documents staff print from an order (packing slip, invoice): dashboard pages under the same
// server-side guard as the dashboard's layout, without its header and menus, which have no place
// on paper. The API checks the role again on every call.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { role } = requireStaff(request, context.user);
  // The shop's name, address and contact on the documents (Settings > Store profile).
  return {
    role,
    refusal: pageRefusal(role, new URL(request.url).pathname),
    store: (await context.services.settings.getPublic()).storeProfile,
  };
}

export { adminHeaders as headers } from "../../components/layout/admin-shell.ts";

export default function PrintLayout({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(() => makeAdminQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <PrintStoreContext value={loaderData.store}>
        <main id="main" className="bg-canvas print:bg-white">
          {loaderData.refusal ? (
            <div className="mx-auto max-w-xl px-4 py-16">
              <PageRefused refusal={loaderData.refusal} role={loaderData.role} />
            </div>
          ) : (
            <Outlet />
          )}
        </main>
      </PrintStoreContext>
    </QueryClientProvider>
  );
}

export { AdminLayoutError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
