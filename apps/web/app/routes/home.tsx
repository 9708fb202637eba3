import { featuredPageQuerySchema, productListQuerySchema } from "@shop/shared";
import { FEATURED_PAGE_SIZE } from "@shop/shared/constants";
import { FlaskConical, PackageCheck, ShieldCheck } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Pagination } from "../components/catalog/pagination.tsx";
import { ProductGrid } from "../components/catalog/product-card.tsx";
import { ResponsiveImage } from "../components/catalog/responsive-image.tsx";
import { SearchForm } from "../components/catalog/search-form.tsx";
import { BannerCarousel } from "../features/catalog/banner-carousel.tsx";
import type { StoreHandle } from "../hooks/use-hero-under-header.ts";
import { pageMeta } from "../lib/meta.ts";
import { parseSearch } from "../lib/query.ts";
import { STORE_NAME } from "../lib/store.ts";
import type { Route } from "./+types/home";

export const handle: StoreHandle = { heroUnderHeader: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { featuredPage } = parseSearch(featuredPageQuerySchema, new URL(request.url));
  const featuredQuery = productListQuerySchema.parse({
    featured: "true",
    limit: String(FEATURED_PAGE_SIZE),
    page: String(featuredPage),
  });
  const [banners, categories, featured] = await Promise.all([
    context.services.banners.listActive(),
    context.services.catalog.listCategories(),
    context.services.catalog.listProducts(featuredQuery),
  ]);
  return { banners, categories, featured };
}

export function meta() {
  return pageMeta(STORE_NAME, "Lab-tested disposable vapes, hemp flower, kratom and more, for adults 21+.");
}

const trustPoints = [
  {
    icon: FlaskConical,
    title: "Lab tested",
    text: "Every hemp, kratom and alkaloid batch is tested by a third-party lab, its certificate published.",
  },
  { icon: ShieldCheck, title: "Adults only", text: "21+ to buy; vapes ship only against an adult signature." },
  { icon: PackageCheck, title: "Free shipping over $100", text: "Discreet packaging; a flat $10 below that." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, categories, featured } = loaderData;
  const location = useLocation();
  return (
    <main id="main">
      <h1 className="sr-only">{STORE_NAME}: lab-tested vapes, hemp and kratom for adults</h1>
      {banners.length > 0 ? (
        <BannerCarousel banners={banners} />
      ) : (
        // The header is white over the top of this page, so it always starts with a dark band.
        <div className="bg-brand-900 pt-36 pb-16 text-center text-white">
          <p className="font-bold text-3xl">{STORE_NAME}</p>
        </div>
      )}

      <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
        <SearchForm id="home-search" />
      </div>

      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 pt-10 sm:px-6">
        <h2 id="categories-title" className="font-bold text-2xl tracking-tight">
          Shop by category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/products?category=${category.slug}`}
                className="group block overflow-hidden rounded-2xl border border-line bg-white"
              >
                <ResponsiveImage
                  image={category.image ? { ...category.image, alt: "" } : null}
                  sizes="(min-width: 1024px) 10rem, 45vw"
                  className="aspect-square w-full transition group-hover:scale-105"
                />
                <span className="block px-3 py-2.5 font-semibold text-sm">{category.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="featured-title" className="font-bold text-xl tracking-tight sm:text-2xl">
            Featured products
          </h2>
          <Link to="/products" className="shrink-0 font-medium text-brand-700 text-sm hover:text-brand-900">
            See everything
          </Link>
        </div>
        <div className="mt-6">
          <ProductGrid products={featured.items} />
          <Pagination
            currentPage={featured.currentPage}
            totalPages={featured.totalPages}
            search={new URLSearchParams(location.search)}
            param="featuredPage"
            preventScrollReset
          />
        </div>
      </section>

      <section aria-label="Why shop with us" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-3">
          {trustPoints.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-line bg-white p-5">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-muted text-sm">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
