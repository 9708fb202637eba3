import { CircleAlert, TriangleAlert } from "lucide-react";
import { Badge, badgeTones } from "../../../components/ui/badge.tsx";

/** "Expired" or "Expires soon" beside a licence's or certificate's expiry; nothing while it is valid for a while. */
export function DocumentFlag({ flag }: { flag: "expired" | "expiring" | null }) {
  if (flag === "expired") {
    return (
      <Badge tone={badgeTones.red}>
        <CircleAlert aria-hidden="true" className="mr-1 size-3.5" />
        Expired
      </Badge>
    );
  }
  if (flag === "expiring") {
    return (
      <Badge tone={badgeTones.amber}>
        <TriangleAlert aria-hidden="true" className="mr-1 size-3.5" />
        Expires soon
      </Badge>
    );
  }
  return null;
}

/** A document's own flag from its two facts. */
export const flagOf = (document: { expired: boolean; expiresSoon: boolean }) =>
  document.expired ? "expired" : document.expiresSoon ? "expiring" : null;
