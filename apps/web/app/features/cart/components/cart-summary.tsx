import { US_STATES } from "@shop/shared/constants";
import { type CartState, formatCents, type ShippingRules } from "@shop/shared/rules";
import { href, Link } from "react-router";
import { OrderTotals } from "../../../components/order-totals.tsx";
import { type ButtonStyle, buttonClass } from "../../../components/ui/button.tsx";
import { type CartQuote, type CartRefusals, cartFigures } from "../cart-quote.ts";

/**
 * The cart's totals: the server's quote once it has one, else the cart's estimate, marked as one;
 * with how far the buyer is from free shipping, and why the cart cannot go on when it cannot.
 */
export function CartSummary({
  cart,
  rules,
  quote,
}: {
  cart: CartState;
  rules: ShippingRules;
  quote: Pick<CartQuote, "price" | "refusals" | "ageNote">;
}) {
  const { price, refusals, ageNote } = quote;
  const { figures, estimate, goodsCents, discounted } = cartFigures(cart, price);
  const missing = rules.freeOverCents + 1 - goodsCents;
  return (
    <div className="space-y-3 text-sm">
      <OrderTotals
        figures={figures}
        taxPlace={price.state ? US_STATES[price.state] : undefined}
        pending={price.pending}
        totalNote={estimate ? "Estimate" : undefined}
      />
      {cart.items.length > 0 && missing > 0 && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-brand-900">
          Spend {formatCents(missing)} more for free shipping (orders over {formatCents(rules.freeOverCents)}
          {discounted ? " after the discount" : ""}).
        </p>
      )}
      {refusals ? (
        <p id={refusals.noticeId} className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {refusals.text}
        </p>
      ) : (
        ageNote && <p className="text-muted">{ageNote}</p>
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
  if (refusals) {
    return (
      <button type="button" disabled aria-describedby={refusals.noticeId} className={buttonClass(style)}>
        Checkout
      </button>
    );
  }
  return (
    <Link to={href("/cart/checkout")} onClick={onClick} className={buttonClass(style)}>
      Checkout
    </Link>
  );
}
