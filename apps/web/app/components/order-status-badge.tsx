import { type OrderStatus, orderStatusLabels } from "@shop/shared/constants";

const colours: Record<OrderStatus, string> = {
  awaiting_payment: "bg-amber-50 text-amber-900 ring-amber-200",
  paid: "bg-sky-50 text-sky-900 ring-sky-200",
  processing: "bg-violet-50 text-violet-900 ring-violet-200",
  shipped: "bg-brand-50 text-brand-900 ring-brand-100",
  delivered: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  ready_for_pickup: "bg-brand-50 text-brand-900 ring-brand-100",
  picked_up: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  cancelled: "bg-gray-100 text-gray-700 ring-gray-200",
  refunded: "bg-red-50 text-red-800 ring-red-200",
};

/** An order's status in the shop's words, coloured by where it stands. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ${colours[status]}`}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
