import { useState } from "react";
import { href } from "react-router";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import { AdminDetail } from "../../components/layout/admin-detail.tsx";
import { PrintDocument } from "../../components/layout/print-document.tsx";
import { pactCsvUrl, usePactReport } from "../../features/orders/api/get-pact-reports.ts";
import { PactReportSheet } from "../../features/orders/documents/pact-report-sheet.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/pact-report";

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(`PACT Act report ${params.state} ${params.month}`);
}

/** One month's PACT Act report for one state, to print or download as CSV. */
export default function PactReportPage({ params }: Route.ComponentProps) {
  const { month, state } = params;
  const query = usePactReport(month, state);
  const [preparedAt] = useState(() => new Date().toISOString());
  return (
    <PrintDocument
      label="PACT Act report"
      backTo={href("/dashboard/reports/pact")}
      backLabel="Back to PACT Act reports"
      printLabel="Print this report"
      actions={query.data && <DownloadLink href={pactCsvUrl(month, state)}>Download CSV</DownloadLink>}
    >
      <AdminDetail
        query={query}
        what="this report"
        skeleton={<div aria-hidden="true" className="h-96 animate-pulse rounded-lg bg-gray-100" />}
        missing={null}
      >
        {(report) => <PactReportSheet report={report} preparedAt={preparedAt} />}
      </AdminDetail>
    </PrintDocument>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
