import type { ExcisePeriod, ExciseReportLine } from "@shop/shared";
import { formatCents, formatDate, formatMl } from "@shop/shared/rules";
import { href, Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { countOf } from "../../../lib/format.ts";
import { monthWords } from "./pact-periods-table.tsx";

const { td } = cell;
const money = `${td} whitespace-nowrap text-right tabular-nums`;

/** Each jurisdiction and month: what was collected, what refunds gave back, and the net. */
export function ExcisePeriodsTable({ periods, stale }: { periods: ExcisePeriod[]; stale: boolean }) {
  return (
    <AdminTable
      caption="Excise taxes by jurisdiction and month"
      stale={stale}
      columns={[
        { label: "Jurisdiction" },
        { label: "Month" },
        { label: "Lines", className: `${hiddenBelow.lg} text-right` },
        { label: "Collected", className: `${hiddenBelow.md} text-right` },
        { label: "Refunded", className: `${hiddenBelow.md} text-right` },
        { label: "Net", className: "text-right" },
      ]}
    >
      {periods.map((period) => (
        <tr key={`${period.where}:${period.month}`} data-excise={`${period.where} ${period.month}`}>
          <td className={`${td} font-medium`}>{period.where}</td>
          <td className={`${td} whitespace-nowrap`}>{monthWords(period.month)}</td>
          <td className={`${money} ${hiddenBelow.lg}`}>{period.lines.length}</td>
          <td className={`${money} ${hiddenBelow.md}`}>{formatCents(period.collectedCents)}</td>
          <td className={`${money} ${hiddenBelow.md}`}>
            {period.reversedCents === 0 ? formatCents(0) : formatCents(-period.reversedCents)}
          </td>
          <td className={`${money} font-semibold`}>{formatCents(period.netCents)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** What a line's tax was worked out on: "20 ml · 2 pieces · $0.10 per ml", or "12.5% of the retail price of $18.00". */
export function exciseBasisWords(line: ExciseReportLine): string {
  const pieces = countOf(line.pieces, "piece", "pieces");
  if (line.millilitres !== null) return `${formatMl(line.millilitres)} · ${pieces} · ${line.rate}`;
  if (line.basisCents !== null) return `${pieces} · ${line.rate} of ${formatCents(line.basisCents)}`;
  return `${pieces} · ${line.rate}`;
}

/** The product as sold: its brand, name and options. */
export function exciseProductWords(line: ExciseReportLine): string {
  const name = line.brand ? `${line.brand} · ${line.product}` : line.product;
  return line.variant ? `${name} (${line.variant})` : name;
}

/**
 * Every line of the range: when, the order, where it went, the product, what the tax was worked
 * out on and the amount (a refund's share negative). On a phone the order, the product and the
 * amount; the buyer and the basis from the medium width up.
 */
export function ExciseLinesTable({ periods, stale }: { periods: ExcisePeriod[]; stale: boolean }) {
  return (
    <AdminTable
      caption="Excise tax lines"
      stale={stale}
      columns={[
        { label: "Date and order" },
        { label: "Jurisdiction", className: hiddenBelow.lg },
        { label: "Ship to", className: hiddenBelow.md },
        { label: "Product" },
        { label: "Worked out on", className: hiddenBelow.lg },
        { label: "Amount", className: "text-right" },
      ]}
    >
      {periods.flatMap((period) =>
        period.lines.map((line) => (
          <tr key={line.id} data-excise-line={line.number}>
            <td className={`${td} whitespace-nowrap align-top`}>
              <span className="block">{formatDate(line.at, "calendar")}</span>
              <Link
                to={href("/dashboard/orders/:number", { number: line.number })}
                className="block font-medium font-mono text-brand-700 text-xs underline-offset-2 hover:underline"
              >
                {line.number}
              </Link>
              {line.kind === "reversed" && <span className="block text-muted text-xs">Refund</span>}
            </td>
            <td className={`${td} ${hiddenBelow.lg} align-top`}>{period.where}</td>
            <td className={`${td} ${hiddenBelow.md} min-w-0 break-words align-top`}>
              <span className="block">{line.address.fullName}</span>
              <span className="block text-muted text-xs">
                {line.address.city}, {line.address.state} {line.address.zip}
              </span>
            </td>
            <td className={`${td} min-w-0 break-words align-top`}>
              <span className="block">{exciseProductWords(line)}</span>
              <span className="block text-muted text-xs lg:hidden">
                {period.where} · {exciseBasisWords(line)}
              </span>
            </td>
            <td className={`${td} ${hiddenBelow.lg} align-top text-xs`}>{exciseBasisWords(line)}</td>
            <td className={`${money} align-top`}>{formatCents(line.amountCents)}</td>
          </tr>
        )),
      )}
    </AdminTable>
  );
}
