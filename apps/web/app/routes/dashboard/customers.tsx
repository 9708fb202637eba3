import type { ManagedUserPage } from "@shop/shared";
import { UserSearch, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Pagination } from "../../components/catalog/pagination.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useCustomers } from "../../features/users/api/get-customers.ts";
import { CustomersTable, CustomersTableSkeleton } from "../../features/users/components/customers-table.tsx";
import { ListSearch } from "../../features/users/components/list-search.tsx";
import { useListSearch } from "../../features/users/use-list-search.ts";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Customers");
}

const LIST_PATH = "/dashboard/users/customers";

/** "51–75 of 120 customers matching “ann”", or "3 customers" when all fit on one page. */
function describe(data: ManagedUserPage | undefined, q: string): string | null {
  if (!data) return null;
  const noun = data.total === 1 ? "customer" : "customers";
  const first = (data.page - 1) * data.pageSize + 1;
  const range =
    data.total > data.pageSize && data.items.length > 0 ? `${first}–${first + data.items.length - 1} of ` : "";
  return `${range}${data.total.toLocaleString("en-US")} ${noun}${q ? ` matching “${q}”` : ""}`;
}

export default function Customers() {
  const search = useListSearch();
  const location = useLocation();
  const customers = useCustomers(search.q, search.page);
  const data = customers.data;

  let body: ReactNode;
  if (customers.isPending) {
    body = <CustomersTableSkeleton />;
  } else if (customers.isError && !data) {
    body = <LoadError what="the customers" error={customers.error} onRetry={() => customers.refetch()} />;
  } else if (data && data.items.length > 0) {
    const totalPages = Math.max(1, Math.ceil(data.total / data.pageSize));
    body = (
      <>
        <CustomersTable customers={data.items} listSearch={location.search} stale={customers.isPlaceholderData} />
        <Pagination currentPage={data.page} totalPages={totalPages} search={search.params} />
      </>
    );
  } else if (data && data.total > 0) {
    body = (
      <EmptyState
        icon={Users}
        title="This page is past the end of the list"
        action={{
          to: search.q ? `${LIST_PATH}?q=${encodeURIComponent(search.q)}` : LIST_PATH,
          label: "Go to the first page",
        }}
      >
        {describe(data, search.q)} fit on fewer pages than this page number.
      </EmptyState>
    );
  } else if (search.q) {
    body = (
      <EmptyState icon={UserSearch} title="No customers found" action={{ to: LIST_PATH, label: "Clear the search" }}>
        No customer's name or e-mail matches “{search.q}”. Check the spelling, or search for part of the e-mail address.
      </EmptyState>
    );
  } else {
    body = (
      <EmptyState icon={Users} title="No customers yet">
        Customers appear here as soon as they create an account in the shop.
      </EmptyState>
    );
  }

  const summary = customers.isPending
    ? "Loading customers…"
    : customers.isPlaceholderData
      ? "Searching…"
      : describe(data, search.q);

  return (
    <>
      <AdminPageHeader
        title="Customers"
        description="Shop accounts. Open a customer to see their details or to disable or enable their account."
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="sm:w-[28rem]">
          <ListSearch
            id="customer-search"
            label="Search customers"
            placeholder="Search by name or e-mail"
            value={search.draft}
            onChange={search.change}
            onSubmit={search.submit}
          />
        </div>
        <p aria-live="polite" className="text-muted text-sm">
          {summary}
        </p>
      </div>
      {customers.isError && data && (
        <p role="alert" className="mb-3 text-red-700 text-sm">
          {customers.error.message}
        </p>
      )}
      {body}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
