import { Suspense, useCallback } from "react";
import { useEscapeWhileOpening } from "../../../hooks/use-modal-dialog.ts";
import { lazyPart } from "../../../lib/lazy-part.ts";
import { useCart } from "./cart-context.tsx";

/** The drawer's code loads when the cart first opens, or earlier on the intent to add (`preload`). */
export const CartDrawer = lazyPart(() => import("./cart-drawer.tsx"));

export function CartDrawerWhenOpen() {
  const { cart, setOpen } = useCart();
  const open = cart?.isOpen ?? false;
  const close = useCallback(() => setOpen(false), [setOpen]);
  useEscapeWhileOpening(open, close);
  return open && cart ? (
    <Suspense>
      <CartDrawer cart={cart} />
    </Suspense>
  ) : null;
}
