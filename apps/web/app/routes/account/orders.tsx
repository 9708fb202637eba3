import { Package } from "lucide-react";
import { EmptyState } from "../../components/empty-state.tsx";
import { pageMeta } from "../../lib/meta.ts";

export function meta() {
  return [...pageMeta("My Orders", "The orders you placed with us."), { name: "robots", content: "noindex" }];
}

// Orders arrive with checkout; until then every account has none.
export default function Orders() {
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className="font-semibold text-xl">
        My orders
      </h2>
      <EmptyState
        icon={Package}
        title="You have no orders yet"
        action={{ to: "/products", label: "Browse products" }}
        className="mt-4"
      >
        When you place an order, you can follow it here.
      </EmptyState>
    </section>
  );
}
