import type { ShopDocument } from "@shop/shared";
import { CircleAlert, TriangleAlert } from "lucide-react";

/** "Expired" or "Expires soon" beside a document's expiry date; nothing for one still valid for a while. */
export function ExpiryBadge({ document }: { document: Pick<ShopDocument, "expired" | "expiresSoon"> }) {
  if (document.expired) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-red-50 px-2.5 py-0.5 font-medium text-red-800 text-xs ring-1 ring-red-200">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        Expired
      </span>
    );
  }
  if (document.expiresSoon) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-900 text-xs ring-1 ring-amber-200">
        <TriangleAlert aria-hidden="true" className="size-3.5" />
        Expires soon
      </span>
    );
  }
  return null;
}
