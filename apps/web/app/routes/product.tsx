import { formatCents, type Product, productNotFoundMessage } from "@shop/shared";
import { FileText, FlaskConical, Store, Truck } from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import { Breadcrumb } from "../components/breadcrumb.tsx";
import { ProductGrid } from "../components/catalog/product-card.tsx";
import { ProductPrice } from "../components/catalog/product-price.tsx";
import { ResponsiveImage } from "../components/catalog/responsive-image.tsx";
import { StockBadge } from "../components/catalog/stock-badge.tsx";
import { AddToCart } from "../features/cart/add-to-cart.tsx";
import { ProductJsonLd } from "../features/catalog/product-json-ld.tsx";
import { batchPath, formatCoaDate, keyResults } from "../features/coas/format.ts";
import { QrCode } from "../features/coas/qr-code.tsx";
import { KeyResults, OlderThanAYearBadge } from "../features/coas/summary.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await context.services.catalog.findProduct(params.id);
  if (!product) throw data(productNotFoundMessage(params.id), { status: 404 });
  const [related, lab] = await Promise.all([
    context.services.catalog.relatedProducts(product),
    context.services.coas.latestForProduct(product.id),
  ]);
  // Drawn and worded here, on the server: neither a QR library nor the COA formatting goes to the browser.
  const latest = lab.latest && {
    lotNumber: lab.latest.lotNumber,
    path: batchPath(lab.latest.lotNumber),
    labName: lab.latest.lab.name,
    reportDate: lab.latest.reportDate,
    reportDateText: formatCoaDate(lab.latest.reportDate),
    olderThanAYear: lab.latest.olderThanAYear,
    results: keyResults(lab.latest),
    pdfUrl: lab.latest.pdf.url,
    qr: context.services.coas.qrCode(`${context.publicUrl}${batchPath(lab.latest.lotNumber)}`),
  };
  return { product, related, publicUrl: context.publicUrl, lab: { latest, totalBatches: lab.totalBatches } };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta("Product not found", "This product does not exist.");
  const image = data.product.images[0];
  return pageMeta(data.product.name, data.product.description.slice(0, 160), {
    type: "product",
    image: image ? `${data.publicUrl}${image.src}` : undefined,
  });
}

type Detail = [label: string, value: string | null];

/** The spec's fields in groups a buyer reads; a group with nothing in it is left out. */
function detailGroups(product: Product): { title: string; rows: Detail[] }[] {
  const yes = (value: boolean) => (value ? "Yes" : null);
  const groups: { title: string; rows: Detail[] }[] = [
    {
      title: "Product",
      rows: [
        ["Brand", product.brand],
        ["Type", product.productType],
        ["Category", product.category.name],
        ["SKU", product.sku],
        ["Size", product.size],
        ["Weight", product.weight],
      ],
    },
    {
      title: "Flavour and strain",
      rows: [
        ["Flavour", product.flavour],
        ["Flavour family", product.flavourGroup],
        ["Strain", product.strainName],
        ["Strain type", product.strainType],
      ],
    },
    {
      title: "Vape details",
      rows: [
        ["Nicotine strength", product.nicotineStrength],
        ["Nicotine", product.nicotineStrengthDetail],
        ["E-liquid", product.liquid],
        ["Battery", product.battery],
        ["Coil", product.coil],
        ["USB-C rechargeable", yes(product.typeCRechargeablePort)],
        ["9,000+ puffs per device", yes(product.puffs9000PerDevice)],
      ],
    },
  ];
  return groups
    .map((group) => ({ ...group, rows: group.rows.filter(([, value]) => value !== null && value !== "") }))
    .filter((group) => group.rows.length > 0);
}

