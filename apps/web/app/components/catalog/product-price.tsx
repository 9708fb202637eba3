import type { ProductSummary } from "@shop/shared";
import { formatCents, unitPriceCents } from "@shop/shared/rules";

/** The price a buyer pays per piece, with the list price struck through when it is higher. */
export function ProductPrice({ product, size = "md" }: { product: ProductSummary; size?: "md" | "lg" }) {
  const price = unitPriceCents(product);
  const list = product.priceCents;
  const showList = list !== null && list > price && product.sellingPricePcsCents !== null;
  return (
    <p className="flex items-baseline gap-2">
      <span className={size === "lg" ? "font-bold text-3xl" : "font-semibold text-lg"}>{formatCents(price)}</span>
      {showList && (
        <span className="text-muted text-sm line-through">
          <span className="sr-only">was </span>
          {formatCents(list)}
        </span>
      )}
    </p>
  );
}
