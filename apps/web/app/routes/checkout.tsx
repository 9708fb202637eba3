import { Link } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { useCart } from "../features/cart/cart-context.tsx";
import { CartSummary } from "../features/cart/cart-summary.tsx";
import { pageMeta } from "../lib/meta.ts";

export function meta() {
  return pageMeta("Checkout", "Checkout is coming soon.");
}

/** Until the checkout issue lands: says so plainly and keeps the cart. */
export default function Checkout() {
  const { cart, rules } = useCart();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Cart", to: "/cart" }, { label: "Checkout" }]} />
      <h1 className="mt-3 font-bold text-3xl tracking-tight">Checkout is coming soon</h1>
      <p className="mt-3 text-muted">
        We are finishing secure checkout with age verification at order time. Your cart is saved on this device and will
        be here when checkout opens.
      </p>
      {cart && cart.items.length > 0 && (
        <div className="mt-8 rounded-2xl border border-line bg-white p-5">
          <CartSummary cart={cart} rules={rules} />
        </div>
      )}
      <Link to="/cart" className="mt-8 inline-block font-medium text-brand-700 hover:underline">
        Back to your cart
      </Link>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
