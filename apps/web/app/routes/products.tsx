import { PRODUCTS_MAX_PAGE_SIZE, productListFilterSchema, queryInt } from "@shop/shared";
import { PackageSearch } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { Pagination } from "../components/catalog/pagination.tsx";
import { ProductGrid } from "../components/catalog/product-card.tsx";
import { pageMeta } from "../lib/meta.ts";
import { parseSearch } from "../lib/query.ts";
import type { Route } from "./+types/products";

/** The listing page shows 20 products a page (four or five full rows); the API's default is 10. */
const listingQuerySchema = productListFilterSchema.extend({
  limit: queryInt({ min: 1, max: PRODUCTS_MAX_PAGE_SIZE, default: 20 }),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSearch(listingQuerySchema, new URL(request.url));
  const [list, categories] = await Promise.all([
    context.services.catalog.listProducts(query),
    context.services.catalog.listCategories(),
  ]);
  const category = categories.find((candidate) => candidate.slug === query.category) ?? null;
  return { list, category, categories };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data?.category) return pageMeta("All products", "Disposable vapes, hemp flower, kratom and more, lab tested.");
  return pageMeta(data.category.name, data.category.description);
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { list, category, categories } = loaderData;
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const chip = "shrink-0 rounded-full border px-4 py-1.5 text-sm font-medium";
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: category ? category.name : "Products" }]} />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{category ? category.name : "All products"}</h1>
          <p className="mt-2 max-w-2xl text-muted">
            {category ? category.description : "Everything in the shop, newest first."}
          </p>
        </div>
        <p className="text-muted text-sm" aria-live="polite">
          {list.totalProducts} {list.totalProducts === 1 ? "product" : "products"}
        </p>
      </div>

      <ul aria-label="Filter by category" className="-mx-4 mt-6 flex gap-2 overflow-x-auto px-4 pb-2">
        <li>
          <Link
            to="/products"
            aria-current={category ? undefined : "page"}
            className={`${chip} block ${category ? "border-line bg-white hover:border-ink" : "border-ink bg-ink text-white"}`}
          >
            All
          </Link>
        </li>
        {categories.map((candidate) => {
          const active = candidate.slug === category?.slug;
          return (
            <li key={candidate.id}>
              <Link
                to={`/products?category=${candidate.slug}`}
                aria-current={active ? "page" : undefined}
                className={`${chip} block ${active ? "border-ink bg-ink text-white" : "border-line bg-white hover:border-ink"}`}
              >
                {candidate.name}
              </Link>
            </li>
          );
        })}
      </ul>

      <section aria-label="Products" className="mt-6">
        {list.items.length > 0 ? (
          <ProductGrid products={list.items} priorityCount={4} />
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-line border-dashed bg-white px-6 py-16 text-center">
            <PackageSearch aria-hidden="true" className="size-10 text-muted" />
            <h2 className="mt-4 font-semibold text-lg">No products here yet</h2>
            <p className="mt-1 text-muted">
              {list.currentPage > 1 && list.totalPages > 0
                ? `There are only ${list.totalPages} pages.`
                : "Try another category or browse the whole shop."}
            </p>
            <Link
              to="/products"
              className="mt-6 rounded-full bg-brand-700 px-5 py-2.5 font-medium text-sm text-white hover:bg-brand-900"
            >
              See all products
            </Link>
          </div>
        )}
      </section>
      <Pagination currentPage={list.currentPage} totalPages={list.totalPages} search={search} />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
