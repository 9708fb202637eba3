import { formatCents, formatDate } from "@shop/shared/rules";
import { ReceiptText } from "lucide-react";
import { href, Link } from "react-router";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { LoadError } from "../../../components/ui/load-error.tsx";
import { orderPath } from "../../../lib/admin-paths.ts";
import { itemCount } from "../../../lib/format.ts";
import { useOrders } from "../api/get-orders.ts";

/** Orders the dashboard's home lists. */
const SHOWN = 5;

/** The orders placed last, newest first, each with its status and total, for the dashboard's home. */
export function RecentOrders() {
  const orders = useOrders({});
  const items = orders.data?.items.slice(0, SHOWN) ?? [];
  return (
    <section aria-labelledby="recent-orders-title" className="min-w-0">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="recent-orders-title" className="font-semibold text-muted text-sm uppercase tracking-wider">
          Recent orders
        </h2>
        <Link
          to={href("/dashboard/orders")}
          className="font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
        >
          See all orders
        </Link>
      </div>
      <div className="mt-3">
        {orders.isPending ? (
          <div
            role="status"
            aria-label="Loading the recent orders"
            className="h-64 animate-pulse rounded-2xl bg-gray-200"
          />
        ) : orders.isError ? (
          <LoadError what="the recent orders" error={orders.error} onRetry={() => void orders.refetch()} />
        ) : items.length === 0 ? (
          <p className="flex flex-col items-center gap-2 rounded-2xl border border-line border-dashed bg-white px-5 py-6 text-center text-muted">
            <ReceiptText aria-hidden="true" className="size-6" />
            No orders yet. They appear here as buyers place them.
          </p>
        ) : (
          <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
            {items.map((order) => (
              <li key={order.number}>
                <Link to={orderPath(order.number)} className="flex items-center gap-3 px-5 py-3 hover:bg-brand-50">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">
                      {order.number} · {order.customerName}
                    </span>
                    <span className="block truncate text-muted text-sm">
                      {formatDate(order.createdAt, "moment")} · {itemCount(order.itemCount)}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold tabular-nums">{formatCents(order.totalCents)}</span>
                    <OrderStatusBadge status={order.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
