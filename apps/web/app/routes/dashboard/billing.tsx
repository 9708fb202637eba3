import { BILLING_STATUSES, type BillingQuery, billingStatusLabels } from "@shop/shared";
import { Landmark } from "lucide-react";
import { href, Link } from "react-router";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import {
  AdminList,
  DateRangeFilter,
  dayFrom,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  pageOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { billingCsvUrl, useBilling } from "../../features/orders/api/get-billing.ts";
import { InvoicesTable, PaymentsTable } from "../../features/orders/components/billing-tables.tsx";
import { BillingTotals } from "../../features/orders/components/billing-totals.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Billing");
}

const LIST_PATH = href("/dashboard/orders/billing");

const views = ["invoices", "payments"] as const;
type View = (typeof views)[number];
const sorts = ["newest", "oldest", "amount_desc", "amount_asc"] as const;
const kinds = ["payment", "refund"] as const;

const sortLabels: Record<View, Record<(typeof sorts)[number], string>> = {
  invoices: {
    newest: "Newest orders first",
    oldest: "Oldest orders first",
    amount_desc: "Total (high to low)",
    amount_asc: "Total (low to high)",
  },
  payments: {
    newest: "Latest received first",
    oldest: "Earliest received first",
    amount_desc: "Amount (high to low)",
    amount_asc: "Amount (low to high)",
  },
};

/** The other view's address: the search, method and dates stay; what only one view filters on goes. */
function viewPath(params: URLSearchParams, view: View): string {
  const next = new URLSearchParams(params);
  for (const name of ["view", "status", "kind", "sort", "page"]) next.delete(name);
  if (view !== "invoices") next.set("view", view);
  return `${LIST_PATH}${next.size ? `?${next}` : ""}`;
}

export default function Billing() {
  const search = useListParams();
  const { listSearch } = search;
  const params = search.params;
  const view = oneOf(params.get("view"), views) ?? "invoices";
  const query = {
    view,
    status: view === "invoices" ? oneOf(params.get("status"), BILLING_STATUSES) : undefined,
    kind: view === "payments" ? oneOf(params.get("kind"), kinds) : undefined,
    method: params.get("method")?.trim().slice(0, 60) || undefined,
    q: search.q || undefined,
    from: dayFrom(params.get("from")),
    to: dayFrom(params.get("to")),
    sort: oneOf(params.get("sort"), sorts) ?? "newest",
    page: search.page,
  } satisfies BillingQuery;
  const filtered = Boolean(query.status || query.kind || query.method || query.q || query.from || query.to);
  const billing = useBilling(query);
  // An answer for the other view (kept while the new one loads) is not shown as this view's.
  const data = billing.data?.view === view ? billing.data : undefined;
  const noun = view === "invoices" ? { one: "invoice", many: "invoices" } : { one: "payment", many: "payments" };
  const methods = [...(billing.data?.methods ?? [])];
  if (query.method && !methods.includes(query.method)) methods.push(query.method);

  return (
    <>
      <AdminPageHeader
        title="Billing"
        description="Every order as its invoice, and every payment and refund recorded. Filter, search and export what you see as CSV."
        actions={<DownloadLink href={billingCsvUrl(query)} className="w-full sm:w-auto" />}
      />
      <nav aria-label="Billing views" className="mb-4">
        <ul className="inline-flex rounded-full border border-line bg-white p-1">
          {views.map((option) => (
            <li key={option}>
              <Link
                to={viewPath(params, option)}
                aria-current={option === view ? "page" : undefined}
                className={`inline-flex h-9 items-center rounded-full px-4 font-medium text-sm ${
                  option === view ? "bg-brand-700 text-white" : "text-muted hover:text-ink"
                }`}
              >
                {option === "invoices" ? "Invoices" : "Payments"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mb-4 grid gap-3">
        <ListSearch
          id="billing-search"
          label={view === "invoices" ? "Search invoices" : "Search payments"}
          placeholder="Order number, e-mail or name"
          search={search}
        />
        <div className="grid grid-cols-2 gap-2 xl:grid-cols-5">
          {view === "invoices" ? (
            <ListFilter
              label="Billing status"
              name="status"
              value={query.status}
              options={optionsOf("All statuses", BILLING_STATUSES, billingStatusLabels)}
            />
          ) : (
            <ListFilter
              label="Type"
              name="kind"
              value={query.kind}
              options={[
                ["", "Payments and refunds"],
                ["payment", "Payments"],
                ["refund", "Refunds"],
              ]}
            />
          )}
          <ListFilter
            label="Payment method"
            name="method"
            value={query.method}
            options={[["", "All methods"], ...methods.map((method): [string, string] => [method, method])]}
          />
          <div className="col-span-2 xl:col-span-1">
            <ListFilter
              label="Sort by"
              name="sort"
              value={query.sort}
              options={sorts.map((sort) => [sort, sortLabels[view][sort]])}
            />
          </div>
          <DateRangeFilter from={query.from} to={query.to} boxClassName="col-span-2 grid sm:col-span-1" />
        </div>
        <p className="text-muted text-xs">
          {view === "invoices"
            ? "Dates are the order's date. Cancelled orders nothing was paid for are not invoices and are left out."
            : "Dates are the day the money was received."}
        </p>
      </div>
      {!(billing.isError && !data) && (
        <BillingTotals view={view} totals={data?.totals} stale={billing.isPlaceholderData || !data} />
      )}
      <AdminList
        query={{ ...billing, data, isPending: billing.isPending || (!data && !billing.isError) }}
        page={data && pageOf<unknown>(data)}
        noun={noun}
        icon={Landmark}
        table={(_items, stale) =>
          data?.view === "invoices" ? (
            <InvoicesTable rows={data.items} stale={stale} listSearch={listSearch} />
          ) : data?.view === "payments" ? (
            <PaymentsTable rows={data.items} stale={stale} listSearch={listSearch} />
          ) : null
        }
        narrowed={
          filtered && {
            title: `No ${noun.many} found`,
            children: query.q
              ? `No ${noun.one}'s order number, e-mail or name matches “${query.q}” with these filters.`
              : "Nothing fits these filters.",
            clearTo: viewPath(new URLSearchParams(), view),
          }
        }
        empty={
          view === "invoices"
            ? {
                title: "No invoices yet",
                children: "Every order placed at checkout is billed here, unpaid until you record its payment.",
              }
            : {
                title: "No payments yet",
                children: "Payments and refunds appear here as soon as you record them on an order.",
              }
        }
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
