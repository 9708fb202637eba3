import type { ExciseReport } from "@shop/shared";
import { formatCents, formatDate } from "@shop/shared/rules";
import { exciseBasisWords, exciseProductWords } from "../components/excise-tables.tsx";
import { monthWords } from "../components/pact-periods-table.tsx";
import { cell, DocumentTable, SheetHeader } from "./document-parts.tsx";

const money = `${cell} whitespace-nowrap text-right tabular-nums`;

/** "November 2026", or "September to November 2026" / "December 2025 to February 2026". */
export function monthsWords(from: string, to: string): string {
  if (from === to) return monthWords(from);
  const first =
    from.slice(0, 4) === to.slice(0, 4) ? formatDate(`${from}-01`, "month").split(" ")[0] : monthWords(from);
  return `${first} to ${monthWords(to)}`;
}

/**
 * The excise report on paper, laid out as the PACT Act report is: the seller and the range, each
 * jurisdiction and month with what was collected, given back by refunds and owed, then each
 * period's lines with the order, buyer and address, product, what the tax was worked out on and
 * the amount.
 */
export function ExciseReportSheet({ report, preparedAt }: { report: ExciseReport; preparedAt: string }) {
  const { totals } = report;
  const range = monthsWords(report.from, report.to);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <SheetHeader title="Excise tax report">
        <dt className="text-muted">Months</dt>
        <dd className="font-semibold">{range}</dd>
        <dt className="text-muted">Prepared</dt>
        <dd>{formatDate(preparedAt, "day")}</dd>
      </SheetHeader>
      <p className="print-keep text-sm">
        Excise taxes on the orders placed from {formatDate(report.start, "long")} to the end of {monthWords(report.to)}{" "}
        (UTC), less the shares given back by the refunds recorded then: collected{" "}
        <strong>{formatCents(totals.collectedCents)}</strong>, given back{" "}
        <strong>{formatCents(totals.reversedCents)}</strong>, net <strong>{formatCents(totals.netCents)}</strong>.
      </p>
      {report.periods.length === 0 ? (
        <p className="rounded-md border border-line px-3 py-6 text-center text-muted text-sm">
          No excise tax was collected or given back in {range}.
        </p>
      ) : (
        <>
          <DocumentTable
            label="By jurisdiction and month"
            columns={[
              { label: "Jurisdiction" },
              { label: "Month" },
              { label: "Collected", className: "text-right" },
              { label: "Refunded", className: "text-right" },
              { label: "Net", className: "text-right" },
            ]}
          >
            {report.periods.map((period) => (
              <tr key={`${period.where}:${period.month}`} className="print-keep">
                <td className={cell}>{period.where}</td>
                <td className={`${cell} whitespace-nowrap`}>{monthWords(period.month)}</td>
                <td className={money}>{formatCents(period.collectedCents)}</td>
                <td className={money}>{formatCents(-period.reversedCents)}</td>
                <td className={`${money} font-semibold`}>{formatCents(period.netCents)}</td>
              </tr>
            ))}
          </DocumentTable>
          {report.periods.map((period) => (
            <section key={`${period.where}:${period.month}`} className="grid gap-2">
              <h2 className="print-keep font-semibold text-base">
                {period.where}, {monthWords(period.month)}
              </h2>
              <DocumentTable
                label={`Lines of ${period.where}, ${monthWords(period.month)}`}
                columns={[
                  { label: "Date", className: "w-24" },
                  { label: "Buyer and address" },
                  { label: "Product" },
                  { label: "Worked out on" },
                  { label: "Amount", className: "text-right" },
                ]}
              >
                {period.lines.map((line) => (
                  <tr key={line.id} data-order={line.number} className="print-keep">
                    <td className={`${cell} whitespace-nowrap`}>
                      <span className="block">{formatDate(line.at, "calendar")}</span>
                      <span className="block font-mono text-muted text-xs">{line.number}</span>
                      {line.kind === "reversed" && (
                        <span className="block text-muted text-xs">Refund of {formatCents(line.refundCents ?? 0)}</span>
                      )}
                    </td>
                    <td className={`${cell} min-w-0 break-words`}>
                      <span className="block font-medium">{line.customerName}</span>
                      {line.address.fullName !== line.customerName && (
                        <span className="block">{line.address.fullName}</span>
                      )}
                      <span className="block">{line.address.line1}</span>
                      {line.address.line2 && <span className="block">{line.address.line2}</span>}
                      <span className="block">
                        {line.address.city}, {line.address.state} {line.address.zip}
                      </span>
                    </td>
                    <td className={`${cell} break-words`}>
                      {exciseProductWords(line)}
                      <span className="block text-muted text-xs">{line.sku}</span>
                    </td>
                    <td className={`${cell} text-xs`}>{exciseBasisWords(line)}</td>
                    <td className={money}>{formatCents(line.amountCents)}</td>
                  </tr>
                ))}
              </DocumentTable>
            </section>
          ))}
        </>
      )}
      <p className="print-keep border-line border-t pt-4 text-muted text-xs">
        An order counts in the month it was placed once paid (cancelled orders never count); a refund gives back its
        share of each tax on the order (the refund over the order&apos;s total) in the month it was recorded. The
        figures are those worked out when each order was placed. Dates are in UTC.
      </p>
    </div>
  );
}
