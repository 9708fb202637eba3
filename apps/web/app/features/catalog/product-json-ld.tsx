import type { Product } from "@shop/shared";
import { centsToDollars, unitPriceCents } from "@shop/shared/rules";
import { useNonce } from "../../lib/nonce.tsx";

/** schema.org Product data for search engines; `<` is escaped so no text can close the script. */
export function ProductJsonLd({ product, publicUrl }: { product: Product; publicUrl: string }) {
  const nonce = useNonce();
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    description: product.description,
    category: product.category.name,
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    image: product.images.map((image) => `${publicUrl}${image.src}`),
    offers: {
      "@type": "Offer",
      url: `${publicUrl}/products/${product.id}`,
      priceCurrency: "USD",
      price: centsToDollars(unitPriceCents(product)),
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, so nothing in it can end the script element
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll("<", "\\u003c") }}
    />
  );
}
