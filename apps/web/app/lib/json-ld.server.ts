import type { Product, ProductVariant, StoreProfile } from "@shop/shared";
import { centsToDollars, type PricedProduct, unitPriceCents } from "@shop/shared/rules";
import { addressLines } from "./store.ts";

/**
 * schema.org data for search engines, made on the server; a page's `meta` gives it as
 * `script:ld+json`, which React Router writes with `<`, `>` and `&` escaped, so nothing can end the
 * script.
 */
const schemaOrg = (data: object) => ({ "@context": "https://schema.org", ...data });

/** The shop as a schema.org Organization (Settings > Store profile). */
function organization(store: StoreProfile, publicUrl: string) {
  return {
    "@type": "Organization",
    name: store.name,
    url: publicUrl,
    email: store.email,
    ...(store.phone ? { telephone: `+1${store.phone}` } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: addressLines(store).slice(0, -1).join(", "),
      addressLocality: store.city,
      addressRegion: store.state,
      postalCode: store.zip,
      addressCountry: "US",
    },
  };
}

/** The home page's data for search engines: the shop itself. */
export const organizationJsonLd = (store: StoreProfile, publicUrl: string) => schemaOrg(organization(store, publicUrl));

/**
 * A product page's data for search engines: the product, sold by the shop, with an offer for each
 * variant for sale (its SKU, price and stock, at the address that shows it), or the product's own
 * when none is; `soldNowhere` when a country-wide rule bans it today.
 */
export function productJsonLd(product: Product, store: StoreProfile, publicUrl: string, soldNowhere = false) {
  const url = `${publicUrl}/products/${product.id}`;
  const offer = (sold: Pick<ProductVariant, "sku" | "stock"> & PricedProduct, address: string) => ({
    "@type": "Offer",
    url: address,
    sku: sold.sku,
    priceCurrency: "USD",
    price: centsToDollars(unitPriceCents(sold)),
    // Not for sale anywhere (a country-wide ban, decision 080) is never "in stock".
    availability: sold.stock > 0 && !soldNowhere ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    seller: { "@type": "Organization", name: store.name },
  });
  const offers =
    product.options.length > 0 && product.variants.length > 0
      ? product.variants.map((variant) => offer(variant, `${url}?variant=${encodeURIComponent(variant.id)}`))
      : [offer(product, url)];
  return schemaOrg({
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    description: product.description,
    category: product.category.name,
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    image: product.images.map((image) => `${publicUrl}${image.src}`),
    offers: offers.length === 1 ? offers[0] : offers,
  });
}
