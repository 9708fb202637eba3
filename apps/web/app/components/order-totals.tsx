import { type AdjustmentKind, adjustmentAmountText, formatCents } from "@shop/shared/rules";
import type { ReactNode } from "react";
import { formatTaxRate } from "../lib/format.ts";
import { Badge, badgeTones } from "./ui/badge.tsx";

/**
 * A row between the subtotal and the total: an adjustment as the server priced it, or one a page
 * expects before it has the server's answer (its amount null until then).
 */
export interface TotalsAdjustment {
  kind: AdjustmentKind;
  label: string;
  rateBasisPoints: number | null;
  /** Null while it is not known: a calm bar while the page waits for it, else `note` or a dash. */
  amountCents: number | null;
  /** Words in place of an amount that is decided elsewhere ("Set by the address"). */
  note?: string;
}

/** What an order costs as a page shows it; the subtotal and total are null while not known. */
export interface TotalsFigures {
  subtotalCents: number | null;
  /** In the order they were applied (discount, shipping, sales tax…). */
  adjustments: readonly TotalsAdjustment[];
  totalCents: number | null;
}

/** A price not known yet: a calm bar of the text's height while it is on its way, so nothing moves when it arrives; else a dash. */
export function Amount({ cents, pending }: { cents: number | null | undefined; pending: boolean }): ReactNode {
  if (cents !== null && cents !== undefined) return formatCents(cents);
  if (!pending) return "—";
  return <span aria-hidden="true" className="inline-block h-4 w-14 animate-pulse rounded bg-gray-200 align-middle" />;
}

/**
 * One row of an order's totals, its label then its amount; `strong` for a sum the buyer reads
 * first (the total, what is still due). The invoice adds its payment rows with it.
 */
export function TotalsRow({
  label,
  children,
  strong = false,
  saving = false,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  /** Money taken off (a discount), in the shop's colour. */
  saving?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "border-line border-t pt-3 font-semibold text-base print:border-ink" : ""}`}
    >
      <dt className={`min-w-0 ${strong ? "" : "text-muted"}`}>{label}</dt>
      <dd
        className={`shrink-0 text-right tabular-nums ${strong ? "font-bold" : "font-medium"} ${saving ? "text-brand-700" : ""}`}
      >
        {children}
      </dd>
    </div>
  );
}

/** An adjustment's label as the buyer reads it: a sales tax with its rate, and its place where the page knows it. */
function labelOf(adjustment: TotalsAdjustment, taxPlace: string | undefined): string {
  if (adjustment.kind !== "sales_tax" || adjustment.rateBasisPoints === null) return adjustment.label;
  const rate = formatTaxRate(adjustment.rateBasisPoints);
  return `${adjustment.label} (${taxPlace ? `${taxPlace}, ${rate}` : rate})`;
}

/**
 * An order's totals, the one way every page shows them (the cart, the checkout's review, My
 * Orders, the staff's order page and the invoice): the subtotal, each adjustment in the order it
 * was applied, and the total. Rows after the total (the invoice's payments) come as children.
 */
export function OrderTotals({
  figures,
  taxPlace,
  pending = false,
  totalNote,
  className = "",
  children,
}: {
  figures: TotalsFigures;
  /** Where the sales tax is charged, when the page knows it: "Sales tax (Nevada, 6.85%)". */
  taxPlace?: string;
  /** Whether the amounts not known yet are on their way (calm bars) rather than not to be had (dashes). */
  pending?: boolean;
  /** A word beside the total, such as "Estimate". */
  totalNote?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      <TotalsRow label="Subtotal">
        <Amount cents={figures.subtotalCents} pending={pending} />
      </TotalsRow>
      {figures.adjustments.map((adjustment) => (
        <TotalsRow
          key={`${adjustment.kind}:${adjustment.label}`}
          label={labelOf(adjustment, taxPlace)}
          saving={adjustment.kind === "discount"}
        >
          {adjustment.amountCents !== null ? (
            adjustmentAmountText({ kind: adjustment.kind, amountCents: adjustment.amountCents })
          ) : adjustment.note ? (
            <span className="font-normal text-muted">{adjustment.note}</span>
          ) : (
            <Amount cents={null} pending={pending} />
          )}
        </TotalsRow>
      ))}
      <TotalsRow
        strong
        label={
          totalNote ? (
            // Centred on the line, so the total's row is as high with the note as without it.
            <span className="flex items-center gap-2">
              Total <Badge tone={badgeTones.gray}>{totalNote}</Badge>
            </span>
          ) : (
            "Total"
          )
        }
      >
        <Amount cents={figures.totalCents} pending={pending} />
      </TotalsRow>
      {children}
    </dl>
  );
}
