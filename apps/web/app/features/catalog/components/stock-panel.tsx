import { zodResolver } from "@hookform/resolvers/zod";
import { type AdminVariant, type StockAdjustment, type StockMovement, stockAdjustmentSchema } from "@shop/shared";
import { STOCK_REASON_MAX, stockMovementKindLabels } from "@shop/shared/constants";
import { formatCount, formatDate } from "@shop/shared/rules";
import { useEffect, useRef, useState } from "react";
import { type FieldError, type Resolver, useForm } from "react-hook-form";
import { Link, useLocation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { fieldProps, SelectField, TextField } from "../../../components/form/field.tsx";
import { SectionTitle } from "../../../components/form/form-section.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/load-error.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { orderPath } from "../../../lib/admin-paths.ts";
import { fieldProblemInWords, problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useAdjustStock, useStockHistory } from "../api/stock.ts";

interface AdjustValues {
  change: string;
  reason: string;
}

const labels = { change: "Change", reason: "Reason" };
const fieldNames = ["change", "reason"] as const;

/** The typed change ("+12", "-3", "7") as the API's signed whole number, checked by the API's own schema. */
const adjustFormSchema = z.object({
  change: z
    .string()
    .trim()
    .regex(/^[+-]?\d+$/, { error: "must be a whole number of pieces, like +12 or -3" })
    .transform(Number)
    .pipe(stockAdjustmentSchema.shape.change),
  reason: stockAdjustmentSchema.shape.reason,
});

const baseResolver = zodResolver(adjustFormSchema) as unknown as Resolver<AdjustValues, unknown, StockAdjustment>;
const resolver: Resolver<AdjustValues, unknown, StockAdjustment> = async (values, context, options) => {
  const result = await baseResolver(values, context, options);
  for (const [name, error] of Object.entries(result.errors) as [keyof typeof labels, FieldError | undefined][]) {
    if (error?.message) error.message = fieldProblemInWords(labels[name], error.message);
  }
  return result;
};

const signed = (change: number) => (change > 0 ? `+${change}` : `−${-change}`);

function MovementCause({ movement }: { movement: StockMovement }) {
  const label = stockMovementKindLabels[movement.kind];
  if (movement.orderNumber) {
    return (
      <>
        {label}{" "}
        <Link to={orderPath(movement.orderNumber)} className="font-medium text-brand-700 underline">
          {movement.orderNumber}
        </Link>
      </>
    );
  }
  return (
    <>
      {label}
      {movement.note && <span className="text-muted">: {movement.note}</span>}
    </>
  );
}

function History({ items }: { items: StockMovement[] }) {
  if (items.length === 0) {
    return <p className="rounded-xl bg-gray-50 px-4 py-6 text-center text-muted text-sm">No stock changes yet.</p>;
  }
  return (
    <ol aria-label="Stock history" className="divide-y divide-line">
      {items.map((movement) => (
        <li
          key={movement.id}
          className="grid grid-cols-[3.75rem_minmax(0,1fr)] sm:grid-cols-[4.5rem_minmax(0,1fr)] gap-x-3 py-3 text-sm"
        >
          <span
            className={`row-span-2 self-center rounded-lg px-2 py-1 text-center font-semibold tabular-nums ${
              movement.change > 0 ? "bg-brand-50 text-brand-900" : "bg-red-50 text-red-800"
            }`}
          >
            {signed(movement.change)}
          </span>
          <span className="min-w-0 break-words">
            <MovementCause movement={movement} />
          </span>
          <span className="text-muted text-xs">
            <time dateTime={movement.createdAt}>{formatDate(movement.createdAt, "moment")}</time>
            {" · "}
            {movement.actorName ?? "The shop"}
            {" · "}
            <span className="whitespace-nowrap">{formatCount(movement.stockAfter)} after</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A variant as the chooser names it: its option values and SKU, and its count. */
const variantChoice = (variant: AdminVariant) =>
  `${variant.options.length > 0 ? `${variant.options.join(" / ")} · ` : ""}${variant.sku} (${formatCount(variant.stock)} in stock)`;

/**
 * The edit screen's Stock panel: the count now, an adjustment (pieces added or taken, with a reason)
 * and the movements that explain the count, newest first (docs/decisions/034); each variant's
 * apart, the one chosen above them when the product has several (the low-stock list names one in
 * the address: ?variant=).
 */
export function StockPanel({ productId, variants }: { productId: string; variants: AdminVariant[] }) {
  const [searchParams] = useSearchParams();
  const [chosen, setChosen] = useState(() => searchParams.get("variant") ?? productId);
  // A variant removed since (or an address mistyped) gives the product's own.
  const variantId = variants.some((variant) => variant.id === chosen) ? chosen : productId;
  const [page, setPage] = useState(1);
  const history = useStockHistory(variantId, page);
  const adjust = useAdjustStock(variantId, productId);
  const form = useForm<AdjustValues, unknown, StockAdjustment>({
    resolver,
    defaultValues: { change: "", reason: "" },
  });
  useUnsavedChanges(form, "the stock adjustment");
  const field = fieldProps(form, "stock");
  const { isSubmitting, errors } = form.formState;
  const panel = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const ready = history.data !== undefined;
  // The low-stock list links here (#stock): the panel exists only once the product has loaded.
  useEffect(() => {
    if (ready && hash === "#stock") panel.current?.scrollIntoView({ block: "start" });
  }, [ready, hash]);

  async function send(adjustment: StockAdjustment) {
    try {
      const after = await adjust.mutateAsync(adjustment);
      form.reset();
      setPage(1);
      toast.success(`Stock ${signed(adjustment.change)}: ${formatCount(after.stock)} in stock now`);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, fieldNames, labels, { setFocus: form.setFocus });
      toast.error(`Failed to change the stock: ${problemInWords(problem, labels)}`);
    }
  }

  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Another variant's (or page's) count and movements stay, dimmed, while the chosen one's load.
  const stale = history.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity";
  return (
    <section
      ref={panel}
      id="stock"
      aria-labelledby="stock-panel-title"
      className="scroll-mt-24 rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <SectionTitle
        id="stock-panel-title"
        title="Stock"
        note={
          data && (
            <span className={stale}>
              <span className="font-bold text-2xl text-ink tabular-nums">{formatCount(data.stock)}</span>{" "}
              {data.stock === 1 ? "piece" : "pieces"} in stock
            </span>
          )
        }
      />

      {variants.length > 1 && (
        <div className="mt-4">
          <SelectField
            id="stock-variant"
            label="Variant"
            value={variantId}
            onChange={(event) => {
              setChosen(event.currentTarget.value);
              setPage(1);
            }}
          >
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variantChoice(variant)}
              </option>
            ))}
          </SelectField>
        </div>
      )}

      <form noValidate onSubmit={form.handleSubmit(send)} className="mt-4 grid gap-4" aria-label="Adjust the stock">
        <div className="grid gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
          <TextField
            label="Change"
            hint="+12 adds, −3 takes"
            inputMode="text"
            autoComplete="off"
            placeholder="+12"
            {...field("change")}
          />
          <TextField
            label="Reason"
            hint="A delivery, a count, breakage"
            maxLength={STOCK_REASON_MAX}
            autoComplete="off"
            {...field("reason")}
          />
        </div>
        {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
        <Button type="submit" variant="secondary" disabled={isSubmitting} className="justify-self-start">
          {isSubmitting ? "Saving..." : "Adjust stock"}
        </Button>
      </form>

      <h3 className="mt-6 font-semibold text-muted text-sm uppercase tracking-wider">History</h3>
      <div className={`mt-1 ${stale}`} aria-busy={history.isPlaceholderData || undefined}>
        {history.isPending ? (
          <div aria-busy="true" role="status" aria-label="Loading the stock history" className="grid gap-2 py-2">
            {["a", "b", "c"].map((key) => (
              <div key={key} className="h-10 animate-pulse rounded-lg bg-gray-100" />
            ))}
          </div>
        ) : history.isError ? (
          <LoadError what="the stock history" error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <History items={history.data.items} />
        )}
      </div>
      {data && pages > 1 && (
        <nav aria-label="Stock history pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Newer
          </Button>
          <span className="text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))}>
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
