import type { PactPeriod } from "@shop/shared";
import { US_STATES } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { pactCsvUrl, pactReportPath } from "../api/get-pact-reports.ts";

/** "November 2026" for 2026-11. */
export const monthWords = (month: string): string => formatDate(`${month}-01`, "month");

/** Each month and state with vape shipments: its counts, its report to open or print, its CSV. */
export function PactPeriodsTable({ rows, stale }: { rows: PactPeriod[]; stale: boolean }) {
  const { td } = cell;
  const number = `${td} whitespace-nowrap text-right tabular-nums`;
  return (
    <AdminTable
      caption="PACT Act reports by month and state"
      stale={stale}
      columns={[
        { label: "Month" },
        { label: "State" },
        { label: "Orders", className: "text-right" },
        { label: "Vape lines", className: `${hiddenBelow.md} text-right` },
        { label: "Units", className: `${hiddenBelow.md} text-right` },
        { label: "Pieces", className: `${hiddenBelow.lg} text-right` },
        { label: "Report", srOnly: true, className: "text-right" },
      ]}
    >
      {rows.map((period) => {
        const name = `${monthWords(period.month)}, ${US_STATES[period.state]}`;
        return (
          <tr key={`${period.month}:${period.state}`} className="hover:bg-brand-50/30" data-pact={period.month}>
            <td className={`${td} whitespace-nowrap font-medium`}>{monthWords(period.month)}</td>
            <td className={td}>
              <abbr title={US_STATES[period.state]} className="no-underline">
                {period.state}
              </abbr>
              <span className="sr-only"> ({US_STATES[period.state]})</span>
            </td>
            <td className={number}>{period.orders}</td>
            <td className={`${number} ${hiddenBelow.md}`}>{period.lines}</td>
            <td className={`${number} ${hiddenBelow.md}`}>{period.units}</td>
            <td className={`${number} ${hiddenBelow.lg}`}>{period.pieces}</td>
            <td className={`${td} text-right`}>
              <span className="inline-flex flex-wrap justify-end gap-x-4 gap-y-1">
                <Link
                  to={pactReportPath(period.month, period.state)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  aria-label={`Open the report for ${name}`}
                >
                  Open
                </Link>
                <a
                  href={pactCsvUrl(period.month, period.state)}
                  download
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                  aria-label={`Download the CSV for ${name}`}
                >
                  <Download aria-hidden="true" className="size-4" />
                  CSV
                </a>
              </span>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
