import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet } from "react-router";
import { makeAdminQueryClient } from "../../components/layout/admin-shell.ts";
import { PrintStoreContext } from "../../features/orders-admin/documents/print-store.ts";
import { requireStaff } from "../../lib/guards.ts";
import type { Route } from "./+types/print-layout";

// The documents staff print from an order (packing slip, invoice): dashboard pages under the same
// server-side guard as the dashboard's layout, without its header and menus, which have no place
// on paper. The API checks the role again on every call.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(request, context.user);
  // The shop's name, address and contact on the documents (Settings > Store profile).
  return { store: (await context.services.settings.getPublic()).storeProfile };
}

export { adminHeaders as headers } from "../../components/layout/admin-shell.ts";

export default function PrintLayout({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(() => makeAdminQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <PrintStoreContext value={loaderData.store}>
        <main id="main" className="bg-canvas print:bg-white">
          <Outlet />
        </main>
      </PrintStoreContext>
    </QueryClientProvider>
  );
}

export { AdminLayoutError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
