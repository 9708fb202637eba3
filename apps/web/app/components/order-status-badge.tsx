import { type OrderStatus, orderStatusLabels, ruleRequirementLabels } from "@shop/shared/constants";
import { Badge, badgeTones } from "./ui/badge.tsx";

const tones: Record<OrderStatus, string> = {
  verification_pending: badgeTones.amber,
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

/** The order needs an adult (21+) to sign for it on delivery (decision 045): staff see it wherever the order is. */
export function AdultSignatureBadge() {
  return <Badge tone={badgeTones.amber}>{ruleRequirementLabels.adult_signature_21}</Badge>;
}
