import { UserPlus, Users } from "lucide-react";
import { href, redirect } from "react-router";
import { ListBody, listSummary, pageOf, StaleError, useListParams } from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { JumpToForm, ListBesideForm } from "../../components/layout/list-beside-form.tsx";
import { useStaffUser } from "../../components/layout/use-staff-user.ts";
import { useStaff } from "../../features/users/api/get-staff.ts";
import { CreateStaffForm } from "../../features/users/components/create-staff-form.tsx";
import { StaffList, StaffListSkeleton } from "../../features/users/components/staff-list.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { requireStaff, SUPER_ADMIN_ONLY_NOTICE } from "../../lib/guards.ts";
import type { Route } from "./+types/staff";

/** Staff accounts are for super admins only; other staff go back to the dashboard's home, which says why. */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(request, context.user);
  if (user.role !== "super_admin") throw redirect(`${href("/dashboard")}?${SUPER_ADMIN_ONLY_NOTICE}`);
  return null;
}

export function meta() {
  return adminMeta("Staff");
}

export default function Staff() {
  const user = useStaffUser();
  const { page: pageNumber, params } = useListParams();
  const staff = useStaff(pageNumber);
  const page = staff.data && pageOf(staff.data);
  const described = listSummary(page, { one: "account", many: "accounts" });

  return (
    <>
      <AdminPageHeader
        title="Staff"
        description="Who can sign in to this dashboard. Staff manage the shop; Super Admins also manage staff."
        actions={
          <JumpToForm to="#add-staff" icon={UserPlus}>
            Add staff member
          </JumpToForm>
        }
      />
      <ListBesideForm
        title="Staff accounts"
        titleId="staff-list-title"
        summary={described}
        form={<CreateStaffForm />}
        formWidth="22rem"
      >
        <StaleError query={staff} />
        <ListBody
          query={staff}
          page={page}
          what="the staff accounts"
          skeleton={<StaffListSkeleton />}
          search={params}
          icon={Users}
          firstPageTo="/dashboard/users/staff"
          summary={described}
          table={(items, stale) => <StaffList members={items} selfId={user.id} stale={stale} />}
          empty={null}
        />
      </ListBesideForm>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
