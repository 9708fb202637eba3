import { ShoppingBag } from "lucide-react";
import type { ReactNode } from "react";
import { href } from "react-router";
import { EmptyState } from "../../../components/empty-state.tsx";

/** While the saved cart is read, just after the page paints: a calm placeholder, not "empty". */
export function CartLoading({ height }: { height: "h-48" | "h-96" }) {
  return (
    <div aria-busy="true" className={`mt-8 ${height} animate-pulse rounded-2xl bg-gray-200`}>
      <span className="sr-only">Loading your cart</span>
    </div>
  );
}

/** An empty cart, with the way to the products; `children` says what the page would have shown. */
export function EmptyCart({ children }: { children: ReactNode }) {
  return (
    <EmptyState
      icon={ShoppingBag}
      title="Your cart is empty"
      action={{ to: href("/products"), label: "Browse products" }}
      className="mt-8"
    >
      {children}
    </EmptyState>
  );
}
