import { type CartState, shipStateFromCookie } from "@shop/shared/rules";
import { ShoppingBag } from "lucide-react";
import { useState } from "react";
import { href, Link } from "react-router";
import { buttonClass } from "../../../components/ui/button.tsx";
import { Drawer, DrawerHeader } from "../../../components/ui/drawer.tsx";
import { useCartQuote } from "../cart-quote.ts";
import { CartChanges } from "./cart-changes.tsx";
import { useCart } from "./cart-context.tsx";
import { CartLine } from "./cart-line.tsx";
import { CartSummary, CheckoutLink } from "./cart-summary.tsx";

/**
 * The cart as a side panel, opened when something is added; the store layout renders it only while
 * the cart is open, so its code loads on first use.
 */
export default function CartDrawer({ cart }: { cart: CartState }) {
  const { rules, setOpen } = useCart();
  const close = () => setOpen(false);
  // The drawer has no loader: it prices the cart for the state the buyer chose, read from its cookie
  // (only ever in the browser: the server draws no open drawer).
  const [state] = useState(() => shipStateFromCookie(document.cookie));
  const quote = useCartQuote(cart.items, { state });
  return (
    <Drawer side="right" aria-labelledby="cart-drawer-title" onClose={close}>
      <DrawerHeader closeLabel="Close cart" onClose={close} className="px-5">
        <h2 id="cart-drawer-title" className="font-bold text-lg">
          Your cart{cart.totalItems > 0 ? ` (${cart.totalItems})` : ""}
        </h2>
      </DrawerHeader>
      <div className="flex-1 overflow-y-auto px-5">
        <div className="pt-4 empty:hidden">
          <CartChanges />
        </div>
        {cart.items.length === 0 ? (
          <div className="flex flex-col items-center py-16 text-center">
            <ShoppingBag aria-hidden="true" className="size-10 text-muted" />
            <p className="mt-3 font-semibold">Your cart is empty</p>
            <Link to={href("/products")} onClick={close} className="mt-4 font-medium text-brand-700 hover:underline">
              Browse products
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-line">
            {cart.items.map((item, index) => (
              <CartLine
                key={item.id}
                item={item}
                refusal={quote.refused[index]}
                note={quote.notes[index]}
                onNavigate={close}
              />
            ))}
          </ul>
        )}
      </div>
      {cart.items.length > 0 && (
        <div className="space-y-4 border-line border-t px-5 py-4">
          <CartSummary cart={cart} rules={rules} quote={quote} />
          <div className="grid grid-cols-2 gap-3">
            <Link to={href("/cart")} onClick={close} className={buttonClass({ variant: "secondary" })}>
              View cart
            </Link>
            <CheckoutLink refusals={quote.refusals} onClick={close} />
          </div>
        </div>
      )}
    </Drawer>
  );
}
