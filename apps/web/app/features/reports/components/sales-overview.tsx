import type { SalesReport } from "@shop/shared";
import { orderChannelLabels } from "@shop/shared/constants";
import { formatCents, formatCount } from "@shop/shared/rules";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "../../../components/ui/load-error.tsx";
import { reportCsvUrl } from "../api/get-reports.ts";
import { ReportCard } from "./report-card.tsx";
import { SalesChart, type SalesMetric } from "./sales-chart.tsx";

function Figure({
  label,
  value,
  detail,
  className = "",
}: {
  label: string;
  value: string;
  detail: string;
  className?: string;
}) {
  return (
    <div className={`rounded-2xl border border-line bg-white p-4 sm:p-5 ${className}`}>
      <dt className="text-muted text-sm">{label}</dt>
      <dd className="mt-1 font-bold text-2xl tabular-nums sm:text-3xl">{value}</dd>
      <dd className="mt-1 text-muted text-xs">{detail}</dd>
    </div>
  );
}

/** Revenue, orders and the average order of the range, then the chart of either over time. */
export function SalesOverview({ query, rangeText }: { query: UseQueryResult<SalesReport>; rangeText: string }) {
  const [metric, setMetric] = useState<SalesMetric>("revenueCents");
  const report = query.data;
  const by = report ? { day: "day", week: "week", month: "month" }[report.bucket] : "day";
  return (
    <>
      {query.isPending ? (
        <div role="status" aria-label="Loading the sales figures" className="grid gap-3 sm:grid-cols-3">
          {["a", "b", "c"].map((key) => (
            <div key={key} className="h-[6.5rem] animate-pulse rounded-2xl bg-gray-200" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError what="the sales figures" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        report && (
          <dl className={`grid grid-cols-2 gap-3 sm:grid-cols-3 ${query.isPlaceholderData ? "opacity-60" : ""}`}>
            <Figure label="Revenue" value={formatCents(report.revenueCents)} detail="What buyers paid for orders" />
            <Figure label="Orders" value={formatCount(report.orders)} detail="Paid, not cancelled or refunded" />
            <Figure
              label="Average order"
              value={formatCents(report.averageOrderCents)}
              detail="Revenue divided by orders"
              className="col-span-2 sm:col-span-1"
            />
            {/* Both channels apart, whatever the filter (docs/decisions/102). */}
            {(["retail", "wholesale"] as const).map((channel) => (
              <div
                key={channel}
                className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-2xl border border-line bg-white px-4 py-3 text-sm max-sm:col-span-2 sm:col-span-1"
              >
                <dt className="text-muted">{orderChannelLabels[channel]} sales</dt>
                <dd className="font-semibold tabular-nums">
                  {formatCents(report.channels[channel].revenueCents)} · {formatCount(report.channels[channel].orders)}{" "}
                  {report.channels[channel].orders === 1 ? "order" : "orders"}
                </dd>
              </div>
            ))}
          </dl>
        )
      )}
      <ReportCard
        id="sales-over-time"
        title="Revenue and orders over time"
        description={`${rangeText}, by ${by}`}
        query={query}
        csvUrl={report && reportCsvUrl("sales", report)}
        what="the sales over time"
        empty={() => null}
        className="mt-4"
      >
        {(data) => (
          <>
            <fieldset className="mb-4 flex gap-1 rounded-xl bg-gray-100 p-1 sm:inline-flex">
              <legend className="sr-only">Show</legend>
              {(
                [
                  ["revenueCents", "Revenue"],
                  ["orders", "Orders"],
                ] as const
              ).map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={metric === value}
                  onClick={() => setMetric(value)}
                  className={`min-h-9 flex-1 rounded-lg px-4 font-medium text-sm ${
                    metric === value ? "bg-white shadow-sm" : "text-muted hover:text-ink"
                  }`}
                >
                  {label}
                </button>
              ))}
            </fieldset>
            <SalesChart report={data} metric={metric} caption={`Revenue and orders by ${by}, ${rangeText}`} />
          </>
        )}
      </ReportCard>
    </>
  );
}
