import {
  BILLING_PAYMENT_KINDS,
  BILLING_STATUSES,
  BILLING_VIEWS,
  type BillingQuery,
  billingPaymentKindLabels,
  billingStatusLabels,
} from "@shop/shared";
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
import {
  HoldsTable,
  InvoicesTable,
  OverdueTable,
  PaymentsTable,
} from "../../features/orders/components/billing-tables.tsx";
import { BillingTotals } from "../../features/orders/components/billing-totals.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Billing");
}

const LIST_PATH = href("/dashboard/orders/billing");

const views = BILLING_VIEWS;
type View = (typeof views)[number];
const viewLabels: Record<View, string> = {
  invoices: "Invoices",
  payments: "Payments",
  holds: "Card holds",
  overdue: "Overdue",
};
const sorts = ["newest", "oldest", "amount_desc", "amount_asc"] as const;
const kinds = BILLING_PAYMENT_KINDS;

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
  holds: {
    newest: "Newest holds first",
    oldest: "Oldest holds first (lapse soonest)",
    amount_desc: "Amount (high to low)",
    amount_asc: "Amount (low to high)",
  },
  overdue: {
    newest: "Latest due first",
    oldest: "Longest overdue first",
    amount_desc: "Total (high to low)",
    amount_asc: "Total (low to high)",
  },
};

const nouns: Record<View, { one: string; many: string }> = {
  invoices: { one: "invoice", many: "invoices" },
  payments: { one: "payment", many: "payments" },
  holds: { one: "card hold", many: "card holds" },
  overdue: { one: "overdue invoice", many: "overdue invoices" },
};

const notes: Record<View, string> = {
  invoices: "Dates are the order's date. Cancelled orders nothing was paid for are not invoices and are left out.",
  payments:
    "Dates are the day the money was received. A released card hold moved no money and is not added up; declined cards are on their order only.",
  holds:
    "Money held on a buyer's card, not yet taken: captured when the order ships. Two days before a hold lapses the shop captures it (or lets it go, if the order was cancelled).",
  overdue:
    "Wholesale orders on terms not fully paid after their due day. Dates are the due day. Record a payment on the order to bring its balance down.",
};

const empties: Record<View, { title: string; children: string }> = {
  invoices: {
    title: "No invoices yet",
    children: "Every order placed at checkout is billed here, unpaid until you record its payment.",
  },
  payments: {
    title: "No payments yet",
    children: "Payments and refunds appear here as soon as you record them on an order or a card is charged.",
  },
  holds: {
    title: "No card holds waiting",
    children: "An order paid by card holds its money here from checkout until it ships.",
  },
  overdue: {
    title: "Nothing overdue",
    children: "Wholesale orders on terms appear here once their due day has passed with money still owed.",
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
  const noun = nouns[view];
  const methods = [...(billing.data?.methods ?? [])];
  if (query.method && !methods.includes(query.method)) methods.push(query.method);

  return (
    <>
      <AdminPageHeader
        title="Billing"
        description="Every order as its invoice, every payment and refund recorded or charged, the card holds waiting for capture and the overdue invoices on terms. Filter, search and export what you see as CSV."
        actions={<DownloadLink href={billingCsvUrl(query)} className="w-full sm:w-auto" />}
      />
      <nav aria-label="Billing views" className="mb-4">
        <ul className="inline-flex max-w-full rounded-full border border-line bg-white p-1">
          {views.map((option) => (
            <li key={option}>
              <Link
                to={viewPath(params, option)}
                aria-current={option === view ? "page" : undefined}
                className={`inline-flex h-9 items-center whitespace-nowrap rounded-full px-3 font-medium text-sm sm:px-4 ${
                  option === view ? "bg-brand-700 text-white" : "text-muted hover:text-ink"
                }`}
              >
                {viewLabels[option]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mb-4 grid gap-3">
        <ListSearch
          id="billing-search"
          label={`Search ${noun.many}`}
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
          ) : view === "payments" ? (
            <ListFilter
              label="Type"
              name="kind"
              value={query.kind}
              options={[
                ["", "All types"],
                ...kinds.map((kind): [string, string] => [kind, billingPaymentKindLabels[kind]]),
              ]}
            />
          ) : null}
          {/* Holds and overdue invoices have no type or status filter: the method takes the phone's whole row. */}
          <div className={view === "holds" || view === "overdue" ? "col-span-2 xl:col-span-1" : undefined}>
            <ListFilter
              label="Payment method"
              name="method"
              value={query.method}
              options={[["", "All methods"], ...methods.map((method): [string, string] => [method, method])]}
            />
          </div>
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
        <p className="text-muted text-xs">{notes[view]}</p>
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
          ) : data?.view === "holds" ? (
            <HoldsTable rows={data.items} stale={stale} listSearch={listSearch} />
          ) : data?.view === "overdue" ? (
            <OverdueTable rows={data.items} stale={stale} listSearch={listSearch} />
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
        empty={empties[view]}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
