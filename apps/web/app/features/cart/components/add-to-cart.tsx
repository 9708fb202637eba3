import type { VariantSummary } from "@shop/shared";
import { type CartUnit, formatCents, lineName, MAX_LINE_QUANTITY, unitPriceCents } from "@shop/shared/rules";
import { ShoppingCart } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useCart } from "./cart-context.tsx";
import { CartDrawer } from "./cart-drawer-when-open.tsx";
import { QuantityStepper } from "./quantity-stepper.tsx";

/**
 * Quantity, piece or box where both prices exist, and the button that opens the cart, for the
 * variant the page shows (`product`). `soldNowhere`: a country-wide rule bans it (the page says
 * why), so it cannot be added. `pending`: another variant was chosen and its page is on its way.
 * `wholesaleBox`: for an approved wholesale account, its price of a whole box, the only unit it
 * buys (null: the variant is not sold wholesale); left out for everyone else.
 */
export function AddToCart({
  product: shown,
  soldNowhere,
  pending = false,
  wholesaleBox,
}: {
  product: VariantSummary;
  soldNowhere?: boolean;
  pending?: boolean;
  wholesaleBox?: { boxPriceCents: number; piecesPerBox: number } | null;
}) {
  const { add, setOpen, cart } = useCart();
  const [chosenUnit, setUnit] = useState<CartUnit>("piece");
  const [quantity, setQuantity] = useState(1);
  const name = useId();
  const wholesale = wholesaleBox !== undefined;
  // A wholesale account's cart holds the box at its own price (the quote prices it so again).
  const product = wholesaleBox ? { ...shown, sellingPriceBoxCents: wholesaleBox.boxPriceCents } : shown;
  const boxPrice = product.sellingPriceBoxCents;
  // Another variant chosen keeps the unit when it is sold by the box too; a wholesale account buys boxes only.
  const unit = wholesale ? "box" : boxPrice === null ? "piece" : chosenUnit;
  const piecesPerBox = (product.pcsPerPack ?? 1) * (product.packPerBox ?? 1);
  const piecesPerUnit = unit === "box" ? piecesPerBox : 1;
  const available = Math.min(MAX_LINE_QUANTITY, Math.floor(product.stock / piecesPerUnit));
  // What the cart already holds of this line counts against the stock this page knows of.
  const inCart = cart?.items.find((item) => item.variantId === product.variantId && item.unit === unit)?.quantity ?? 0;
  const room = available - inCart;
  const wanted = Math.min(quantity, room);

  if (product.stock <= 0 || soldNowhere || wholesaleBox === null) {
    return (
      <button type="button" disabled className="h-12 w-full rounded-full bg-gray-200 font-semibold text-gray-600">
        {soldNowhere ? "Not for sale" : wholesaleBox === null ? "Not sold wholesale" : "Out of stock"}
      </button>
    );
  }

  const options: { value: CartUnit; label: string; price: number }[] = [
    ...(wholesale ? [] : [{ value: "piece" as const, label: "Piece", price: unitPriceCents(product) }]),
    ...(boxPrice !== null ? [{ value: "box" as const, label: `Box of ${piecesPerBox}`, price: boxPrice }] : []),
  ];
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        add(product, unit, wanted);
        setOpen(true);
      }}
    >
      {options.length > 1 && (
        <fieldset>
          <legend className="mb-2 font-medium text-sm">Buy by</legend>
          <div className="grid grid-cols-2 gap-3">
            {options.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer flex-col rounded-xl border border-line bg-white px-4 py-3 has-checked:border-brand-600 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
              >
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={unit === option.value}
                  onChange={() => {
                    setUnit(option.value);
                    setQuantity(1);
                  }}
                  className="sr-only"
                />
                <span className="font-semibold text-sm">{option.label}</span>
                <span className="text-muted text-sm">{formatCents(option.price)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {available < 1 ? (
        <p className="text-muted text-sm">
          {wholesale
            ? "Not enough stock left for a whole box."
            : "Not enough stock left for a whole box; buy by the piece instead."}
        </p>
      ) : room < 1 ? (
        <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-brand-900 text-sm">
          Your cart holds all {available} we have in stock.
        </p>
      ) : (
        <div className="flex items-center gap-3">
          <QuantityStepper value={wanted} max={room} label={lineName(product)} onChange={setQuantity} />
          <Button
            type="submit"
            onPointerEnter={CartDrawer.preload}
            onFocus={CartDrawer.preload}
            size="lg"
            className="h-12 flex-1"
            aria-disabled={pending || undefined}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            Add to cart
          </Button>
        </div>
      )}
    </form>
  );
}
