import type { RuleEffect } from "@shop/shared/constants";

const effectColours: Record<RuleEffect, string> = {
  ban: "bg-red-50 text-red-800 ring-red-200",
  restrict: "bg-amber-50 text-amber-900 ring-amber-200",
  allow: "bg-emerald-50 text-emerald-900 ring-emerald-200",
};
export const effectLabels: Record<RuleEffect, string> = { ban: "Ban", restrict: "Restrict", allow: "Allow" };

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1";

/** Ban (red), restrict (amber) or allow (green). */
export function EffectBadge({ effect }: { effect: RuleEffect }) {
  return <span className={`${badge} ${effectColours[effect]}`}>{effectLabels[effect]}</span>;
}

/** A rule not checked against its source for 90 days. */
export function StaleBadge() {
  return (
    <span className={`${badge} bg-orange-50 text-orange-900 ring-orange-300`} title="Not checked for 90 days or more">
      Stale
    </span>
  );
}

/** A rule of the demo's starter set: to be verified before the shop relies on it. */
export function ExampleBadge() {
  return (
    <span className={`${badge} bg-gray-100 text-gray-700 ring-gray-300`} title="Example data: verify before use">
      Example
    </span>
  );
}
