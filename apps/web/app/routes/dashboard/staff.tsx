import { UserPlus, Users } from "lucide-react";
import { href } from "react-router";
import { ListBody, listSummary, pageOf, StaleError, useListParams } from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { JumpToForm, ListBesideForm } from "../../components/layout/list-beside-form.tsx";
import { useStaffUser } from "../../components/layout/use-staff-user.ts";
import { useStaff } from "../../features/users/api/get-staff.ts";
import { CreateStaffForm } from "../../features/users/components/create-staff-form.tsx";
import { StaffList, StaffListSkeleton } from "../../features/users/components/staff-list.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

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
        description="Who can sign in to this dashboard and what each may use: Staff run orders, products, lab results, the blog and the inbox; Managers also refunds, discounts, settings and rules; Owners also staff accounts and the audit log."
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
          firstPageTo={href("/dashboard/users/staff")}
          summary={described}
          table={(items, stale) => <StaffList members={items} selfId={user.id} stale={stale} />}
          empty={null}
        />
      </ListBesideForm>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
