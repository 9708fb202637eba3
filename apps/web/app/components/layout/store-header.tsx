import type { MasterCategory } from "@shop/shared";
import { Leaf, ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { useCart } from "../../features/cart/cart-context.tsx";
import { STORE_NAME } from "../../lib/store.ts";

/** The spec's Cart button (to /cart), with the number of items. */
function CartButton() {
  const { cart } = useCart();
  return (
    <Link
      to="/cart"
      className="ml-auto inline-flex items-center gap-2 rounded-full bg-ink px-4 py-2 font-semibold text-sm text-white hover:bg-brand-900"
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      Cart
      <span className="min-w-5 rounded-full bg-white px-1.5 text-center text-ink text-xs tabular-nums">
        <span className="sr-only">, </span>
        {cart.totalItems}
        <span className="sr-only"> items</span>
      </span>
    </Link>
  );
}

export function StoreHeader({ categories }: { categories: MasterCategory[] }) {
  return (
    <header className="sticky top-0 z-30 border-line border-b bg-white/90 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-bold text-lg tracking-tight">
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-white">
            <Leaf aria-hidden="true" className="size-4" />
          </span>
          {STORE_NAME}
        </Link>
        <Link to="/products" className="font-medium text-muted text-sm hover:text-ink">
          All products
        </Link>
        <CartButton />
      </div>
      <nav aria-label="Categories" className="border-line border-t">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 py-2 sm:px-4">
          {categories.map((category) => (
            <li key={category.id} className="shrink-0">
              <Link
                to={`/products?category=${category.slug}`}
                className="block rounded-full px-3 py-1.5 font-medium text-muted text-sm hover:bg-brand-50 hover:text-brand-700"
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
