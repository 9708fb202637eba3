import type { AdminOrderListQuery } from "@shop/shared";
import { ORDER_STATUSES, type OrderStatus, orderStatusLabels } from "@shop/shared/constants";
import { formatCount } from "@shop/shared/rules";
import { ReceiptText } from "lucide-react";
import {
  AdminList,
  DateRangeFilter,
  dayFrom,
  ListFilter,
  ListSearch,
  oneOf,
  pageOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useOrders } from "../../features/orders-admin/api/get-orders.ts";
import { OrdersTable } from "../../features/orders-admin/components/orders-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Orders");
}

const sorts = ["newest", "oldest", "total_desc", "total_asc"] as const;
type Sort = (typeof sorts)[number];
const sortLabels: Record<Sort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  total_desc: "Total (high to low)",
  total_asc: "Total (low to high)",
};

export default function Orders() {
  const search = useListParams();
  const { listSearch } = search;
  const params = search.params;
  const query = {
    status: oneOf(params.get("status"), ORDER_STATUSES),
    q: search.q || undefined,
    from: dayFrom(params.get("from")),
    to: dayFrom(params.get("to")),
    sort: oneOf(params.get("sort"), sorts) ?? "newest",
    page: search.page,
  } satisfies AdminOrderListQuery;
  const filtered = Boolean(query.status || query.q || query.from || query.to);
  const orders = useOrders(query);
  const counts = orders.data?.counts;
  const count = (status: OrderStatus) => (counts ? ` (${formatCount(counts[status] ?? 0)})` : "");
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;

  return (
    <>
      <AdminPageHeader
        title="Orders"
        description="Every order placed in the shop. Find one by its number, the buyer's e-mail or name, and take it from payment to delivery."
      />
      <div className="mb-4 grid gap-3">
        <ListSearch
          id="order-search"
          label="Search orders"
          placeholder="Order number, e-mail or name"
          search={search}
        />
        <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
          <ListFilter
            label="Status"
            name="status"
            value={query.status}
            options={[
              ["", `All statuses${all === undefined ? "" : ` (${formatCount(all)})`}`],
              ...ORDER_STATUSES.map((status): [string, string] => [
                status,
                `${orderStatusLabels[status]}${count(status)}`,
              ]),
            ]}
          />
          <ListFilter
            label="Sort by"
            name="sort"
            value={query.sort}
            options={sorts.map((sort) => [sort, sortLabels[sort]])}
          />
          <DateRangeFilter from={query.from} to={query.to} />
        </div>
      </div>
      <AdminList
        query={orders}
        page={orders.data && pageOf(orders.data)}
        noun={{ one: "order", many: "orders" }}
        icon={ReceiptText}
        table={(items, stale) => <OrdersTable orders={items} stale={stale} listSearch={listSearch} />}
        narrowed={
          filtered && {
            title: "No orders found",
            children: query.q
              ? `No order's number, e-mail or name matches “${query.q}” with these filters.`
              : "No order fits these filters.",
          }
        }
        empty={{ title: "No orders yet", children: "Orders appear here as soon as buyers place them at checkout." }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
