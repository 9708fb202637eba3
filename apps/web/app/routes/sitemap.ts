import type { PageServices } from "@shop/server/web-context";
import { href } from "react-router";
import type { Route } from "./+types/sitemap";

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

type Links = Parameters<PageServices["sitemaps"]["index"]>[0];

/** Where each page lives, from the route table (the sitemap module in the server writes the XML). */
function sitemapLinks(publicUrl: string): Links {
  return {
    base: publicUrl,
    pages,
    category: (slug) => `${href("/products")}?category=${encodeURIComponent(slug)}`,
    product: (id) => href("/products/:id", { id }),
    post: (slug) => href("/blog/:slug", { slug }),
    batch: (lotNumber) => href("/coas/:lot", { lot: encodeURIComponent(lotNumber) }),
    // A query, not a route of its own: every route enters the manifest each storefront page loads.
    sitemap: (n) => `${href("/sitemap.xml")}?part=${n}`,
  };
}

/** Sends the XML as it is written (a product sitemap is read from the database a batch at a time). */
function xmlResponse(parts: AsyncGenerator<string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

/**
 * /sitemap.xml: one sitemap while the shop has at most 50,000 addresses, a sitemap index past that
 * (decision 063); /sitemap.xml?part=N is numbered sitemap N of the index, 404 past the last one.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const links = sitemapLinks(context.publicUrl);
  const part = new URL(request.url).searchParams.get("part");
  if (part === null) return xmlResponse(context.services.sitemaps.index(links));
  const parts = /^[1-9]\d{0,8}$/.test(part) ? await context.services.sitemaps.sitemap(Number(part), links) : null;
  if (!parts) {
    return new Response("There is no such sitemap.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  return xmlResponse(parts);
}
