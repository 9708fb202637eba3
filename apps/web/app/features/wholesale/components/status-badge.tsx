import { type WholesaleStatus, wholesaleStatusLabels } from "@shop/shared/constants";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";

const tones: Record<WholesaleStatus, string> = {
  pending: badgeTones.amber,
  approved: badgeTones.emerald,
  refused: badgeTones.red,
};

/** An account's or document's review status in a pill. */
export function WholesaleStatusBadge({ status }: { status: WholesaleStatus }) {
  return <Badge tone={tones[status]}>{wholesaleStatusLabels[status]}</Badge>;
}
