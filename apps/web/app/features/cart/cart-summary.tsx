import type { UsState } from "@shop/shared/constants";
import { type CartItem, type CartState, formatCents, type ShippingRules } from "@shop/shared/rules";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { type LineRefusal, lineRefusals, type QuoteCompliance } from "../../components/refusal.tsx";
import { type ButtonStyle, buttonClass } from "../../components/ui/button.tsx";
import { loadOnce } from "../../lib/lazy-part.ts";

/** Lines the rules refuse where the cart ships: how many, and the id of the notice that says so. */
export interface CartRefusals {
  count: number;
  noticeId: string;
}

/** Subtotal, shipping and total, with how far the buyer is from free shipping. */
export function CartSummary({
  cart,
  rules,
  refusals,
}: {
  cart: CartState;
  rules: ShippingRules;
  /** When a line cannot ship where the cart goes, the summary says it must be removed. */
  refusals?: CartRefusals | null;
}) {
  const missing = rules.freeOverCents + 1 - cart.subtotalCents;
  return (
    <div className="space-y-2 text-sm">
      <dl className="space-y-2">
        <div className="flex justify-between">
          <dt className="text-muted">Subtotal</dt>
          <dd className="font-medium">{formatCents(cart.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Shipping</dt>
          <dd className="font-medium">{cart.shippingCents === 0 ? "Free" : formatCents(cart.shippingCents)}</dd>
        </div>
      </dl>
      {cart.items.length > 0 && missing > 0 && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-brand-900">
          Spend {formatCents(missing)} more for free shipping (orders over {formatCents(rules.freeOverCents)}).
        </p>
      )}
      <dl className="flex justify-between border-line border-t pt-3 text-base">
        <dt className="font-semibold">Total</dt>
        <dd className="font-bold">{formatCents(cart.totalCents)}</dd>
      </dl>
      {refusals && refusals.count > 0 && (
        <p id={refusals.noticeId} className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {refusals.count === 1 ? "1 product" : `${refusals.count} products`} in your cart cannot be shipped to your
          state. Please remove {refusals.count === 1 ? "it" : "them"} to check out.
        </p>
      )}
    </div>
  );
}

/** The way on to the checkout; while a line cannot ship, a disabled button that the notice explains. */
export function CheckoutLink({
  refusals,
  onClick,
  ...style
}: ButtonStyle & { refusals?: CartRefusals | null; onClick?: () => void }) {
  if (refusals && refusals.count > 0) {
    return (
      <button type="button" disabled aria-describedby={refusals.noticeId} className={buttonClass(style)}>
        Checkout
      </button>
    );
  }
  return (
    <Link to="/cart/checkout" onClick={onClick} className={buttonClass(style)}>
      Checkout
    </Link>
  );
}

// Loaded when a cart with a state is shown: the drawer's code, which every storefront page may
// preload, names no more files for it (the size budget).
const verdictsApi = loadOnce(() => import("./api/get-ship-verdicts.ts"));

/**
 * The cart's lines that cannot ship to the state, for the cart page and the drawer ("remembered":
 * the state the buyer chose, read from its cookie with the verdicts): each line's refusal by position, and what the summary and the Checkout button say
 * (null when none). Nothing is marked while there is no state or no answer yet, or when the quote
 * was refused (a product no longer sold: the cart's own check says so). Each line is asked as one
 * piece: the verdict does not depend on the quantity, so a quantity change asks nothing.
 */
export function useCartRefusals(
  items: readonly CartItem[],
  state: UsState | "remembered" | null,
): { refused: (LineRefusal | undefined)[]; refusals: CartRefusals | null } {
  const noticeId = useId();
  const body =
    state && items.length > 0
      ? JSON.stringify({
          lines: items.map(({ productId, unit }) => ({ productId, unit, quantity: 1 })),
          ...(state === "remembered" ? {} : { state }),
        })
      : null;
  const [answer, setAnswer] = useState<{ body: string; compliance: QuoteCompliance | null } | null>(null);
  useEffect(() => {
    if (!body) return;
    let current = true;
    verdictsApi()
      .then(({ getShipVerdicts }) => getShipVerdicts(JSON.parse(body)))
      .then((compliance) => current && setAnswer({ body, compliance }))
      .catch((error: unknown) => {
        console.warn("Could not ask where the cart's products ship", error);
        if (current) setAnswer({ body, compliance: null });
      });
    return () => {
      current = false;
    };
  }, [body]);
  const refused = lineRefusals(answer?.body === body ? answer.compliance : null, items.length);
  const count = refused.filter(Boolean).length;
  return { refused, refusals: count > 0 ? { count, noticeId } : null };
}
