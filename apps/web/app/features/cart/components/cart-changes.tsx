import { type CartChange, formatCents } from "@shop/shared/rules";
import { useCart } from "./cart-context.tsx";

function describe(change: CartChange): string {
  switch (change.kind) {
    case "removed":
      return `${change.name} is no longer sold and was taken out of your cart.`;
    case "out_of_stock":
      return `${change.name} is out of stock and was taken out of your cart.`;
    case "price":
      return `${change.name} now costs ${formatCents(change.afterCents)} (it was ${formatCents(change.beforeCents)}).`;
    case "quantity":
      return `${change.name}: only ${change.after} left in stock, so your quantity went from ${change.before} to ${change.after}.`;
  }
}

/** Tells the buyer what changed in the saved cart since it was filled. */
export function CartChanges() {
  const { changes, dismissChanges } = useCart();
  if (changes.length === 0) return null;
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 text-sm">
      <p className="font-semibold">Your cart was updated</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changes.map((change) => (
          <li key={`${change.kind}-${change.id}`}>{describe(change)}</li>
        ))}
      </ul>
      <button type="button" onClick={dismissChanges} className="mt-3 font-semibold underline">
        OK
      </button>
    </div>
  );
}
