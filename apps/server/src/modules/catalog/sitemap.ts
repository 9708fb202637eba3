/**
 * The sitemaps (decision 063): a shop of at most 50,000 addresses gets one
 * sitemap at /sitemap.xml, as before; a larger one gets a sitemap index there, naming numbered
 * sitemaps of at most 50,000 addresses each: number 1 the pages, categories, blog posts and lab
 * results, 2 onwards the products in id order. Product sitemaps are read in keyset pages and
 * written as they are read, so 200,000 products are never in memory at once.
 */

/** sitemaps.org: at most 50,000 addresses in one sitemap (and 50 MB). */
export const SITEMAP_MAX_URLS = 50_000;
/** Products read from the database at a time while a sitemap is written. */
const READ_BATCH = 5_000;
/** Sitemap 1's share for blog posts and lab results (the pages and categories are few). */
const MAX_POSTS = 20_000;
const MAX_BATCHES = 29_000;

/** Where each kind of page lives; the web app passes its route table's paths. */
export interface SitemapLinks {
  /** The shop's public address, without a trailing slash (PUBLIC_URL). */
  base: string;
  pages: readonly string[];
  category(slug: string): string;
  product(id: string): string;
  post(slug: string): string;
  batch(lotNumber: string): string;
  /** The address of numbered sitemap `n` (from 1), from the shop's root. */
  sitemap(n: number): string;
}

interface SitemapSources {
  catalog: {
    listCategories(): Promise<{ slug: string }[]>;
    sitemapProductCount(): Promise<number>;
    sitemapProductAt(offset: number): Promise<string | undefined>;
    sitemapProductsChanged(from: string, count: number): Promise<string | null>;
    sitemapProducts(
      page: { from?: string; after?: string },
      limit: number,
    ): Promise<{ id: string; updatedAt: string }[]>;
  };
  blog: { sitemapPosts(limit: number): Promise<{ slug: string; publishedAt: string }[]> };
  coas: { sitemapBatches(limit: number): Promise<{ lotNumber: string; updatedAt: string }[]> };
}

type Entry = { path: string; lastModified?: string | null };

export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const lastmod = (at: string | null | undefined) => (at ? `<lastmod>${at.slice(0, 10)}</lastmod>` : "");
const urlLine = (base: string, entry: Entry) =>
  `<url><loc>${escapeXml(base + entry.path)}</loc>${lastmod(entry.lastModified)}</url>\n`;
const latest = (dates: (string | null | undefined)[]) =>
  dates.reduce<string | null>((max, at) => (at && (!max || at > max) ? at : max), null);

export function createSitemaps(sources: SitemapSources) {
  async function others(links: SitemapLinks): Promise<Entry[]> {
    const [categories, posts, batches] = await Promise.all([
      sources.catalog.listCategories(),
      sources.blog.sitemapPosts(MAX_POSTS),
      sources.coas.sitemapBatches(MAX_BATCHES),
    ]);
    return [
      ...links.pages.map((path) => ({ path })),
      ...categories.map((category) => ({ path: links.category(category.slug) })),
      ...posts.map((post) => ({ path: links.post(post.slug), lastModified: post.publishedAt })),
      ...batches.map((batch) => ({ path: links.batch(batch.lotNumber), lastModified: batch.updatedAt })),
    ];
  }

  /** Up to `count` product entries from `from` (or from the first), read a batch at a time. */
  async function* productLines(links: SitemapLinks, from: string | undefined, count: number) {
    let page: { from?: string; after?: string } = from === undefined ? {} : { from };
    for (let written = 0; written < count; ) {
      const rows = await sources.catalog.sitemapProducts(page, Math.min(READ_BATCH, count - written));
      if (rows.length === 0) return;
      yield rows
        .map((row) => urlLine(links.base, { path: links.product(row.id), lastModified: row.updatedAt }))
        .join("");
      written += rows.length;
      page = { after: rows[rows.length - 1]?.id as string };
    }
  }

  return {
    /**
     * /sitemap.xml: every address in one sitemap while there are at most 50,000; past that, an
     * index of the numbered sitemaps, each with the date of its latest change.
     */
    async *index(links: SitemapLinks): AsyncGenerator<string> {
      const [rest, products] = await Promise.all([others(links), sources.catalog.sitemapProductCount()]);
      if (rest.length + products <= SITEMAP_MAX_URLS) {
        yield `${XML_HEAD}<urlset ${NS}>\n`;
        yield rest.map((entry) => urlLine(links.base, entry)).join("");
        yield* productLines(links, undefined, products);
        yield "</urlset>\n";
        return;
      }
      yield `${XML_HEAD}<sitemapindex ${NS}>\n`;
      const sitemapLine = (n: number, changed: string | null) =>
        `<sitemap><loc>${escapeXml(links.base + links.sitemap(n))}</loc>${lastmod(changed)}</sitemap>\n`;
      yield sitemapLine(1, latest(rest.map((entry) => entry.lastModified)));
      for (let chunk = 0; chunk * SITEMAP_MAX_URLS < products; chunk++) {
        const from = await sources.catalog.sitemapProductAt(chunk * SITEMAP_MAX_URLS);
        if (from === undefined) break;
        yield sitemapLine(chunk + 2, await sources.catalog.sitemapProductsChanged(from, SITEMAP_MAX_URLS));
      }
      yield "</sitemapindex>\n";
    },

    /** Numbered sitemap `n` (from 1) of the index; null for a number past the end (a 404). */
    async sitemap(n: number, links: SitemapLinks): Promise<AsyncGenerator<string> | null> {
      if (!Number.isSafeInteger(n) || n < 1) return null;
      if (n === 1) {
        const rest = await others(links);
        return (async function* () {
          yield `${XML_HEAD}<urlset ${NS}>\n`;
          yield rest.map((entry) => urlLine(links.base, entry)).join("");
          yield "</urlset>\n";
        })();
      }
      const from = await sources.catalog.sitemapProductAt((n - 2) * SITEMAP_MAX_URLS);
      if (from === undefined) return null;
      return (async function* () {
        yield `${XML_HEAD}<urlset ${NS}>\n`;
        yield* productLines(links, from, SITEMAP_MAX_URLS);
        yield "</urlset>\n";
      })();
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
