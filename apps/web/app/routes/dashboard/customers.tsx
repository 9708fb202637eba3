import { UserSearch, Users } from "lucide-react";
import { AdminList, ListSearch, listSummary, pageOf, useListParams } from "../../components/admin-list/index.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useCustomers } from "../../features/users/api/get-customers.ts";
import { CustomersTable } from "../../features/users/components/customers-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Customers");
}

const LIST_PATH = "/dashboard/users/customers";

export default function Customers() {
  const search = useListParams();
  const customers = useCustomers(search.q, search.page);
  const page = customers.data && pageOf(customers.data);
  const described = listSummary(
    page,
    { one: "customer", many: "customers" },
    search.q ? ` matching “${search.q}”` : "",
  );

  return (
    <>
      <AdminPageHeader
        title="Customers"
        description="Shop accounts. Open a customer to see their details or to disable or enable their account."
      />
      <div className="mb-4 max-w-xl">
        <ListSearch
          id="customer-search"
          label="Search customers"
          placeholder="Search by name or e-mail"
          search={search}
        />
      </div>
      <AdminList
        query={customers}
        page={page}
        what="the customers"
        loading="Loading customers…"
        refreshing="Searching…"
        icon={Users}
        summary={described}
        table={(items, stale) => <CustomersTable customers={items} listSearch={search.listSearch} stale={stale} />}
        empty={
          search.q ? (
            <EmptyState
              icon={UserSearch}
              title="No customers found"
              action={{ to: LIST_PATH, label: "Clear the search" }}
            >
              No customer's name or e-mail matches “{search.q}”. Check the spelling, or search for part of the e-mail
              address.
            </EmptyState>
          ) : (
            <EmptyState icon={Users} title="No customers yet">
              Customers appear here as soon as they create an account in the shop.
            </EmptyState>
          )
        }
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
