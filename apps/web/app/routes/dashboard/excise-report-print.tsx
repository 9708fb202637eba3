import { useState } from "react";
import { href } from "react-router";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import { AdminDetail } from "../../components/layout/admin-detail.tsx";
import { PrintDocument } from "../../components/layout/print-document.tsx";
import { exciseCsvUrl, useExciseReport } from "../../features/orders/api/get-excise-report.ts";
import { ExciseReportSheet } from "../../features/orders/documents/excise-report-sheet.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/excise-report-print";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(
    params.from === params.to ? `Excise tax report ${params.from}` : `Excise tax report ${params.from} to ${params.to}`,
  );
}

/** The excise report of a range of months, to print or download as CSV (the API refuses a range it cannot read, in words). */
export default function ExciseReportPrintPage({ params }: Route.ComponentProps) {
  const range = { from: params.from, to: params.to };
  const query = useExciseReport(range);
  const [preparedAt] = useState(() => new Date().toISOString());
  return (
    <PrintDocument
      label="Excise tax report"
      backTo={`${href("/dashboard/reports/excise")}?${new URLSearchParams(range)}`}
      backLabel="Back to excise taxes"
      printLabel="Print this report"
      actions={query.data && <DownloadLink href={exciseCsvUrl(range)}>Download CSV</DownloadLink>}
    >
      <AdminDetail
        query={query}
        what="this report"
        skeleton={<div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-gray-100" />}
        missing={null}
      >
        {(report) => <ExciseReportSheet report={report} preparedAt={preparedAt} />}
      </AdminDetail>
    </PrintDocument>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
