import type { CartState } from "@shop/shared";
import { ShoppingBag, X } from "lucide-react";
import { Link } from "react-router";
import { useModalDialog } from "../../hooks/use-modal-dialog.ts";
import { CartChanges } from "./cart-changes.tsx";
import { useCart } from "./cart-context.tsx";
import { CartLine } from "./cart-line.tsx";
import { CartSummary } from "./cart-summary.tsx";

/**
 * The cart as a side panel, opened when something is added; the store layout renders it only while
 * the cart is open, so its code loads on first use. A native modal <dialog>: focus stays inside,
 * Escape and a click outside close it, and the page behind is inert.
 */
export default function CartDrawer({ cart }: { cart: CartState }) {
  const { rules, setOpen } = useCart();
  const dialogRef = useModalDialog(true);

  const close = () => setOpen(false);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer shortcut; keyboards have Escape and the Close button
    <dialog
      ref={dialogRef}
      aria-labelledby="cart-drawer-title"
      onClose={close}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-md bg-white p-0 text-ink shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-line border-b px-5 py-4">
          <h2 id="cart-drawer-title" className="font-bold text-lg">
            Your cart{cart.totalItems > 0 ? ` (${cart.totalItems})` : ""}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label="Close cart"
            className="inline-flex size-9 items-center justify-center rounded-full hover:bg-gray-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5">
          <div className="pt-4 empty:hidden">
            <CartChanges />
          </div>
          {cart.items.length === 0 ? (
            <div className="flex flex-col items-center py-16 text-center">
              <ShoppingBag aria-hidden="true" className="size-10 text-muted" />
              <p className="mt-3 font-semibold">Your cart is empty</p>
              <Link to="/products" onClick={close} className="mt-4 font-medium text-brand-700 hover:underline">
                Browse products
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-line">
              {cart.items.map((item) => (
                <CartLine key={item.id} item={item} onNavigate={close} />
              ))}
            </ul>
          )}
        </div>
        {cart.items.length > 0 && (
          <div className="space-y-4 border-line border-t px-5 py-4">
            <CartSummary cart={cart} rules={rules} />
            <div className="grid grid-cols-2 gap-3">
              <Link
                to="/cart"
                onClick={close}
                className="rounded-full border border-line px-4 py-3 text-center font-semibold text-sm hover:border-ink"
              >
                View cart
              </Link>
              <Link
                to="/cart/checkout"
                onClick={close}
                className="rounded-full bg-brand-700 px-4 py-3 text-center font-semibold text-sm text-white hover:bg-brand-900"
              >
                Checkout
              </Link>
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
