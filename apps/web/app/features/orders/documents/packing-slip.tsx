import type { AdminOrder } from "@shop/shared";
import { ruleRequirementLabels } from "@shop/shared/constants";
import { formatCents, lineName } from "@shop/shared/rules";
import { countOf } from "../../../lib/format.ts";
import { unitLabel } from "../../../lib/unit-label.ts";
import { BuyerNote, cell, Destination, DocumentBlock, DocumentHeader, DocumentTable } from "./document-parts.tsx";
import { usePrintStore } from "./print-store.ts";

/**
 * What goes in the parcel, without prices (but the excise tax collected, which states ask to see): each line with a box to tick as it is packed. Its title
 * is a second-level heading (`level`) where a page prints several slips.
 */
export function PackingSlip({ order, level }: { order: AdminOrder; level?: 1 | 2 }) {
  const units = order.lines.reduce((total, line) => total + line.quantity, 0);
  const others = order.requirements.filter((requirement) => requirement !== "adult_signature_21");
  const excise = order.adjustments.filter((adjustment) => adjustment.kind === "excise");
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <DocumentHeader title="Packing slip" order={order} numberLabel="Order" level={level} />
      {order.requirements.length > 0 && (
        <section aria-label="Delivery requirements" className="print-keep rounded-md border-2 border-ink px-4 py-3">
          {order.requirements.includes("adult_signature_21") && (
            <p className="font-bold text-lg uppercase tracking-wide">{ruleRequirementLabels.adult_signature_21}</p>
          )}
          {others.length > 0 && (
            <p className="text-sm">{others.map((requirement) => ruleRequirementLabels[requirement]).join(" · ")}</p>
          )}
        </section>
      )}
      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <Destination order={order} />
        <DocumentBlock title="Buyer">
          <p className="text-sm">{order.customer.name}</p>
          <p className="break-all text-sm">{order.email}</p>
        </DocumentBlock>
      </div>
      <BuyerNote order={order} />
      {order.evidence.statements.length > 0 && (
        <DocumentBlock title="Required statement">
          {order.evidence.statements.map((statement) => (
            <p key={statement} className="rounded-md border border-ink px-3 py-2 font-medium text-sm">
              {statement}
            </p>
          ))}
        </DocumentBlock>
      )}
      {excise.length > 0 && (
        // States that tax vapes ask the tax collected to travel with the goods (docs/decisions/096).
        <DocumentBlock title="Excise tax collected">
          <ul className="text-sm">
            {excise.map((adjustment) => (
              <li key={`${adjustment.line}:${adjustment.source}`} className="flex justify-between gap-4">
                <span>{adjustment.label}</span>
                <span className="tabular-nums">{formatCents(adjustment.amountCents)}</span>
              </li>
            ))}
          </ul>
        </DocumentBlock>
      )}
      <DocumentTable
        label={level === 2 ? `Items to pack for ${order.number}` : "Items to pack"}
        columns={[
          { label: "Packed", className: "w-12 text-center" },
          { label: "Item" },
          { label: "SKU" },
          { label: "Unit" },
          { label: "Qty", className: "text-right" },
        ]}
      >
        {order.lines.map((line) => (
          <tr key={`${line.variantId}:${line.unit}`}>
            <td className={`${cell} text-center`}>
              <span className="inline-block size-4 rounded-sm border-[1.5px] border-ink align-middle" />
            </td>
            <td className={`${cell} break-words font-medium`}>{lineName(line)}</td>
            <td className={`${cell} font-mono text-xs`}>{line.sku}</td>
            <td className={`${cell} whitespace-nowrap`}>{unitLabel(line)}</td>
            <td className={`${cell} text-right font-semibold tabular-nums`}>{line.quantity}</td>
          </tr>
        ))}
      </DocumentTable>
      <p className="print-keep flex justify-between gap-4 text-sm">
        <span className="text-muted">
          {countOf(order.lines.length, "line", "lines")}, {countOf(units, "unit", "units")}
        </span>
        <span>Packed by ____________________</span>
      </p>
      <p className="print-keep border-line border-t pt-4 text-center text-muted text-xs">
        Thank you for your order. Questions? Write to us at {usePrintStore().email}.
      </p>
    </div>
  );
}
