import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../lib/ids.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { escapeXml, SITEMAP_MAX_URLS, type SitemapLinks } from "./sitemap.ts";

const base = "https://shop.example";
const links: SitemapLinks = {
  base,
  pages: ["/", "/products", "/blog"],
  category: (slug) => `/products?category=${slug}`,
  product: (id) => `/products/${id}`,
  post: (slug) => `/blog/${slug}`,
  batch: (lot) => `/coas/${encodeURIComponent(lot)}`,
  sitemap: (n) => `/sitemap.xml?part=${n}`,
};

async function text(parts: AsyncGenerator<string> | null): Promise<string> {
  if (!parts) throw new Error("no sitemap");
  let out = "";
  for await (const part of parts) out += part;
  return out;
}

/** What a crawler checks: one XML declaration, the sitemaps.org root, escaped text, absolute addresses. */
function checkXml(xml: string, root: "urlset" | "sitemapindex"): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).toContain(`<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`);
  expect(xml.trimEnd().endsWith(`</${root}>`)).toBe(true);
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  for (const [, loc] of xml.matchAll(/<loc>([^<]*)<\/loc>/g)) expect(loc?.startsWith(`${base}/`)).toBe(true);
  for (const [, day] of xml.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
}

const productIds = (xml: string) =>
  [...xml.matchAll(/<loc>https:\/\/shop\.example\/products\/([^<?]+)<\/loc>/g)].map((m) => m[1] ?? "");

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

async function activeIds(): Promise<string[]> {
  const rows = await shop.app.db.kysely.selectFrom("products").where("active", "=", 1).select("id").execute();
  return rows.map((row) => row.id);
}

describe("sitemaps", () => {
  it("a shop of at most 50,000 addresses gets one sitemap at /sitemap.xml with every page", async () => {
    const xml = await text(shop.app.services.sitemaps.index(links));
    checkXml(xml, "urlset");
    expect(xml).toContain(`<loc>${base}/</loc>`);
    expect(xml).toContain(`<loc>${base}/products?category=disposable</loc>`);
    expect(xml).toMatch(/<loc>https:\/\/shop\.example\/blog\/[^<]+<\/loc><lastmod>/);
    expect(xml).toMatch(/<loc>https:\/\/shop\.example\/coas\/[^<]+<\/loc><lastmod>/);
    expect(productIds(xml).sort()).toEqual((await activeIds()).sort());
  });

  it("past 50,000 an index names numbered sitemaps of at most 50,000 each; every product once; past the end none", async () => {
    // 60,000 more active products, and a few inactive ones that no sitemap may list.
    const template = await shop.app.db.kysely.selectFrom("products").selectAll().limit(1).executeTakeFirstOrThrow();
    // PostgreSQL computes the search column itself.
    delete (template as Record<string, unknown>).search_vector;
    const start = Date.now();
    await shop.app.db.kysely.transaction().execute(async (trx) => {
      for (let offset = 0; offset < 60_010; offset += 800) {
        const rows = Array.from({ length: Math.min(800, 60_010 - offset) }, (_, i) => {
          const n = offset + i;
          return {
            ...template,
            id: newId(start + n),
            sku: `MAP-${String(n).padStart(6, "0")}`,
            name: `Sitemap & <product> ${n}`,
            active: (n < 60_000 ? 1 : 0) as 0 | 1,
          };
        });
        await trx.insertInto("products").values(rows).execute();
      }
    });
    const active = await activeIds();
    expect(active.length).toBeGreaterThan(60_000);

    const index = await text(shop.app.services.sitemaps.index(links));
    checkXml(index, "sitemapindex");
    const listed = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/sitemap>/g)];
    const expected = 1 + Math.ceil(active.length / SITEMAP_MAX_URLS);
    expect(listed.map((m) => m[1])).toEqual(
      Array.from({ length: expected }, (_, i) => `${base}/sitemap.xml?part=${i + 1}`),
    );

    const seen: string[] = [];
    for (let n = 1; n <= expected; n++) {
      const xml = await text(await shop.app.services.sitemaps.sitemap(n, links));
      checkXml(xml, "urlset");
      const urls = xml.match(/<url>/g)?.length ?? 0;
      expect(urls).toBeGreaterThan(0);
      expect(urls).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      if (n === 1) expect(xml).toContain(`<loc>${base}/</loc>`);
      seen.push(...productIds(xml));
    }
    expect(seen.length).toBe(active.length);
    expect(new Set(seen).size).toBe(active.length);
    expect([...seen].sort()).toEqual([...active].sort());

    expect(await shop.app.services.sitemaps.sitemap(expected + 1, links)).toBeNull();
    expect(await shop.app.services.sitemaps.sitemap(0, links)).toBeNull();
    expect(await shop.app.services.sitemaps.sitemap(1.5, links)).toBeNull();
  }, 180_000);

  it("escapes the five XML characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});
