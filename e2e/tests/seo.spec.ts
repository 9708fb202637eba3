import type { ProductList } from "@shop/shared";
import { expect, test } from "./fixtures.ts";
import { demoProduct } from "./products.ts";

test("a product page has its title, description, Open Graph, canonical link and Product data", async ({
  page,
  request,
  baseURL,
}) => {
  // A demo vape, with its pictures and description.
  const product = await demoProduct(request, "Nimbrix Pro 25K Disposable");
  await page.goto(`/products/${product.id}?utm_source=newsletter`);
  await expect(page).toHaveTitle(`${product.name} | Leaf & Cloud`);
  const head = page.locator("head");
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`^${baseURL}/uploads/`),
  );
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products/${product.id}`);

  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(data).toMatchObject({ "@type": "Product", name: product.name, sku: product.sku });
  // Sold in flavours and strengths: an offer for each variant, at the address that shows it.
  const offers = data.offers as { url: string; price: string; availability: string }[];
  expect(product.variantCount).toBeGreaterThan(1);
  expect(offers).toHaveLength(product.variantCount);
  for (const offer of offers) {
    expect(offer).toMatchObject({ "@type": "Offer", priceCurrency: "USD" });
    expect(offer.price).toMatch(/^\d+\.\d\d$/);
    expect(offer.url).toMatch(new RegExp(`^${baseURL}/products/${product.id}\\?variant=`));
  }
  expect(offers.map((offer) => offer.availability)).toContain("https://schema.org/InStock");
});

test("a filtered list points search engines at the plain category page", async ({ page, baseURL }) => {
  await page.goto("/products?category=kratom&sort=price_asc&inStock=true&utm_source=x");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/products?category=kratom`);
  await expect(page).toHaveTitle("Kratom | Leaf & Cloud");
});

test("sitemap.xml lists the pages, categories and every product", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  // Other tests add products meanwhile: the sitemap and the list are read again until they agree.
  await expect(async () => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const all = (await (await request.get("/api/Product?limit=1")).json()) as ProductList;
    expect(sitemap.match(/<loc>[^<]*\/products\/[0-9a-f-]{36}<\/loc>/g)).toHaveLength(all.totalProducts);
  }).toPass({ timeout: 30_000 });
  expect(xml).toContain(`<loc>${baseURL}/products?category=hemp-product</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/terms-and-conditions</loc>`);
});

test("numbered sitemaps: 1 has the pages, 2 the products, one past the last is 404", async ({ request, baseURL }) => {
  const first = await request.get("/sitemap.xml?part=1");
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toContain("application/xml");
  expect(await first.text()).toContain(`<loc>${baseURL}/terms-and-conditions</loc>`);
  // Other tests add products meanwhile: the sitemap and the list are read again until they agree.
  await expect(async () => {
    const all = (await (await request.get("/api/Product?limit=1")).json()) as ProductList;
    const products = await (await request.get("/sitemap.xml?part=2")).text();
    expect(products.match(/<loc>[^<]*\/products\/[0-9a-f-]{36}<\/loc>/g)).toHaveLength(all.totalProducts);
  }).toPass({ timeout: 30_000 });
  for (const past of ["/sitemap.xml?part=3", "/sitemap.xml?part=0", "/sitemap.xml?part=x"]) {
    expect((await request.get(past)).status(), past).toBe(404);
  }
});

test("robots.txt keeps crawlers out of the API and the cart and names the sitemap", async ({ request, baseURL }) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).toContain("Disallow: /api/");
  expect(text).toContain("Disallow: /cart");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
