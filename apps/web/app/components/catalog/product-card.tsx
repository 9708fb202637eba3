import type { ProductSummary } from "@shop/shared";
import { choicesText } from "@shop/shared/rules";
import { href, Link } from "react-router";
import { ListPrice } from "./product-price.tsx";
import { ResponsiveImage } from "./responsive-image.tsx";
import { StockBadge } from "./stock-badge.tsx";

export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-white transition hover:-translate-y-0.5 hover:shadow-lg">
      <div className="aspect-square overflow-hidden bg-brand-50">
        <ResponsiveImage
          image={product.image}
          sizes="(min-width: 1280px) 18rem, (min-width: 768px) 30vw, 50vw"
          className="h-full w-full transition duration-300 group-hover:scale-105"
          priority={priority}
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="font-medium text-muted text-xs uppercase tracking-wide">
          {product.brand ?? product.category.name}
        </p>
        {/* The whole name: cut short, a flavour or size is lost and cards side by side read the same. */}
        <h3 className="font-semibold leading-snug">
          <Link
            to={href("/products/:id", { id: product.id })}
            className="after:absolute after:inset-0"
            prefetch="intent"
          >
            {product.name}
          </Link>
        </h3>
        {/* A product sold in variants: the buyer chooses one on its page. */}
        {product.variantCount > 1 && (
          <p className="text-muted text-sm">{choicesText(product.variantCount, product.firstOption)}</p>
        )}
        {/* Price above the stock word on every card: the two never share a line on some and not others. */}
        <div className="mt-auto flex flex-col items-start gap-1.5 pt-3">
          <ListPrice product={product} />
          <StockBadge stock={product.stock} soldNowhere={product.soldNowhere} />
        </div>
      </div>
    </article>
  );
}

interface GridProps {
  products: ProductSummary[];
  priorityCount?: number;
  /** "narrow" beside a filter column: one column fewer on wide screens. */
  columns?: "wide" | "narrow";
}

export function ProductGrid({ products, priorityCount = 0, columns = "wide" }: GridProps) {
  const layout = columns === "wide" ? "md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" : "md:grid-cols-3 xl:grid-cols-4";
  return (
    <ul className={`grid grid-cols-2 gap-3 sm:gap-5 ${layout}`}>
      {products.map((product, index) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
