import { type OrderStatus, orderStatusLabels } from "@shop/shared/constants";

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1";

/** Amber waits for the buyer, green is on its way or done, grey has ended without a sale. */
const looks: Record<OrderStatus, string> = {
  awaiting_payment: "bg-amber-50 text-amber-900 ring-amber-200",
  paid: "bg-brand-50 text-brand-900 ring-brand-100",
  processing: "bg-brand-50 text-brand-900 ring-brand-100",
  shipped: "bg-brand-50 text-brand-900 ring-brand-100",
  delivered: "bg-brand-50 text-brand-900 ring-brand-100",
  ready_for_pickup: "bg-brand-50 text-brand-900 ring-brand-100",
  picked_up: "bg-brand-50 text-brand-900 ring-brand-100",
  cancelled: "bg-gray-100 text-gray-800 ring-gray-200",
  refunded: "bg-gray-100 text-gray-800 ring-gray-200",
};

/** An order's status in words, in the look of the dashboard's status badges. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`${badge} ${looks[status]}`}>{orderStatusLabels[status]}</span>;
}
