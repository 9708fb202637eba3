import type { ContactInboxItem } from "@shop/shared";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";

/** "Nov 24, 2026, 1:40 PM" in the viewer's own time (the inbox loads in the browser). */
export const receivedAt = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Waiting (for staff) or Handled, in a coloured pill. */
export function HandledBadge({ message }: { message: Pick<ContactInboxItem, "handledAt"> }) {
  return message.handledAt === null ? (
    <Badge tone={badgeTones.amber}>Waiting</Badge>
  ) : (
    <Badge tone={badgeTones.emerald}>Handled</Badge>
  );
}
