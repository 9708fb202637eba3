import { UserPlus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { redirect } from "react-router";
import { Pagination } from "../../components/catalog/pagination.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useStaffUser } from "../../components/layout/use-staff-user.ts";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useStaff } from "../../features/users/api/get-staff.ts";
import { CreateStaffForm } from "../../features/users/components/create-staff-form.tsx";
import { StaffList, StaffListSkeleton } from "../../features/users/components/staff-list.tsx";
import { useListSearch } from "../../features/users/use-list-search.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { requireStaff, SUPER_ADMIN_ONLY_NOTICE } from "../../lib/guards.ts";
import type { Route } from "./+types/staff";

/** Staff accounts are for super admins only; other staff go back to the dashboard's home, which says why. */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context.user);
  if (user.role !== "super_admin") throw redirect(`/dashboard?${SUPER_ADMIN_ONLY_NOTICE}`);
  return null;
}

export function meta() {
  return adminMeta("Staff");
}

export default function Staff() {
  const user = useStaffUser();
  const { page, params } = useListSearch();
  const staff = useStaff(page);
  const data = staff.data;

  let list: ReactNode;
  if (staff.isPending) list = <StaffListSkeleton />;
  else if (staff.isError && !data)
    list = <LoadError what="the staff accounts" error={staff.error} onRetry={() => staff.refetch()} />;
  else if (data && data.items.length > 0)
    list = (
      <>
        <StaffList members={data.items} selfId={user.id} stale={staff.isPlaceholderData} />
        <Pagination
          currentPage={data.page}
          totalPages={Math.max(1, Math.ceil(data.total / data.pageSize))}
          search={params}
        />
      </>
    );
  else
    list = (
      <EmptyState
        icon={Users}
        title="No staff accounts on this page"
        action={{ to: "/dashboard/users/staff", label: "Go to the first page" }}
      >
        The list has fewer pages than this page number.
      </EmptyState>
    );

  return (
    <>
      <AdminPageHeader
        title="Staff"
        description="Who can sign in to this dashboard. Staff manage the shop; Super Admins also manage staff."
        actions={
          <a
            href="#add-staff"
            className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-900 xl:hidden"
          >
            <UserPlus aria-hidden="true" className="size-4" />
            Add staff member
          </a>
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="staff-list-title">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="staff-list-title" className="font-semibold text-lg">
              Staff accounts
            </h2>
            <p aria-live="polite" className="text-muted text-sm">
              {data ? `${data.total} ${data.total === 1 ? "account" : "accounts"}` : ""}
            </p>
          </div>
          {list}
        </section>
        <div className="xl:sticky xl:top-24">
          <CreateStaffForm />
        </div>
      </div>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
