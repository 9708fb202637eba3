import type { AdminOrderListQuery } from "@shop/shared";
import {
  ORDER_CHANNELS,
  ORDER_STATUSES,
  type OrderStatus,
  orderChannelLabels,
  orderStatusLabels,
} from "@shop/shared/constants";
import { formatCount } from "@shop/shared/rules";
import { Printer, ReceiptText } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import {
  AdminList,
  BulkToolbar,
  DateRangeFilter,
  dayFrom,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  pageOf,
  useListParams,
  useSelection,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { type Status, StatusMessage } from "../../components/ui/status-message.tsx";
import { useBulkOrders } from "../../features/orders/api/bulk-orders.ts";
import { ordersCsvUrl, useOrders } from "../../features/orders/api/get-orders.ts";
import { OrdersTable } from "../../features/orders/components/orders-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { packingSlipsPath } from "../../lib/admin-paths.ts";
import { errorMessage } from "../../lib/api-error.ts";

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
    channel: oneOf(params.get("channel"), ORDER_CHANNELS),
    q: search.q || undefined,
    from: dayFrom(params.get("from")),
    to: dayFrom(params.get("to")),
    sort: oneOf(params.get("sort"), sorts) ?? "newest",
    page: search.page,
  } satisfies AdminOrderListQuery;
  const filtered = Boolean(query.status || query.channel || query.q || query.from || query.to);
  const orders = useOrders(query);
  const counts = orders.data?.counts;
  const count = (status: OrderStatus) => (counts ? ` (${formatCount(counts[status] ?? 0)})` : "");
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const selection = useSelection();
  const bulk = useBulkOrders();
  // A bulk action that could not move every order says so on the page, each refusal with why (a toast would go too soon).
  const [outcome, setOutcome] = useState<Status | null>(null);

  function startProcessing(numbers: string[]) {
    setOutcome(null);
    bulk.mutate(
      { numbers, action: "start_processing" },
      {
        onSuccess: (result) => {
          selection.clear();
          if (result.refused.length === 0) {
            toast.success(result.message);
            return;
          }
          setOutcome({
            kind: "error",
            text: `${result.message} ${result.refused.map((refusal) => refusal.reason).join(" ")}`,
          });
        },
        onError: (error) => toast.error(`Failed to start processing the selected orders: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <>
      <AdminPageHeader
        title="Orders"
        description="Every order placed in the shop. Find one by its number, the buyer's e-mail or name, and take it from payment to delivery; choose several to start processing them, print their packing slips or export them."
        actions={<DownloadLink href={ordersCsvUrl(query)} className="w-full sm:w-auto" />}
      />
      <div className="mb-4 grid gap-3">
        <ListSearch
          id="order-search"
          label="Search orders"
          placeholder="Order number, e-mail or name"
          search={search}
        />
        <div className="grid grid-cols-2 gap-2 xl:grid-cols-5">
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
            label="Channel"
            name="channel"
            value={query.channel}
            options={optionsOf("All channels", ORDER_CHANNELS, orderChannelLabels)}
          />
          <div className="col-span-2 xl:col-span-1">
            <ListFilter
              label="Sort by"
              name="sort"
              value={query.sort}
              options={sorts.map((sort) => [sort, sortLabels[sort]])}
            />
          </div>
          <DateRangeFilter from={query.from} to={query.to} boxClassName="col-span-2 grid sm:col-span-1" />
        </div>
      </div>
      {outcome && <StatusMessage status={outcome} className="mb-3" />}
      <AdminList
        toolbar={
          <BulkToolbar selection={selection}>
            <Button
              variant="secondary"
              size="sm"
              disabled={bulk.isPending}
              onClick={() => startProcessing(selection.ids)}
            >
              {bulk.isPending ? "Marking..." : "Mark processing"}
            </Button>
            <Link to={packingSlipsPath(selection.ids)} className={buttonClass({ variant: "secondary", size: "sm" })}>
              <Printer aria-hidden="true" className="size-4" />
              Print packing slips
            </Link>
            <DownloadLink href={ordersCsvUrl(query, selection.ids)} size="sm">
              Export selected
            </DownloadLink>
          </BulkToolbar>
        }
        query={orders}
        page={orders.data && pageOf(orders.data)}
        noun={{ one: "order", many: "orders" }}
        icon={ReceiptText}
        table={(items, stale) => (
          <OrdersTable orders={items} stale={stale} listSearch={listSearch} selection={selection} />
        )}
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
