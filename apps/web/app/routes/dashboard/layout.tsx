import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import { UnsavedChangesGuard } from "../../components/form/unsaved-changes.tsx";
import { AdminHeader } from "../../components/layout/admin-header.tsx";
import { AdminMobileNav } from "../../components/layout/admin-mobile-nav.tsx";
import { PageRefused } from "../../components/layout/admin-route-error.tsx";
import { makeAdminQueryClient } from "../../components/layout/admin-shell.ts";
import { AdminSidebar, rememberSidebarPin, sidebarPinnedIn } from "../../components/layout/admin-sidebar.tsx";
import { PageLoader } from "../../components/layout/page-loader.tsx";
import type { StaffUser } from "../../components/layout/use-staff-user.ts";
import { Toaster } from "../../components/ui/toaster.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { ApiRequestError } from "../../lib/api-error.ts";
import { pageRefusal } from "../../lib/dashboard-areas.ts";
import { requireStaff } from "../../lib/guards.ts";
import type { Route } from "./+types/layout";

// Runs on the server for the first page and for every client navigation (as a data request), so
// the role check never depends on code in the browser. The API checks roles again on every call.
// A page the role may not use is not shown: the layout says which accounts may use it instead.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { id, firstName, lastName, role } = requireStaff(request, context.user);
  const user: StaffUser = { id, firstName, lastName, role };
  const { storeProfile } = await context.services.settings.getPublic();
  return {
    user,
    refusal: pageRefusal(role, new URL(request.url).pathname),
    sidebarPinned: sidebarPinnedIn(request.headers.get("cookie")),
    shopName: storeProfile.name,
  };
}

/** Checks the session again on every page change; searching or paging within a list needs no round trip. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  return currentUrl.search === nextUrl.search && defaultShouldRevalidate;
}

export { adminHeaders as headers } from "../../components/layout/admin-shell.ts";

export function meta() {
  return adminMeta("Dashboard");
}

/**
 * The session ended while a page was open (logged out elsewhere, expired): one lasting toast with
 * a link to log in that comes back to this page, whichever call found out first.
 */
function sayWhenSessionEnded(error: unknown) {
  if (!(error instanceof ApiRequestError) || error.code !== "login_required") return;
  const back = `/registration?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
  // After the failed action's own toast, so that this one is on top of the stack.
  setTimeout(() =>
    toast.error("Your session has ended.", {
      id: "session-ended",
      duration: Number.POSITIVE_INFINITY,
      description: (
        <a href={back} className="font-semibold underline">
          Log in again to carry on
        </a>
      ),
    }),
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const [queryClient] = useState(() => makeAdminQueryClient(sayWhenSessionEnded));
  const [menuOpen, setMenuOpen] = useState(false);
  const { user } = loaderData;
  const [sidebarPinned, setSidebarPinned] = useState(loaderData.sidebarPinned);
  function togglePin() {
    rememberSidebarPin(!sidebarPinned);
    setSidebarPinned(!sidebarPinned);
  }
  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-dvh bg-canvas">
        <AdminHeader
          shopName={loaderData.shopName}
          firstName={user.firstName}
          lastName={user.lastName}
          role={user.role}
          menuOpen={menuOpen}
          onOpenMenu={() => setMenuOpen(true)}
        />
        <AdminSidebar role={user.role} pinned={sidebarPinned} onTogglePin={togglePin} />
        <div className={`pt-16 transition-[padding] duration-200 ${sidebarPinned ? "lg:pl-64" : "lg:pl-[4.5rem]"}`}>
          <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <UnsavedChangesGuard>
              {loaderData.refusal ? <PageRefused refusal={loaderData.refusal} role={user.role} /> : <Outlet />}
            </UnsavedChangesGuard>
          </main>
        </div>
        <AdminMobileNav
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          name={`${user.firstName} ${user.lastName}`.trim()}
          role={user.role}
        />
        <PageLoader />
        <Toaster />
      </div>
    </QueryClientProvider>
  );
}

export { AdminLayoutError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
