import { href } from "react-router";
import type { Route } from "./+types/sitemap";

/** One sitemap file holds at most 50,000 addresses; past that, a sitemap index is needed. */
const MAX_PRODUCTS = 44_000;
const MAX_POSTS = 900;
const MAX_BATCHES = 5_000;

// href() checks each path against routes.ts when the types are built: a page that moves or goes
// breaks the build, not the sitemap. (It stays out of the browser's code: see decision 029.)
const pages = [
  href("/"),
  href("/products"),
  href("/about-us"),
  href("/contact-us"),
  href("/terms-and-conditions"),
  href("/privacy-policy"),
  href("/return-policy"),
  href("/shipping-policy"),
  href("/blog"),
  href("/blog/latest"),
  href("/blog/reviews"),
  href("/blog/guides"),
  href("/coas"),
];

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = context;
  const [categories, products, posts, batches] = await Promise.all([
    services.catalog.listCategories(),
    services.catalog.sitemapProducts(MAX_PRODUCTS),
    services.blog.sitemapPosts(MAX_POSTS),
    services.coas.sitemapBatches(MAX_BATCHES),
  ]);
  const entries: { path: string; lastModified?: string }[] = [
    ...pages.map((path) => ({ path })),
    ...categories.map((category) => ({ path: `${href("/products")}?category=${category.slug}` })),
    ...products.map((product) => ({ path: href("/products/:id", product), lastModified: product.updatedAt })),
    ...posts.map((post) => ({ path: href("/blog/:slug", post), lastModified: post.publishedAt })),
    ...batches.map((batch) => ({
      path: href("/coas/:lot", { lot: encodeURIComponent(batch.lotNumber) }),
      lastModified: batch.updatedAt,
    })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) =>
        `<url><loc>${escapeXml(publicUrl + entry.path)}</loc>${
          entry.lastModified ? `<lastmod>${entry.lastModified.slice(0, 10)}</lastmod>` : ""
        }</url>`,
    ),
    "</urlset>",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
