/**
 * Stock state in words; low stock is worth telling the buyer. A product that a country-wide rule
 * bans today (`soldNowhere`) is "Not for sale" whatever its stock (docs/decisions/080).
 */
export function StockBadge({ stock, soldNowhere = false }: { stock: number; soldNowhere?: boolean }) {
  if (soldNowhere) {
    return <span className="rounded-full bg-red-50 px-2.5 py-0.5 font-medium text-red-800 text-xs">Not for sale</span>;
  }
  if (stock <= 0) {
    return (
      <span className="rounded-full bg-gray-100 px-2.5 py-0.5 font-medium text-gray-700 text-xs">Out of stock</span>
    );
  }
  if (stock < 10) {
    return (
      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-800 text-xs">
        Only {stock} left
      </span>
    );
  }
  return <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-700 text-xs">In stock</span>;
}
