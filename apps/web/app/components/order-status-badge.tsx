import { type OrderStatus, orderStatusLabels } from "@shop/shared/constants";
import { Badge, badgeTones } from "./ui/badge.tsx";

const tones: Record<OrderStatus, string> = {
  awaiting_payment: badgeTones.amber,
  paid: badgeTones.sky,
  processing: badgeTones.violet,
  shipped: badgeTones.brand,
  delivered: badgeTones.emerald,
  ready_for_pickup: badgeTones.brand,
  picked_up: badgeTones.emerald,
  cancelled: badgeTones.gray,
  refunded: badgeTones.red,
};

/** An order's status in the shop's words, coloured by where it stands. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={tones[status]}>{orderStatusLabels[status]}</Badge>;
}
