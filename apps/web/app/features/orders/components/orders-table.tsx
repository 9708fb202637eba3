import type { AdminOrderList } from "@shop/shared";
import { fulfilmentLabels } from "@shop/shared/constants";
import { formatCents, formatDate } from "@shop/shared/rules";
import { Link } from "react-router";
import {
  AdminTable,
  cell,
  hiddenBelow,
  SelectAllCell,
  SelectCell,
} from "../../../components/admin-list/admin-table.tsx";
import type { Selection } from "../../../components/admin-list/index.ts";
import { AdultSignatureBadge, OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { orderPath } from "../../../lib/admin-paths.ts";
import { itemCount } from "../../../lib/format.ts";

type OrderRow = AdminOrderList["items"][number];

/** The order's number, leading to its page, which can lead back to the list (`listSearch`). */
export function OrderLink({ number, listSearch }: { number: string; listSearch: string }) {
  return (
    <Link
      to={orderPath(number)}
      state={{ listSearch }}
      className="whitespace-nowrap font-mono font-semibold hover:text-brand-700 hover:underline"
    >
      {number}
    </Link>
  );
}

/** The Customer column's cell: the buyer's name over their e-mail address (a phone has no room for it). */
export function BuyerCell({ name, email }: { name: string; email: string }) {
  return (
    <td className={`${cell.td} ${hiddenBelow.md}`}>
      <span className="block font-medium">{name}</span>
      <span className="block break-all text-muted text-xs">{email}</span>
    </td>
  );
}

/** How the order reaches the buyer and how they pay, on two lines. */
function DeliveryAndPayment({ order }: { order: OrderRow }) {
  return (
    <>
      <span className="block whitespace-nowrap">{fulfilmentLabels[order.fulfilment]}</span>
      <span className="block text-muted text-xs">{order.paymentMethod}</span>
      {order.channel === "wholesale" && <span className="block font-medium text-brand-800 text-xs">Wholesale</span>}
    </>
  );
}

interface Props {
  orders: OrderRow[];
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale: boolean;
  /** The list's address, so that the order's page can lead back to it. */
  listSearch: string;
  /** The rows chosen for a bulk action, where the list has them. */
  selection?: Selection;
  /** Whether to show who bought each order (a customer's own page already says). */
  buyer?: boolean;
}

/**
 * Orders, one row each: number, date, buyer, ship or pickup and payment method, items, total and
 * status (the phone shows the facts under the number), with a box to choose it for bulk actions.
 */
export function OrdersTable({ orders, stale, listSearch, selection, buyer = true }: Props) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Orders"
      stale={stale}
      lead={selection && <SelectAllCell selection={selection} ids={orders.map((order) => order.number)} />}
      columns={[
        { label: "Order" },
        { label: "Date", className: hiddenBelow.md },
        ...(buyer ? [{ label: "Customer", className: hiddenBelow.md }] : []),
        { label: "Delivery and payment", className: hiddenBelow.lg },
        { label: "Items", className: `${hiddenBelow.lg} text-right` },
        { label: "Total", className: "text-right" },
        { label: "Status", className: hiddenBelow.md },
      ]}
    >
      {orders.map((order) => (
        <tr key={order.number} className="hover:bg-brand-50/30" data-order-number={order.number}>
          {selection && <SelectCell selection={selection} id={order.number} name={`order ${order.number}`} />}
          <td className={td}>
            <OrderLink number={order.number} listSearch={listSearch} />
            {order.adultSignatureRequired && (
              <span className="mt-1 block">
                <AdultSignatureBadge />
              </span>
            )}
            <span className="mt-1 block text-muted text-xs md:hidden">
              {formatDate(order.createdAt, "moment")} · {itemCount(order.itemCount)}
            </span>
            {buyer && <span className="mt-0.5 block min-w-0 break-words text-xs md:hidden">{order.customerName}</span>}
            <span className="mt-0.5 block text-xs lg:hidden">
              {fulfilmentLabels[order.fulfilment]} · {order.paymentMethod}
              {order.channel === "wholesale" && " · Wholesale"}
            </span>
            <span className="mt-1 block md:hidden">
              <OrderStatusBadge status={order.status} />
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.md} whitespace-nowrap text-muted`}>
            {formatDate(order.createdAt, "moment")}
          </td>
          {buyer && <BuyerCell name={order.customerName} email={order.email} />}
          <td className={`${td} ${hiddenBelow.lg}`}>
            <DeliveryAndPayment order={order} />
          </td>
          <td className={`${td} ${hiddenBelow.lg} text-right tabular-nums`}>{order.itemCount}</td>
          <td className={`${td} whitespace-nowrap text-right font-semibold tabular-nums`}>
            {formatCents(order.totalCents)}
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>
            <OrderStatusBadge status={order.status} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
