import { dayOf, presetRange, type ReportRange } from "@shop/shared/rules";
import { href, Link } from "react-router";
import { LoadError } from "../../../components/ui/load-error.tsx";
import { useSalesReport } from "../api/get-reports.ts";
import { SalesChart } from "./sales-chart.tsx";

/** The last 30 days' revenue per day as a small chart, for the dashboard's home, with a way to the reports. */
export function RevenueTrend() {
  const range = presetRange("last_30_days", dayOf(new Date())) as ReportRange;
  const sales = useSalesReport(range);
  return (
    <section aria-labelledby="revenue-trend-title" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 id="revenue-trend-title" className="font-semibold">
          Revenue per day, last 30 days
        </h2>
        <Link
          to={href("/dashboard/reports")}
          className="font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
        >
          See the reports
        </Link>
      </div>
      {sales.isPending ? (
        <div
          role="status"
          aria-label="Loading the revenue chart"
          className="h-36 animate-pulse rounded-xl bg-gray-100"
        />
      ) : sales.isError ? (
        <LoadError what="the revenue chart" error={sales.error} onRetry={() => void sales.refetch()} />
      ) : (
        <SalesChart
          report={sales.data}
          metric="revenueCents"
          caption="Revenue and orders per day, last 30 days"
          compact
        />
      )}
    </section>
  );
}
