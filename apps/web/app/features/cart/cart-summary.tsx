import { type CartState, formatCents, type ShippingRules } from "@shop/shared/rules";

/** Subtotal, shipping and total, with how far the buyer is from free shipping. */
export function CartSummary({ cart, rules }: { cart: CartState; rules: ShippingRules }) {
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
    </div>
  );
}
