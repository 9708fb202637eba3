import { type CartItem, formatCents, lineLimit, lineName, MAX_LINE_QUANTITY } from "@shop/shared/rules";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { LineImage } from "../../../components/catalog/line-image.tsx";
import { type LineRefusal, RefusalText } from "../../../components/refusal.tsx";
import { unitLabel } from "../../../lib/unit-label.ts";
import { variantPath } from "../../../lib/variant-path.ts";
import { useCart } from "./cart-context.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";

export function CartLine({
  item,
  refusal,
  note,
  onNavigate,
}: {
  item: CartItem;
  /** Why the rules refuse this line where the cart ships (the server's verdict); must be removed. */
  refusal?: LineRefusal | undefined;
  /** The age the line asks, above the shop's, for a buyer whose age is not known. */
  note?: string | undefined;
  onNavigate?: () => void;
}) {
  const { remove, setQuantity } = useCart();
  const available = Math.max(1, lineLimit(item));
  // The variant's name with its option values ("Twin Vape (Mango, 5%)"); its piece line and box
  // line are told apart by their unit ("Gummies (box of 20)").
  const name = lineName(item);
  const unitName = `${name} (${unitLabel(item).toLowerCase()})`;
  // A typed quantity above what can be ordered is lowered; the line says why.
  const [typed, setTyped] = useState<number | null>(null);
  return (
    <li className="flex gap-4 py-4">
      <LineImage image={item.image} sizes="5rem" className="size-20 rounded-xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={variantPath(item.productId, item.options.length > 0 ? item.variantId : null)}
              onClick={onNavigate}
              className="font-semibold leading-snug hover:underline"
            >
              {name}
            </Link>
            <p className="text-muted text-sm">
              {unitLabel(item)} · {formatCents(item.unitPriceCents)}
            </p>
            {!item.deliveryAvailable && (
              <p className="mt-1 font-medium text-amber-800 text-xs">Not shipped: pickup in store only</p>
            )}
            {refusal ? (
              <p className="mt-1 font-medium text-red-800 text-sm">
                <RefusalText refusal={refusal} name={name} />
              </p>
            ) : (
              note && <p className="mt-1 font-medium text-sm">{note}</p>
            )}
          </div>
          <p className="shrink-0 font-semibold">{formatCents(item.unitPriceCents * item.quantity)}</p>
        </div>
        <div className="mt-1 flex items-center justify-between gap-3">
          <QuantityStepper
            value={item.quantity}
            max={available}
            label={unitName}
            allowZero
            onLowered={setTyped}
            onChange={(quantity) => {
              if (quantity !== available) setTyped(null);
              setQuantity(item.id, quantity);
            }}
          />
          <button
            type="button"
            onClick={() => remove(item.id)}
            className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-muted text-sm hover:bg-gray-100 hover:text-ink"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove<span className="sr-only"> {unitName}</span>
          </button>
        </div>
        <p role="status" className="text-amber-800 text-sm empty:hidden">
          {typed !== null && loweredWords(typed, available, item.unit)}
        </p>
      </div>
    </li>
  );
}

/** Why a typed quantity became `available`: the stock, or the most one line holds. */
export function loweredWords(typed: number, available: number, unit: CartItem["unit"]): string {
  const units = (count: number) =>
    `${count} ${unit === "box" ? (count === 1 ? "box" : "boxes") : count === 1 ? "piece" : "pieces"}`;
  return available >= MAX_LINE_QUANTITY
    ? `You asked for ${units(typed)}; one line holds at most ${units(MAX_LINE_QUANTITY)}, so the quantity is ${available}.`
    : `You asked for ${units(typed)}, but we have only ${units(available)} in stock, so the quantity is ${available}.`;
}
