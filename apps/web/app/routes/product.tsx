import type { Product, ProductVariant } from "@shop/shared";
import {
  ageOn,
  dayOf,
  formatCents,
  formatDate,
  shownVariant,
  variantOfValues,
  variantSummary,
} from "@shop/shared/rules";
import { Suspense, useState } from "react";
import { href, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { ProductGrid } from "../components/catalog/product-card.tsx";
import { ProductPrice } from "../components/catalog/product-price.tsx";
import { ResponsiveImage } from "../components/catalog/responsive-image.tsx";
import { StockBadge } from "../components/catalog/stock-badge.tsx";
import { VariantChoices } from "../components/catalog/variant-choices.tsx";
import { IN_PLACE } from "../components/layout/page-loader.tsx";
import { AddToCart } from "../features/cart/components/add-to-cart.tsx";
import { shipsToOfProduct } from "../features/catalog/ship-state.server.ts";
import { batchPath, keyResults } from "../features/coas/format.ts";
import { productJsonLd } from "../lib/json-ld.server.ts";
import { lazyPart, withParts } from "../lib/lazy-part.ts";
import { pageMeta } from "../lib/meta.ts";
import { pageData } from "../lib/page-data.ts";
import { variantPath } from "../lib/variant-path.ts";
import type { Route } from "./+types/product";

// Below Add to cart (whether it ships to the buyer's state, the description, the details): its code
// loads after the page's own, and it hydrates on its own.
const ProductDetails = lazyPart(() => import("../features/catalog/components/product-details.tsx"));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = await pageData(() => context.services.catalog.getProduct(params.id));
  const search = new URL(request.url).searchParams;
  const chosen = search.get("variant");
  // The choices sent without JavaScript (their form's option1…option3, from the variant it showed):
  // the address then names the variant chosen, as a choice made with JavaScript does.
  const values = product.options.map((_, index) => search.get(`option${index + 1}`));
  if (values.length > 0 && values.every((value): value is string => value !== null)) {
    const from = product.variants.find((variant) => variant.id === chosen) ?? null;
    const target = variantOfValues(product.variants, values, from);
    if (target) throw redirect(variantPath(product.id, target.id));
  }
  const variant = shownVariant(product.variants, chosen) ?? outOfSale(product);
  const [related, lab, ships, { storeProfile, purchaseMinAge }, wholesale] = await Promise.all([
    context.services.catalog.relatedProducts(product),
    context.services.coas.latestForVariant(variant.id),
    shipsToOfProduct(variant.id, request, context),
    context.services.settings.getPublic(),
    // An approved wholesale account's own box prices (docs/decisions/102); null for everyone else.
    context.user
      ? context.services.orders.wholesalePrices(
          context.user,
          product.variants.map((each) => each.id),
        )
      : null,
  ]);
  // Drawn and worded here, on the server: neither a QR library nor the COA formatting goes to the browser.
  const latest = lab.latest && {
    lotNumber: lab.latest.lotNumber,
    path: batchPath(lab.latest.lotNumber),
    labName: lab.latest.lab.name,
    reportDate: lab.latest.reportDate,
    reportDateText: formatDate(lab.latest.reportDate),
    olderThanAYear: lab.latest.olderThanAYear,
    results: keyResults(lab.latest),
    pdfUrl: lab.latest.pdf.url,
    qr: context.services.coas.qrCode(`${context.publicUrl}${batchPath(lab.latest.lotNumber)}`),
  };
  // The age to buy it: the shop's, or the higher one the rules set where it goes (the country's
  // without a state); a signed-in buyer's date of birth says whether they have it (decision 079).
  const minAge = Math.max(purchaseMinAge, ships.minAge ?? 0);
  const dateOfBirth = context.user?.dateOfBirth;
  return {
    product,
    variant,
    related,
    age: { minAge, tooYoung: dateOfBirth ? ageOn(dateOfBirth, dayOf(new Date())) < minAge : false },
    publicUrl: context.publicUrl,
    lab: { latest, totalBatches: lab.totalBatches },
    ships,
    jsonLd: productJsonLd(product, storeProfile, context.publicUrl, ships.soldNowhere),
    wholesale: wholesale && { boxes: wholesale.items },
  };
}

/** What a product none of whose variants is for sale shows: its own variant (its id is the product's), out of stock. */
function outOfSale(product: Product): ProductVariant {
  const { id, sku, priceCents, sellingPricePcsCents, sellingPriceBoxCents, pcsPerPack, packPerBox } = product;
  const prices = { priceCents, sellingPricePcsCents, sellingPriceBoxCents, pcsPerPack, packPerBox };
  return { id, sku, options: [], ...prices, stock: 0, image: null };
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withParts(serverLoader(), ProductDetails);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta("Product not found", "This product does not exist.");
  const image = data.product.images[0];
  return [
    ...pageMeta(data.product.name, data.product.description.slice(0, 160), {
      type: "product",
      image: image ? `${data.publicUrl}${image.src}` : undefined,
    }),
    // Made on the server (lib/json-ld.server.ts); React Router escapes it in the script.
    { "script:ld+json": data.jsonLd },
  ];
}

/**
 * The variant the page shows: the one just chosen while its data is on its way (its price, stock
 * and picture are the product's already), else the loader's. `pending` while the rest (its lab
 * results, where it ships) is asked.
 */
