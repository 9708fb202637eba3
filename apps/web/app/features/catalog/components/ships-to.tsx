import { US_STATES } from "@shop/shared/constants";
import type { RuleBan, ShipsToAnswer } from "@shop/shared/rules";
import { Ban, CircleCheck, MapPin, TriangleAlert } from "lucide-react";
import { ShipStateForm } from "./ship-state-form.tsx";

/** Each reason as the rules word it, with a link to the rule's source. */
function Reasons({ bans }: { bans: RuleBan[] }) {
  return (
    <ul className="mt-1 space-y-1">
      {bans.map((ban) => (
        <li key={ban.ruleId}>
          {ban.reason}{" "}
          <a href={ban.sourceUrl} target="_blank" rel="noreferrer" className="underline underline-offset-2">
            (rule source)
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Whether the product ships to the buyer's state, decided on the server by the shop's rules
 * (docs/decisions/049): no rule code comes to the browser, only the answer in words.
 */
export default function ShipsTo({ answer }: { answer: ShipsToAnswer }) {
  // The age to buy it is said beside Add to cart, with the shop's own (routes/product.tsx).
  const { state, outcome, bans, localBans } = answer;
  const stateName = state ? US_STATES[state] : null;
  const tone =
    outcome === "banned"
      ? "border-red-200 bg-red-50 text-red-900"
      : outcome === "allowed"
        ? "border-brand-100 bg-brand-50 text-brand-900"
        : "border-line bg-white text-ink";
  const Icon = outcome === "banned" ? Ban : outcome === "allowed" ? CircleCheck : MapPin;
  const title =
    outcome === "allowed"
      ? `Ships to ${stateName}`
      : outcome === "unknown"
        ? "Check if it ships to your state"
        : stateName
          ? `Ships to ${stateName}? No`
          : "Not sold anywhere in the United States";
  return (
    <section aria-labelledby="ships-to-title" className={`mt-4 rounded-2xl border p-4 text-sm ${tone}`}>
      <h2 id="ships-to-title" className="flex items-center gap-2 font-semibold text-base">
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {title}
      </h2>
      {bans.length > 0 && <Reasons bans={bans} />}
      {localBans.length > 0 && (
        <div className="mt-2 flex gap-2 text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-medium">It may not ship to some places in {stateName}:</p>
            <Reasons bans={localBans} />
          </div>
        </div>
      )}
      {state ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium underline underline-offset-2">
            Not shipping to {stateName}? Change the state
          </summary>
          <ShipStateForm state={state} label="Ship to" />
        </details>
      ) : (
        <ShipStateForm state={null} label="Your state" />
      )}
    </section>
  );
}
