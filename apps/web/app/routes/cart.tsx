import type { CartItem } from "@shop/shared/rules";
import { useEffect, useState } from "react";
import { href } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { ConfirmDialog } from "../components/ui/confirm-dialog.tsx";
import { useCartQuote } from "../features/cart/cart-quote.ts";
import { CartChanges } from "../features/cart/components/cart-changes.tsx";
import { useCart } from "../features/cart/components/cart-context.tsx";
import { CartLine } from "../features/cart/components/cart-line.tsx";
import { CartLoading, EmptyCart } from "../features/cart/components/cart-states.tsx";
import { CartSummary, CheckoutLink } from "../features/cart/components/cart-summary.tsx";
import { buyerShipState } from "../features/catalog/ship-state.server.ts";
import { DiscountCode } from "../features/checkout/components/discount-code.tsx";
import { codeState, rememberCode, rememberedCode } from "../features/checkout/discount-code-values.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/cart";

export function meta() {
  return pageMeta("Your cart", "The products in your cart, with shipping and total.");
}

/**
 * Where the cart ships, for the rules' verdicts on its lines: the state the buyer chose (the
 * remembered ship-to state), or else a signed-in buyer's default address. The checkout's address
 * wins there. Without one, the lines' ages are still asked, by the country's rules.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { shipState: await buyerShipState(request, context) };
}

const NO_ITEMS: readonly CartItem[] = [];

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart, rules, clear, recheck } = useCart();
  const [confirmingEmpty, setConfirmingEmpty] = useState(false);
  const { shipState } = loaderData;
  // Reached from another page, the cart may be older than the shop's prices and stock: the rules'
  // verdicts are asked once it was checked again (a product sold out since would be refused).
  const [rechecked, setRechecked] = useState(false);
  useEffect(() => {
    let live = true;
    void recheck().then(() => live && setRechecked(true));
    return () => {
      live = false;
    };
  }, [recheck]);
  // A discount code is priced by the server (the cart's quote) and kept for the checkout.
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => setCode(rememberedCode()), []);
  const quote = useCartQuote(cart?.items ?? NO_ITEMS, { state: shipState, code, ready: rechecked });
  const discount = codeState(code, quote.answered, quote.failed);
  const chooseCode = (next: string | null) => {
    rememberCode(next);
    setCode(next);
  };
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: "Cart" }]} />
      <h1 className="mt-3 font-bold text-3xl tracking-tight sm:text-4xl">Your cart</h1>
      <div className="mt-6 empty:hidden">
        <CartChanges />
      </div>
      {cart === null ? (
        <CartLoading height="h-48" />
      ) : cart.items.length === 0 ? (
        <EmptyCart>Add products from the shop and they will wait for you here.</EmptyCart>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <section aria-label="Products in your cart" className="rounded-2xl border border-line bg-white px-5">
            <ul className="divide-y divide-line">
              {cart.items.map((item, index) => (
                <CartLine key={item.id} item={item} refusal={quote.refused[index]} note={quote.notes[index]} />
              ))}
            </ul>
            <div className="border-line border-t py-3 text-right">
              <button
                type="button"
                onClick={() => setConfirmingEmpty(true)}
                className="text-muted text-sm hover:text-ink hover:underline"
              >
                Empty the cart
              </button>
            </div>
            <ConfirmDialog
              open={confirmingEmpty}
              title="Empty your cart?"
              confirmLabel="Empty the cart"
              destructive
              onConfirm={() => {
                setConfirmingEmpty(false);
                clear();
              }}
              onCancel={() => setConfirmingEmpty(false)}
            >
              {cart.items.length === 1
                ? "The product in your cart will be removed."
                : `All ${cart.items.length} products in your cart will be removed.`}
            </ConfirmDialog>
          </section>
          <aside aria-label="Order summary" className="h-fit space-y-4 rounded-2xl border border-line bg-white p-5">
            <h2 className="font-semibold text-lg">Summary</h2>
            <CartSummary cart={cart} rules={rules} quote={quote} />
            <div className="border-line border-t pt-4">
              <DiscountCode state={discount} onApply={chooseCode} onRemove={() => chooseCode(null)} />
            </div>
            <CheckoutLink refusals={quote.refusals} size="lg" className="w-full" />
          </aside>
        </div>
      )}
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
