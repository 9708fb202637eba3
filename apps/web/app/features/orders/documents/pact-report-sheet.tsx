import type { PactReport } from "@shop/shared";
import { formatCents, formatDate } from "@shop/shared/rules";
import { AddressLines } from "../../../components/address-lines.tsx";
import { countOf } from "../../../lib/format.ts";
import { monthWords } from "../components/pact-periods-table.tsx";
import { cell, DocumentTable, SheetHeader } from "./document-parts.tsx";

/**
 * A PACT Act report on paper: the seller, the month and state, then each order shipped with the
 * buyer, the address and phone, the carrier and tracking number, and its vape lines with the
 * excise tax collected on each (docs/decisions/098).
 */
export function PactReportSheet({ report, preparedAt }: { report: PactReport; preparedAt: string }) {
  const { totals } = report;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <SheetHeader title="PACT Act report">
        <dt className="text-muted">State</dt>
        <dd className="font-semibold">
          {report.stateName} ({report.state})
        </dd>
        <dt className="text-muted">Month</dt>
        <dd className="font-semibold">{monthWords(report.month)}</dd>
        <dt className="text-muted">Prepared</dt>
        <dd>{formatDate(preparedAt, "day")}</dd>
      </SheetHeader>
      <p className="print-keep text-sm">
        Delivery sales of electronic nicotine delivery systems (vapes and their parts) shipped to {report.stateName}{" "}
        from {formatDate(report.from, "long")} to the end of {monthWords(report.month)} (UTC):{" "}
        <strong>
          {countOf(totals.orders, "order", "orders")}, {countOf(totals.lines, "line", "lines")},{" "}
          {countOf(totals.units, "unit", "units")} ({countOf(totals.pieces, "piece", "pieces")})
        </strong>
        , with <strong>{formatCents(totals.exciseCents)}</strong> of excise tax collected on them.
      </p>
      {report.shipments.length === 0 ? (
        <p className="rounded-md border border-line px-3 py-6 text-center text-muted text-sm">
          No vape orders were shipped to {report.stateName} in {monthWords(report.month)}.
        </p>
      ) : (
        <DocumentTable
          label="Shipments"
          columns={[
            { label: "Shipped", className: "w-24" },
            { label: "Buyer and address" },
            { label: "Brand, product and quantity" },
            { label: "Carrier and tracking" },
          ]}
        >
          {report.shipments.map((shipment) => (
            <tr key={shipment.number} data-order={shipment.number} className="print-keep">
              <td className={`${cell} whitespace-nowrap`}>
                <span className="block">{formatDate(shipment.shippedAt, "calendar")}</span>
                <span className="block font-mono text-muted text-xs">{shipment.number}</span>
                {shipment.status === "refunded" && <span className="block text-muted text-xs">Refunded</span>}
              </td>
              <td className={`${cell} min-w-0 break-words`}>
                <span className="block font-medium">{shipment.customerName}</span>
                {/* A delivery to a licensed business names its licence (docs/decisions/102). */}
                {shipment.buyerLicence && (
                  <span className="block text-xs">
                    {shipment.buyerLicence.businessName} · licence {shipment.buyerLicence.number} (
                    {shipment.buyerLicence.state})
                  </span>
                )}
                <AddressLines
                  address={{ ...shipment.address, state: report.state, phone: shipment.phone }}
                  withName={shipment.address.fullName !== shipment.customerName}
                  className="leading-5"
                />
              </td>
              <td className={`${cell} break-words`}>
                <ul className="space-y-1">
                  {shipment.lines.map((line) => (
                    <li key={`${line.sku}:${line.unit}`}>
                      {line.brand && <span className="font-medium">{line.brand} · </span>}
                      {line.name}
                      <span className="block text-muted text-xs">
                        {line.sku} ·{" "}
                        {line.unit === "box"
                          ? `${countOf(line.quantity, "box", "boxes")} (${countOf(line.pieces, "piece", "pieces")})`
                          : countOf(line.quantity, "piece", "pieces")}
                        {line.exciseCents > 0 && ` · excise ${formatCents(line.exciseCents)}`}
                      </span>
                    </li>
                  ))}
                </ul>
              </td>
              <td className={`${cell} break-all`}>
                <span className="block">{shipment.carrier ?? "—"}</span>
                <span className="block font-mono text-xs">{shipment.trackingNumber ?? ""}</span>
              </td>
            </tr>
          ))}
        </DocumentTable>
      )}
      <p className="print-keep border-line border-t pt-4 text-muted text-xs">
        A line counts when its product was classed as a vape (ENDS) or vape part (ENDS_ACCESSORY) when the order was
        placed. Orders refunded after shipping are listed: they were shipped. Shipped dates are in UTC.
      </p>
    </div>
  );
}
