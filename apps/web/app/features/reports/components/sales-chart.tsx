import type { SalesReport } from "@shop/shared";
import { formatCents, formatCount } from "@shop/shared/rules";
import { countOf } from "../../../lib/format.ts";
import { labelledBars, scaleTop } from "../chart-scale.ts";
import { bucketWords } from "../report-range.ts";

export type SalesMetric = "revenueCents" | "orders";

interface Props {
  report: Pick<SalesReport, "bucket" | "series">;
  metric: SalesMetric;
  /** Read by screen readers as the figures' table's name. */
  caption: string;
  /** A shorter chart with fewer dates under it (the dashboard's home). */
  compact?: boolean;
}

const say = (metric: SalesMetric, value: number) =>
  metric === "revenueCents" ? formatCents(value) : formatCount(value);

/**
 * Revenue or orders per day, week or month as bars, drawn with plain elements so that the bars
 * stretch to any width and the words stay sharp on a phone (decision 055: no chart library).
 * Screen readers get the same figures as a table instead; the bars are hidden from them.
 */
export function SalesChart({ report, metric, caption, compact = false }: Props) {
  const values = report.series.map((point) => point[metric]);
  const top = scaleTop(values);
  const labels = labelledBars(report.series.length, compact ? 3 : 5);
  const nothing = values.every((value) => value === 0);
  return (
    <figure className="m-0">
      <div aria-hidden="true" className="flex gap-2">
        <div
          className={`flex flex-col justify-between text-right text-muted text-xs tabular-nums ${compact ? "h-28" : "h-48 sm:h-64"}`}
        >
          <span className="-translate-y-1/2">{nothing ? "" : say(metric, top)}</span>
          <span className="-translate-y-1/2">{nothing ? "" : say(metric, top / 2)}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            className={`relative flex items-end gap-px border-line border-b sm:gap-0.5 ${compact ? "h-28" : "h-48 sm:h-64"}`}
            style={{
              backgroundImage: "linear-gradient(to bottom, var(--color-line) 1px, transparent 1px)",
              backgroundSize: "100% 50%",
            }}
          >
            {nothing && (
              <span className="absolute inset-0 flex items-center justify-center text-muted text-sm">
                Nothing sold in this range.
              </span>
            )}
            {report.series.map((point) => {
              const value = point[metric];
              return (
                <div
                  key={point.start}
                  title={`${bucketWords(point.start, report.bucket)}: ${formatCents(point.revenueCents)}, ${countOf(point.orders, "order", "orders")}`}
                  className="min-w-0 flex-1 rounded-t-sm bg-brand-600 transition-[height] hover:bg-brand-700"
                  style={{ height: `${(value / top) * 100}%`, minHeight: value > 0 ? 2 : 0 }}
                />
              );
            })}
          </div>
          <div className="mt-1 flex text-muted text-xs">
            {report.series.map((point, index) => (
              <span key={point.start} className="relative min-w-0 flex-1">
                {labels.has(index) && (
                  <span
                    className={`absolute top-0 whitespace-nowrap ${
                      index === 0
                        ? "left-0"
                        : index === report.series.length - 1
                          ? "right-0"
                          : "left-1/2 -translate-x-1/2"
                    }`}
                  >
                    {bucketWords(point.start, report.bucket)}
                  </span>
                )}
              </span>
            ))}
          </div>
          <div className="h-4" />
        </div>
      </div>
      {/* A table is never narrower than its cells, so `sr-only` on the table itself left it 490 px
          wide off to the side and a phone scrolled sideways: the wrapper clips it. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{report.bucket === "day" ? "Day" : report.bucket === "week" ? "Week" : "Month"}</th>
              <th scope="col">Revenue</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {report.series.map((point) => (
              <tr key={point.start}>
                <th scope="row">{bucketWords(point.start, report.bucket)}</th>
                <td>{formatCents(point.revenueCents)}</td>
                <td>{point.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