function useShownVariant(product: Product, loaded: ProductVariant): { variant: ProductVariant; pending: boolean } {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.state === "loading" && navigation.location.pathname === pathname ? navigation.location : null;
  const nextId = next && new URLSearchParams(next.search).get("variant");
  const chosen = nextId ? product.variants.find((variant) => variant.id === nextId) : undefined;
  return chosen ? { variant: chosen, pending: chosen.id !== loaded.id } : { variant: loaded, pending: false };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, lab, ships, age, wholesale } = loaderData;
  const { variant, pending } = useShownVariant(product, loaderData.variant);
  const navigate = useNavigate();
  const item = variantSummary(product, variant);
  // The variant's own picture first, then the product's.
  const pictures = variant.image
    ? [variant.image, ...product.images.filter((image) => image.src !== variant.image?.src)]
    : product.images;
  const [picked, setPicked] = useState<{ variantId: string; index: number } | null>(null);
  const selected = picked?.variantId === variant.id ? picked.index : 0;
  const mainImage = pictures[selected] ?? product.image;
  const piecesPerBox = (item.pcsPerPack ?? 1) * (item.packPerBox ?? 1);
  // An approved wholesale account buys whole boxes at its own price; a variant without one is not sold to it.
  const wholesaleBox = wholesale && (wholesale.boxes.find((box) => box.variantId === variant.id) ?? null);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb
        items={[
          { label: "Home", to: href("/") },
          { label: product.category.name, to: `${href("/products")}?category=${product.category.slug}` },
          { label: product.name },
        ]}
      />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-14">
        {/* On wide screens the pictures stay in view beside the longer text column. */}
        <section aria-label="Pictures" className="lg:sticky lg:top-24 lg:self-start">
          <div className="aspect-square overflow-hidden rounded-3xl border border-line bg-white">
            <ResponsiveImage
              key={mainImage?.src}
              image={mainImage}
              sizes="(min-width: 1024px) 40rem, 100vw"
              className="h-full w-full"
              priority
            />
          </div>
          {pictures.length > 1 && (
            <ul className="mt-4 flex gap-3">
              {pictures.map((image, index) => (
                <li key={image.src}>
                  <button
                    type="button"
                    onClick={() => setPicked({ variantId: variant.id, index })}
                    aria-label={`Show picture ${index + 1} of ${pictures.length}`}
                    aria-pressed={index === selected}
                    className={`block size-20 overflow-hidden rounded-xl border-2 bg-white ${
                      index === selected ? "border-brand-600" : "border-line hover:border-muted"
                    }`}
                  >
                    <ResponsiveImage image={{ ...image, alt: "" }} sizes="5rem" className="h-full w-full" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="product-name">
          <p className="font-medium text-brand-700 text-sm uppercase tracking-wide">{product.brand}</p>
          <h1 id="product-name" className="mt-1 font-bold text-3xl tracking-tight sm:text-4xl">
            {product.name}
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <ProductPrice product={item} size="lg" />
            <span className="text-muted text-sm">per piece</span>
            <StockBadge stock={item.stock} soldNowhere={ships.soldNowhere} />
          </div>
          {wholesale && (
            <p className="mt-3 rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
              {wholesaleBox ? (
                <>
                  Wholesale: <span className="font-semibold">{formatCents(wholesaleBox.boxPriceCents)}</span> a box of{" "}
                  {wholesaleBox.piecesPerBox}
                </>
              ) : (
                "Not sold wholesale: this product has no wholesale box price."
              )}
            </p>
          )}
          {!wholesale && item.sellingPriceBoxCents !== null && (
            <p className="mt-2 text-muted">
              Box of {piecesPerBox}:{" "}
              <span className="font-semibold text-ink">{formatCents(item.sellingPriceBoxCents)}</span>
              {item.pcsPerPack !== null && item.packPerBox !== null && (
                <span>
                  {" "}
                  ({item.pcsPerPack} {item.pcsPerPack === 1 ? "piece" : "pieces"} per pack, {item.packPerBox}{" "}
                  {item.packPerBox === 1 ? "pack" : "packs"} per box)
                </span>
              )}
            </p>
          )}

          {product.options.length > 0 && (
            <VariantChoices
              options={product.options}
              variants={product.variants}
              shown={variant}
              className="mt-6"
              // Flushed at once: the choice shows checked, with its price and stock, while the rest loads
              // (in place: the page shows that as pending, with no loader over it).
              onChoose={(id) =>
                navigate(variantPath(product.id, id), {
                  replace: true,
                  preventScrollReset: true,
                  flushSync: true,
                  state: IN_PLACE,
                })
              }
            />
          )}

          <div className="mt-6">
            <AddToCart
              product={item}
              soldNowhere={ships.soldNowhere}
              pending={pending}
              {...(wholesale ? { wholesaleBox } : {})}
            />
          </div>
          {!ships.soldNowhere && (
            <p className={`mt-3 font-medium text-sm ${age.tooYoung ? "text-red-800" : "text-ink"}`}>
              You must be {age.minAge} or older to buy this.
              {age.tooYoung && " By the date of birth in your account, you cannot buy it yet."}
            </p>
          )}

          {/* Where it ships and its lab results are the chosen variant's: held back while they are asked. */}
          <div aria-busy={pending || undefined} className={pending ? "opacity-60 transition-opacity" : undefined}>
            <Suspense fallback={<div className="mt-6 h-[30rem]" />}>
              <ProductDetails product={product} variant={loaderData.variant} lab={lab} ships={ships} />
            </Suspense>
          </div>
        </section>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-16">
          <h2 id="related-title" className="font-bold text-2xl tracking-tight">
            More from {product.category.name}
          </h2>
          <div className="mt-6">
            <ProductGrid products={related} columns="narrow" />
          </div>
        </section>
      )}
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/route-error-boundary.tsx";
