import { productListFilterSchema, queryInt, refuseUpsideDownPriceRange } from "@shop/shared";
import { PRODUCTS_MAX_PAGE_SIZE, type ProductSort } from "@shop/shared/constants";
import { formatCount } from "@shop/shared/rules";
import { PackageSearch, SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { data, href, useLocation, useNavigation, useSubmit } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { Pagination } from "../components/catalog/pagination.tsx";
import { ProductGrid } from "../components/catalog/product-card.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import {
  ActiveFilters,
  applyFilters,
  FILTERS_FORM_ID,
  ProductFilters,
} from "../features/catalog/components/product-filters.tsx";
import { ShipStateForm } from "../features/catalog/components/ship-state-form.tsx";
import { buyerShipState } from "../features/catalog/ship-state.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { parseSearch } from "../lib/query.ts";
import type { Route } from "./+types/products";

/** The listing page shows 20 products a page (four or five full rows); the API's default is 10. */
const listingQuerySchema = productListFilterSchema
  .extend({ limit: queryInt({ min: 1, max: PRODUCTS_MAX_PAGE_SIZE, default: 20 }) })
  .superRefine(refuseUpsideDownPriceRange);

const sortLabels: Record<ProductSort, string> = {
  newest: "Newest",
  price_asc: "Price, low to high",
  price_desc: "Price, high to low",
  name: "Name, A to Z",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSearch(listingQuerySchema, new URL(request.url));
  // "Ships to my state": the bans in force there, from the rules, as plain values for the catalogue.
  const bans = query.shipsTo && (await context.services.compliance.bansFor(query.shipsTo));
  const [list, categories, facets, shipState] = await Promise.all([
    context.services.catalog.listProducts(query, bans),
    context.services.catalog.listCategories(),
    context.services.catalog.facets(query.category),
    query.shipsTo ?? buyerShipState(request, context),
  ]);
  const category = categories.find((candidate) => candidate.slug === query.category) ?? null;
  // A category page that does not exist is not an empty list.
  if (query.category && !category) throw data(`There is no category called “${query.category}”.`, { status: 404 });
  // The buyer's state rides with the facets: "Ships to my state (TX)" is one more filter.
  return { list, category, categories, facets: { ...facets, shipState }, sort: query.sort, q: query.q ?? "" };
}

export function meta({ data }: Route.MetaArgs) {
  if (data?.q) return pageMeta(`Search: ${data.q}`, `Products matching “${data.q}”.`);
  if (!data?.category) return pageMeta("All products", "Disposable vapes, hemp flower, kratom and more, lab tested.");
  return pageMeta(data.category.name, data.category.description);
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { list, category, categories, facets, sort, q } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const search = new URLSearchParams(location.search);
  const loading = navigation.state === "loading" && navigation.location.pathname === href("/products");
  const title = q ? `Results for “${q}”` : category ? category.name : "All products";
  const [filtersOpen, setFiltersOpen] = useState(false);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: category ? category.name : "Products" }]} />
      <h1 className="mt-3 font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-muted">
        {category
          ? category.description
          : "Everything in the shop. Hemp, kratom and alkaloid products come with lab results for every batch."}
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <div>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls="product-filters-panel"
            onClick={() => setFiltersOpen((open) => !open)}
            className="flex w-full items-center gap-2 rounded-2xl border border-line bg-white px-4 py-3 font-semibold text-sm lg:hidden"
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters and search
          </button>
          <aside
            id="product-filters-panel"
            aria-label="Filters"
            className={`${filtersOpen ? "mt-3 block rounded-2xl border border-line bg-white p-4" : "hidden"} lg:mt-0 lg:block lg:border-0 lg:bg-transparent lg:p-0`}
          >
            <ProductFilters facets={facets} categories={categories} search={search} />
            {!facets.shipState && (
              <section aria-labelledby="ship-state-heading" className="mt-6 border-line border-t pt-4">
                <h2 id="ship-state-heading" className="font-semibold text-sm">
                  Ships to your state?
                </h2>
                <p className="mt-1 text-muted text-sm">Choose it to list only what we may send there.</p>
                <ShipStateForm state={null} label="Your state" filterList />
              </section>
            )}
          </aside>
        </div>

        <section
          aria-labelledby="results-heading"
          aria-busy={loading}
          className={loading ? "opacity-60 transition" : "transition"}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            {/* The list's heading: the cards' names are h3 below it. */}
            <h2 id="results-heading" className="font-normal text-muted text-sm" aria-live="polite">
              {/* A search with very many matches is counted up to a limit (decision 019). */}
              {formatCount(list.totalProducts)}
              {list.totalProductsCapped ? "+" : ""} {list.totalProducts === 1 ? "product" : "products"}
            </h2>
            <label className="flex items-center gap-2 text-sm">
              <span className="text-muted">Sort by</span>
              <select
                name="sort"
                form={FILTERS_FORM_ID}
                defaultValue={sort}
                key={sort}
                onChange={(event) => {
                  const form = document.getElementById(FILTERS_FORM_ID);
                  if (form instanceof HTMLFormElement) applyFilters(submit, form);
                  else event.currentTarget.form?.requestSubmit();
                }}
                className="h-10 rounded-lg border border-line bg-white px-2.5 text-sm"
              >
                {Object.entries(sortLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="mt-3">
            <ActiveFilters search={search} categories={categories} />
          </div>

          <div className="mt-5">
            {list.items.length > 0 ? (
              <ProductGrid products={list.items} priorityCount={4} columns="narrow" />
            ) : (
              <EmptyState
                icon={PackageSearch}
                title="No products match"
                action={{ to: href("/products"), label: "See all products" }}
              >
                {list.currentPage > 1 && list.totalPages > 0
                  ? `There are only ${list.totalPages} pages.`
                  : "Try fewer filters or other words, or browse the whole shop."}
              </EmptyState>
            )}
          </div>
          <Pagination currentPage={list.currentPage} totalPages={list.totalPages} search={search} />
        </section>
      </div>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
