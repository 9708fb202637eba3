import type { WholesaleListQuery } from "@shop/shared";
import { WHOLESALE_STATUSES, wholesaleStatusLabels } from "@shop/shared/constants";
import { Store } from "lucide-react";
import {
  AdminList,
  countedPageOf,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useWholesaleAccounts } from "../../features/wholesale/api/wholesale-accounts.ts";
import { WholesaleAccountsTable } from "../../features/wholesale/components/wholesale-accounts-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Wholesale accounts");
}

/** The page size the API answers with unless told (WHOLESALE_PAGE_SIZE, which comes with zod). */
const PAGE_SIZE = 20;

/** Customers > Wholesale accounts (decision 102): applications waiting first, then every account with its papers and money. */
export default function WholesaleAccounts() {
  const search = useListParams();
  const query = {
    status: oneOf(search.params.get("status"), WHOLESALE_STATUSES),
    q: search.q || undefined,
    page: search.page,
  } satisfies WholesaleListQuery;
  const accounts = useWholesaleAccounts(query);
  return (
    <>
      <AdminPageHeader
        title="Wholesale accounts"
        currentLabel="Wholesale accounts"
        description="Retailers who buy by the box: applications waiting for review first, then each account's terms, licence and certificate expiries, orders and balance due."
      />
      <div className="mb-4 grid gap-3 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <ListSearch
          id="wholesale-search"
          label="Search wholesale accounts"
          placeholder="Business name or e-mail"
          search={search}
        />
        <ListFilter
          label="Status"
          name="status"
          value={query.status}
          options={optionsOf("Every status", WHOLESALE_STATUSES, wholesaleStatusLabels)}
        />
      </div>
      <AdminList
        query={accounts}
        page={accounts.data && countedPageOf(accounts.data, PAGE_SIZE)}
        noun={{ one: "account", many: "accounts" }}
        icon={Store}
        table={(items, stale) => <WholesaleAccountsTable accounts={items} stale={stale} />}
        narrowed={
          Boolean(query.q || query.status) && {
            title: "No wholesale accounts found",
            children: query.q
              ? `No business name or e-mail matches “${query.q}” with this filter.`
              : "No account has this status.",
          }
        }
        empty={{
          title: "No wholesale accounts yet",
          children: "Buyers apply under My account > Wholesale; their applications appear here for review.",
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