/** The latest batch's certificate in short, its QR code, and the way to every batch; or a calm "none yet". */
function LabResults({ productId, lab }: { productId: string; lab: Route.ComponentProps["loaderData"]["lab"] }) {
  const { latest, totalBatches } = lab;
  return (
    <section id="lab-results" aria-labelledby="lab-results-title" className="scroll-mt-24">
      <h2 id="lab-results-title" className="font-semibold">
        Certificate of analysis
      </h2>
      {latest ? (
        <div className="mt-2 flex flex-col gap-5 rounded-2xl border border-line bg-white p-4 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">{totalBatches > 1 ? "Latest batch" : "Batch"}</span>
              <span className="rounded-md bg-gray-100 px-2 py-0.5 font-mono font-semibold">{latest.lotNumber}</span>
              {latest.olderThanAYear && <OlderThanAYearBadge />}
            </p>
            <p className="mt-2 text-muted text-sm">
              Tested by {latest.labName}, reported <time dateTime={latest.reportDate}>{latest.reportDateText}</time>
            </p>
            <KeyResults results={latest.results} className="mt-3" />
            <div className="mt-4 flex flex-wrap gap-2">
              <Link
                to={latest.path}
                className="rounded-full bg-brand-700 px-4 py-2 font-medium text-sm text-white hover:bg-brand-900"
              >
                Lab results
              </Link>
              <a
                href={latest.pdfUrl}
                className="inline-flex items-center gap-1.5 rounded-full border border-line px-4 py-2 font-medium text-sm hover:border-ink"
              >
                <FileText aria-hidden="true" className="size-4" />
                PDF
              </a>
              {totalBatches > 1 && (
                <Link
                  to={`/coas?product=${productId}`}
                  className="rounded-full px-3 py-2 font-medium text-brand-700 text-sm hover:underline"
                >
                  All {totalBatches} batches
                </Link>
              )}
            </div>
          </div>
          {latest.qr && (
            <figure className="flex shrink-0 items-center gap-3 sm:w-32 sm:flex-col sm:gap-1">
              <QrCode
                qr={latest.qr}
                label={`QR code of the lab results page of batch ${latest.lotNumber}`}
                className="size-28 rounded-lg border border-line sm:size-32"
              />
              <figcaption className="text-muted text-xs sm:text-center">
                Scan to open this batch's lab results on your phone.
              </figcaption>
            </figure>
          )}
        </div>
      ) : (
        <p className="mt-2 flex items-center gap-2 rounded-2xl border border-line bg-white px-4 py-3 text-muted text-sm">
          <FlaskConical aria-hidden="true" className="size-5" />
          No lab results published yet.
        </p>
      )}
    </section>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, publicUrl, lab } = loaderData;
  const [selected, setSelected] = useState(0);
  const mainImage = product.images[selected] ?? product.image;
  const piecesPerBox = (product.pcsPerPack ?? 1) * (product.packPerBox ?? 1);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <ProductJsonLd product={product} publicUrl={publicUrl} />
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: product.category.name, to: `/products?category=${product.category.slug}` },
          { label: product.name },
        ]}
      />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-14">
        <section aria-label="Pictures">
          <div className="aspect-square overflow-hidden rounded-3xl border border-line bg-white">
            <ResponsiveImage
              key={mainImage?.src}
              image={mainImage}
              sizes="(min-width: 1024px) 40rem, 100vw"
              className="h-full w-full"
              priority
            />
          </div>
          {product.images.length > 1 && (
            <ul className="mt-4 flex gap-3">
              {product.images.map((image, index) => (
                <li key={image.src}>
                  <button
                    type="button"
                    onClick={() => setSelected(index)}
                    aria-label={`Show picture ${index + 1} of ${product.images.length}`}
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
            <ProductPrice product={product} size="lg" />
            <span className="text-muted text-sm">per piece</span>
            <StockBadge stock={product.stock} />
          </div>
          {product.sellingPriceBoxCents !== null && (
            <p className="mt-2 text-muted">
              Box of {piecesPerBox}:{" "}
              <span className="font-semibold text-ink">{formatCents(product.sellingPriceBoxCents)}</span>
              {product.pcsPerPack !== null && product.packPerBox !== null && (
                <span>
                  {" "}
                  ({product.pcsPerPack} {product.pcsPerPack === 1 ? "piece" : "pieces"} per pack, {product.packPerBox}{" "}
                  {product.packPerBox === 1 ? "pack" : "packs"} per box)
                </span>
              )}
            </p>
          )}

          <div className="mt-6">
            <AddToCart product={product} />
          </div>

          <p className="mt-6 text-gray-700 leading-relaxed">{product.description}</p>

          <ul className="mt-6 grid gap-3 text-sm sm:grid-cols-2">
            <li className="flex items-center gap-2">
              <Truck aria-hidden="true" className="size-5 text-brand-600" />
              {product.deliveryAvailable ? "Delivery available" : "No delivery: in-store pickup only"}
            </li>
            <li className="flex items-center gap-2">
              <Store aria-hidden="true" className="size-5 text-brand-600" />
              {product.inStoreStockAvailable ? "In stock at our store" : "Not stocked in store"}
            </li>
            {lab.latest && (
              <li className="flex items-center gap-2 sm:col-span-2">
                <FlaskConical aria-hidden="true" className="size-5 text-brand-600" />
                <a href="#lab-results" className="hover:text-brand-700 hover:underline">
                  Lab tested: every batch has a certificate of analysis.
                </a>
              </li>
            )}
          </ul>

          <div className="mt-8 space-y-6">
            {detailGroups(product).map((group) => (
              <section key={group.title} aria-label={group.title}>
                <h2 className="font-semibold">{group.title}</h2>
                <dl className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white text-sm">
                  {group.rows.map(([label, value]) => (
                    <div key={label} className="grid grid-cols-2 gap-4 px-4 py-2.5">
                      <dt className="text-muted">{label}</dt>
                      <dd className="font-medium">{value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
            <LabResults productId={product.id} lab={lab} />
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
