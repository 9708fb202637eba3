import { type CartItem, formatCents, lineLimit } from "@shop/shared/rules";
import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import { LineImage } from "../../components/catalog/line-image.tsx";
import { type LineRefusal, RefusalText } from "../../components/refusal.tsx";
import { unitLabel } from "../../lib/unit-label.ts";
import { useCart } from "./cart-context.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";

export function CartLine({
  item,
  refusal,
  onNavigate,
}: {
  item: CartItem;
  /** Why the rules refuse this line where the cart ships (the server's verdict); must be removed. */
  refusal?: LineRefusal | undefined;
  onNavigate?: () => void;
}) {
  const { remove, setQuantity } = useCart();
  const available = Math.max(1, lineLimit(item));
  return (
    <li className="flex gap-4 py-4">
      <LineImage image={item.image} sizes="5rem" className="size-20 rounded-xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={`/products/${item.productId}`}
              onClick={onNavigate}
              className="font-semibold leading-snug hover:underline"
            >
              {item.name}
            </Link>
            <p className="text-muted text-sm">
              {unitLabel(item)} · {formatCents(item.unitPriceCents)}
            </p>
            {!item.deliveryAvailable && (
              <p className="mt-1 font-medium text-amber-800 text-xs">Not shipped: pickup in store only</p>
            )}
            {refusal && (
              <p className="mt-1 font-medium text-red-800 text-sm">
                <RefusalText refusal={refusal} name={item.name} />
              </p>
            )}
          </div>
          <p className="shrink-0 font-semibold">{formatCents(item.unitPriceCents * item.quantity)}</p>
        </div>
        <div className="mt-1 flex items-center justify-between gap-3">
          <QuantityStepper
            value={item.quantity}
            max={available}
            label={item.name}
            allowZero
            onChange={(quantity) => setQuantity(item.id, quantity)}
          />
          <button
            type="button"
            onClick={() => remove(item.id)}
            className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-muted text-sm hover:bg-gray-100 hover:text-ink"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove<span className="sr-only"> {item.name}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
