import { dayOf, formatCents } from "@shop/shared/rules";
import { Printer } from "lucide-react";
import { useLocation } from "react-router";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { exciseCsvUrl, exciseReportPath, useExciseReport } from "../../features/orders/api/get-excise-report.ts";
import { ExciseMonthPicker } from "../../features/orders/components/excise-month-picker.tsx";
import { ExciseLinesTable, ExcisePeriodsTable } from "../../features/orders/components/excise-tables.tsx";
import { monthsWords } from "../../features/orders/documents/excise-report-sheet.tsx";
import { chooseMonths } from "../../features/orders/excise-range.ts";
import { ReportCard } from "../../features/reports/components/report-card.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Excise taxes");
}

const NOTHING = "No excise tax was collected or given back in these months.";

/** The excise taxes to file (decision 098): per jurisdiction and month, each line, as CSV and printed. */
export default function ExciseReportPage() {
  const { search } = useLocation();
  const chosen = chooseMonths(new URLSearchParams(search), dayOf(new Date()));
  const { range } = chosen;
  const query = useExciseReport(range);
  const stale = query.isPlaceholderData;

  return (
    <>
      <AdminPageHeader
        title="Excise taxes"
        currentLabel="Excise taxes"
        description="The excise taxes on vapes and nicotine to file with each state, county or city: what was collected on the orders placed each month, less the share refunds gave back. Print it, or download every line as CSV."
        actions={
          range && (
            <>
              <DownloadLink href={exciseCsvUrl(range)} className="w-full sm:w-auto">
                Download CSV
              </DownloadLink>
              <HeaderLink to={exciseReportPath(range)} icon={Printer} variant="secondary" className="w-full sm:w-auto">
                Printable report
              </HeaderLink>
            </>
          )
        }
      />
      <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <ExciseMonthPicker chosen={chosen} />
        {range && (
          <p className="text-muted text-sm sm:pb-3" aria-live="polite">
            {monthsWords(range.from, range.to)} (UTC)
          </p>
        )}
      </div>
      {range ? (
        <div className="grid gap-4">
          <ReportCard
            id="excise-periods"
            title="By jurisdiction and month"
            description={
              query.data
                ? `Collected ${formatCents(query.data.totals.collectedCents)}, refunded ${formatCents(query.data.totals.reversedCents)}, net ${formatCents(query.data.totals.netCents)}`
                : "Collected, refunded and net"
            }
            query={query}
            what="the excise taxes"
            empty={(data) => (data.periods.length === 0 ? NOTHING : null)}
          >
            {(data) => <ExcisePeriodsTable periods={data.periods} stale={stale} />}
          </ReportCard>
          {/* Its lines once there are some: the card above says "nothing", loading or failing once. */}
          {query.data && query.data.periods.length > 0 && (
            <ReportCard
              id="excise-lines"
              title="Lines"
              description="Each order line taxed, and each refund's share given back (negative)"
              query={query}
              csvUrl={exciseCsvUrl(range)}
              what="the excise tax lines"
              empty={(data) => (data.periods.length === 0 ? NOTHING : null)}
            >
              {(data) => <ExciseLinesTable periods={data.periods} stale={stale} />}
            </ReportCard>
          )}
          <p className="text-muted text-xs">
            An order counts in the month it was placed (UTC) once paid; cancelled orders never count. A refund gives
            back its share of each tax on the order (the refund over the order&apos;s total) in the month it was
            recorded.
          </p>
        </div>
      ) : (
        <p className="rounded-2xl border border-line border-dashed bg-white px-5 py-8 text-center text-muted">
          Choose the first and last months of the report.
        </p>
      )}
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
