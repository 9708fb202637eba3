import type { BillingList } from "@shop/shared";
import { formatCents } from "@shop/shared/rules";

interface Props {
  view: BillingList["view"];
  totals: BillingList["totals"] | undefined;
  /** An older answer stays on screen, dimmed, while the next one loads. */
  stale: boolean;
}

/**
 * The filtered set's money at a glance, over every page: billed, received and refunded (or net,
 * for payments); for card holds, what is held and not yet taken (no money of the shop's yet); for
 * overdue invoices on terms, what is still owed.
 */
export function BillingTotals({ view, totals, stale }: Props) {
  if (view === "overdue") {
    const due = totals && "balanceCents" in totals ? totals.balanceCents : undefined;
    return <Figures figures={[["Overdue balance", due, due ? "text-red-800" : undefined]]} stale={stale} />;
  }
  if (view === "holds") {
    const held = totals && "heldCents" in totals ? totals.heldCents : undefined;
    return <Figures figures={[["Held on cards, not yet taken", held]]} stale={stale} />;
  }
  const money = totals && "refundedCents" in totals ? totals : undefined;
  const refunded = money?.refundedCents;
  // Money sent back is red only when there is some.
  const refundTone = refunded ? "text-red-800" : undefined;
  const figures: [string, number | undefined, string?][] =
    view === "invoices"
      ? [
          ["Billed", money?.billedCents],
          ["Received", money?.receivedCents],
          ["Refunded", refunded, refundTone],
        ]
      : [
          ["Received", money?.receivedCents],
          ["Refunded", refunded, refundTone],
          ["Net received", money && money.receivedCents - money.refundedCents],
        ];
  return <Figures figures={figures} stale={stale} />;
}

function Figures({ figures, stale }: { figures: [string, number | undefined, string?][]; stale: boolean }) {
  return (
    <section
      aria-label="Totals of the filtered list"
      className={`mb-4 transition-opacity ${stale ? "opacity-60" : ""}`}
    >
      <dl className={`grid gap-2 sm:gap-3 ${figures.length === 3 ? "grid-cols-3" : "grid-cols-1 sm:max-w-xs"}`}>
        {figures.map(([label, cents, tone]) => (
          <div key={label} className="min-w-0 rounded-2xl border border-line bg-white px-3 py-3 sm:px-4">
            <dt className="truncate font-medium text-muted text-xs sm:text-sm">{label}</dt>
            <dd className={`mt-1 truncate font-semibold text-base tabular-nums sm:text-xl ${tone ?? ""}`}>
              {cents === undefined ? (
                <span className="inline-block h-5 w-16 animate-pulse rounded bg-gray-200" />
              ) : (
                formatCents(cents)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
