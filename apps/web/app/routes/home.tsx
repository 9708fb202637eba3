import { featuredPageQuerySchema, type PublicSettings, productListQuerySchema } from "@shop/shared";
import { FEATURED_PAGE_SIZE } from "@shop/shared/constants";
import { formatCents } from "@shop/shared/rules";
import { FlaskConical, PackageCheck, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { href, Link, useLocation } from "react-router";
import { Pagination } from "../components/catalog/pagination.tsx";
import { ProductGrid } from "../components/catalog/product-card.tsx";
import { ResponsiveImage } from "../components/catalog/responsive-image.tsx";
import { SearchForm } from "../components/catalog/search-form.tsx";
import { BannerCarousel } from "../features/catalog/components/banner-carousel.tsx";
import { saveFeaturedState } from "../features/catalog/featured-state.ts";
import type { StoreHandle } from "../hooks/use-hero-under-header.ts";
import { organizationJsonLd } from "../lib/json-ld.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { parseSearch } from "../lib/query.ts";
import type { Route } from "./+types/home";

export const handle: StoreHandle = { heroUnderHeader: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { featuredPage } = parseSearch(featuredPageQuerySchema, new URL(request.url));
  const featuredQuery = productListQuerySchema.parse({
    featured: "true",
    limit: String(FEATURED_PAGE_SIZE),
    page: String(featuredPage),
  });
  const [banners, categories, featured, settings] = await Promise.all([
    context.services.banners.listActive(),
    context.services.catalog.listCategories(),
    context.services.catalog.listProducts(featuredQuery),
    context.services.settings.getPublic(),
  ]);
  return {
    banners,
    categories,
    featured,
    shopName: settings.storeProfile.name,
    promises: promisesOf(settings),
    jsonLd: organizationJsonLd(settings.storeProfile, context.publicUrl),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    ...pageMeta("", "Lab-tested disposable vapes, hemp flower, kratom and more, for adults 21+."),
    // Made on the server (lib/json-ld.server.ts); React Router escapes it in the script.
    { "script:ld+json": data?.jsonLd },
  ];
}

/** "$100" for whole dollars, "$9.50" otherwise. */
const dollars = (cents: number) => formatCents(cents).replace(/\.00$/, "");

/** The three promises under the products, in words with the shop's own figures (Settings), made on the server. */
function promisesOf(settings: PublicSettings) {
  return [
    {
      title: "Lab tested",
      text: "Every hemp, kratom and alkaloid batch is tested by a third-party lab, its certificate published.",
    },
    {
      title: "Adults only",
      text: `${settings.purchaseMinAge}+ to buy; vapes ship only against an adult signature.`,
    },
    {
      title: `Free shipping over ${dollars(settings.freeShippingOverCents)}`,
      text: `Discreet packaging; a flat ${dollars(settings.shippingFlatFeeCents)} below that.`,
    },
  ];
}

const promiseIcons = [FlaskConical, ShieldCheck, PackageCheck];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, categories, featured, shopName: name, promises } = loaderData;
  const location = useLocation();
  // The spec keeps the featured products in local storage as `productsState`.
  useEffect(() => saveFeaturedState(featured), [featured]);
  return (
    <main id="main">
      <h1 className="sr-only">{name}: lab-tested vapes, hemp and kratom for adults</h1>
      {banners.length > 0 ? (
        <BannerCarousel banners={banners} />
      ) : (
        // The header is white over the top of this page, so it always starts with a dark band.
        <div className="bg-brand-900 pt-36 pb-16 text-center text-white">
          <p className="font-bold text-3xl">{name}</p>
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
                to={`${href("/products")}?category=${category.slug}`}
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
          <Link to={href("/products")} className="shrink-0 font-medium text-brand-700 text-sm hover:text-brand-900">
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
          {promises.map(({ title, text }, index) => {
            const Icon = promiseIcons[index] ?? FlaskConical;
            return (
              <li key={title} className="flex gap-4 rounded-2xl border border-line bg-white p-5">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-muted text-sm">{text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
