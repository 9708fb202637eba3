import type { OrderQuote } from "@shop/shared";
import { type RuleRequirement, ruleRequirementLabels, US_STATES, type UsState } from "@shop/shared/constants";
import { type CartItem, formatCents, lineName } from "@shop/shared/rules";
import { AlertCircle } from "lucide-react";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { LineImage } from "../../../components/catalog/line-image.tsx";
import { Amount, OrderTotals, type TotalsAdjustment, type TotalsFigures } from "../../../components/order-totals.tsx";
import { type LineRefusal, RefusalText } from "../../../components/refusal.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { unitLabel } from "../../../lib/unit-label.ts";

interface Props {
  items: readonly CartItem[];
  /** The server's quote; the last one stays while a new one loads. */
  quote: OrderQuote | undefined;
  /** The quote shown is the one before the address changed: its tax and total are not this one's. */
  stale: boolean;
  loading: boolean;
  /** Why the quote could not be had (its lines' problems are shown beside them). */
  quoteError: string | null;
  onRetry: () => void;
  state: UsState | undefined;
  /** Picked up at the store: no shipping, the store's state's tax. */
  pickup: boolean;
  /** By line position: why the server will not sell that line as it is (a rule's with its source). */
  problems: readonly (LineRefusal | undefined)[];
  /** What the rules ask of this delivery (adult signature, no PO box…), from the quote. */
  requirements?: readonly RuleRequirement[];
  /** The discount code box, above the totals. */
  discountBox?: ReactNode;
}

/**
 * The review's totals: the quote's, with what it cannot say yet held open. Before the first quote
 * they are the rows it will have; while a new address is priced, its sales tax, excise and total
 * wait (the rest does not depend on the address); without a state, the tax is set by the address.
 */
function reviewFigures(
  quote: OrderQuote | undefined,
  { stale, pickup, taxed }: { stale: boolean; pickup: boolean; taxed: boolean },
): TotalsFigures {
  const tax: TotalsAdjustment = {
    kind: "sales_tax",
    label: "Sales tax",
    rateBasisPoints: null,
    amountCents: null,
    ...(taxed ? {} : { note: "Set by the address" }),
  };
  const adjustments: TotalsAdjustment[] = (
    quote?.adjustments ?? [
      {
        kind: "shipping",
        label: pickup ? "Pickup in store" : "Shipping",
        rateBasisPoints: null,
        amountCents: pickup ? 0 : null,
      },
    ]
  ).map((adjustment) => {
    if (!stale) return adjustment;
    if (adjustment.kind === "sales_tax") return tax;
    return adjustment.kind === "excise" ? { ...adjustment, amountCents: null } : adjustment;
  });
  if (!adjustments.some((adjustment) => adjustment.kind === "sales_tax")) adjustments.push(tax);
  return {
    subtotalCents: quote?.subtotalCents ?? null,
    adjustments,
    totalCents: quote && !stale ? quote.totalCents : null,
  };
}

/** The order as the server prices it: each line, subtotal, shipping, sales tax and total. */
export function OrderReview({
  items,
  quote,
  stale,
  loading,
  quoteError,
  onRetry,
  state,
  pickup,
  problems,
  requirements = [],
  discountBox,
}: Props) {
  // Without a quote (first load, or refused) the lines still show what is being bought.
  const taxed = stale ? undefined : quote;
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-line" aria-busy={loading || undefined}>
        {items.map((item, index) => {
          const line = quote?.lines[index];
          const problem = problems[index];
          const name = lineName(line ?? item);
          return (
            <li key={item.id} className="py-3 first:pt-0">
              <div className="flex gap-3">
                <LineImage image={item.image} sizes="3.5rem" className="size-14 rounded-lg" />
                <div className="min-w-0 flex-1 text-sm">
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-medium leading-snug">{name}</p>
                    <p className="shrink-0 font-semibold">
                      <Amount cents={line?.lineTotalCents} pending={loading} />
                    </p>
                  </div>
                  <p className="mt-0.5 text-muted">
                    {unitLabel(line ?? item)} · Qty {item.quantity}
                    {line && ` · ${formatCents(line.unitPriceCents)} each`}
                  </p>
                </div>
              </div>
              {problem && (
                <div className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
                  <p className="flex gap-2">
                    <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <RefusalText refusal={problem} name={name} />
                  </p>
                  <Link to={href("/cart")} className="mt-1 ml-6 inline-block font-medium underline underline-offset-2">
                    Change it in your cart
                  </Link>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {requirements.length > 0 && (
        <div className="rounded-lg bg-brand-50 px-3 py-2 text-brand-900 text-sm">
          <p className="font-medium">The law asks this of the delivery</p>
          <ul className="mt-1 list-disc pl-5">
            {requirements.map((requirement) => (
              <li key={requirement}>{ruleRequirementLabels[requirement]}</li>
            ))}
          </ul>
        </div>
      )}
      {quoteError && (
        <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
          <p>{quoteError}</p>
          <Button variant="secondary" size="sm" onClick={onRetry} className="mt-2">
            Price the order again
          </Button>
        </div>
      )}
      {discountBox && <div className="border-line border-t pt-4">{discountBox}</div>}
      <OrderTotals
        figures={reviewFigures(quote, { stale, pickup, taxed: state !== undefined })}
        taxPlace={state && US_STATES[state]}
        pending={loading}
        className="border-line border-t pt-4"
      />
      <p className="sr-only" role="status">
        {loading ? "Pricing your order…" : taxed ? `Order total ${formatCents(taxed.totalCents)}` : ""}
      </p>
    </div>
  );
}
