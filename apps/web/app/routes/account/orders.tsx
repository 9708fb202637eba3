import { formatCents, formatDate, payByWords } from "@shop/shared/rules";
import { ChevronRight, Package } from "lucide-react";
import { href, Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { OrderStatusBadge } from "../../components/order-status-badge.tsx";
import { itemCount } from "../../lib/format.ts";
import { requireUser } from "../../lib/guards.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/orders";

export function meta() {
  return [...pageMeta("My Orders", "The orders you placed with us."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  return context.services.orders.list(user);
}

/** The buyer's orders, newest first, each a way to its page. */
export default function Orders({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="font-semibold text-xl">
        My orders
      </h2>
      {items.length === 0 ? (
        <EmptyState
          icon={Package}
          title="You have no orders yet"
          action={{ to: href("/products"), label: "Browse products" }}
          className="mt-4"
        >
          When you place an order, you can follow it here.
        </EmptyState>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((order) => (
            <li
              key={order.number}
              className="relative flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl border border-line bg-white p-5 hover:border-brand-500"
            >
              {/* On a phone the status and total go under the number and date. */}
              <div className="w-full min-w-0 sm:w-auto sm:flex-1">
                {/* The link covers the card (its ::after), so the whole card opens the order. */}
                <Link
                  to={href("/account/orders/:number", { number: order.number })}
                  className="font-semibold after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700"
                >
                  Order {order.number}
                </Link>
                <p className="mt-1 text-muted text-sm">
                  Placed {formatDate(order.createdAt)} · {itemCount(order.itemCount)}
                </p>
                {order.payBy && <p className="mt-1 font-medium text-amber-900 text-sm">{payByWords(order.payBy)}</p>}
              </div>
              <OrderStatusBadge status={order.status} />
              <p className="ml-auto flex items-center gap-2 font-semibold tabular-nums">
                <span className="sr-only">Total </span>
                {formatCents(order.totalCents)}
                <ChevronRight aria-hidden="true" className="size-4 text-muted" />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
