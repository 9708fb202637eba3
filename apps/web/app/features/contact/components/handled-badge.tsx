import type { ContactInboxItem } from "@shop/shared";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";

/** Waiting (for staff) or Handled, in a coloured pill. */
export function HandledBadge({ message }: { message: Pick<ContactInboxItem, "handledAt"> }) {
  return message.handledAt === null ? (
    <Badge tone={badgeTones.amber}>Waiting</Badge>
  ) : (
    <Badge tone={badgeTones.emerald}>Handled</Badge>
  );
}
