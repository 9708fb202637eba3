import { Users } from "lucide-react";
import { AdminList, ListSearch, pageOf, useListParams } from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useCustomers } from "../../features/users/api/get-customers.ts";
import { CustomersTable } from "../../features/users/components/customers-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Customers");
}

export default function Customers() {
  const search = useListParams();
  const customers = useCustomers(search.q, search.page);

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
        page={customers.data && pageOf(customers.data)}
        noun={{ one: "customer", many: "customers" }}
        refreshing="Searching…"
        icon={Users}
        table={(items, stale) => <CustomersTable customers={items} listSearch={search.listSearch} stale={stale} />}
        narrowed={
          search.q && {
            matching: ` matching “${search.q}”`,
            title: "No customers found",
            children: `No customer's name or e-mail matches “${search.q}”. Check the spelling, or search for part of the e-mail address.`,
          }
        }
        empty={{
          title: "No customers yet",
          children: "Customers appear here as soon as they create an account in the shop.",
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
