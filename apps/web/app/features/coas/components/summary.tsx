/** The parts of a COA shown on product pages and list cards; one module, so a page loads one small chunk for them. */
import { TriangleAlert } from "lucide-react";

/** Shown beside a report dated more than a year ago. */
export function OlderThanAYearBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-900 text-xs ring-1 ring-amber-200">
      <TriangleAlert aria-hidden="true" className="size-3.5" />
      Older than a year
    </span>
  );
}

/** The two or three results a buyer looks for first (features/coas/format.ts keyResults), as small tiles. */
export function KeyResults({
  results,
  className = "",
}: {
  results: { items: { label: string; value: string }[]; note: string | null };
  className?: string;
}) {
  if (results.items.length === 0) return null;
  return (
    <div className={className}>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {results.items.map((result) => (
          <div key={result.label} className="min-w-0 rounded-xl bg-canvas px-3 py-2">
            <dt className="text-muted text-xs">{result.label}</dt>
            <dd className="font-semibold tabular-nums">{result.value}</dd>
          </div>
        ))}
      </dl>
      {results.note && <p className="mt-1.5 text-muted text-xs">{results.note}</p>}
    </div>
  );
}
