import type { ProductSummary } from "@shop/shared";
import { formatCents, unitPriceCents } from "@shop/shared/rules";

type Priced = Pick<ProductSummary, "priceCents" | "sellingPricePcsCents" | "sellingPriceBoxCents">;

/** The price a buyer pays per piece, with the list price struck through when it is higher. */
export function ProductPrice({ product, size = "md" }: { product: Priced; size?: "md" | "lg" }) {
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

/**
 * A card's price: the product's, or, for one sold in variants at different prices, from the lowest
 * to the highest ("$9.99 – $12.99").
 */
export function ListPrice({ product }: { product: ProductSummary }) {
  const { minCents, maxCents } = product.unitPriceRange;
  if (product.variantCount < 2 || minCents === maxCents) return <ProductPrice product={product} />;
  return (
    <p className="flex items-baseline gap-2">
      <span className="font-semibold text-lg">
        {formatCents(minCents)} <span aria-hidden="true">–</span>
        <span className="sr-only">to</span> {formatCents(maxCents)}
      </span>
    </p>
  );
}
