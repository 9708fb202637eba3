import type { User } from "@shop/shared";
import type { Services } from "./services.ts";

/**
 * The methods pages may call from their loaders: reads only. A page that changes something posts
 * to /api like every other client (the same validation, access rules, rate limits and audit), so a
 * loader that tried to write does not compile, and the object pages get has nothing else in it.
 */
export const PAGE_READS = {
  catalog: ["listCategories", "listProducts", "facets", "findProduct", "relatedProducts", "sitemapProducts"],
  banners: ["listActive"],
  blog: ["listPosts", "findPost", "sitemapPosts"],
  coas: ["listBatches", "findBatch", "latestForProduct", "sitemapBatches", "qrCode"],
  settings: ["getPublic"],
  accounts: ["listAddresses"],
} as const satisfies { [Name in keyof Services]?: readonly (keyof Services[Name])[] };

type PageReads = typeof PAGE_READS;

/** The read-only view of the services that React Router loaders get. */
export type PageServices = {
  readonly [Name in keyof PageReads]: Readonly<
    Pick<Services[Name], Extract<PageReads[Name][number], keyof Services[Name]>>
  >;
};

/** Builds the pages' view once: each listed method, bound to its service; nothing else. */
export function pageServices(services: Services): PageServices {
  const view: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const [name, methods] of Object.entries(PAGE_READS)) {
    const service = services[name as keyof PageReads] as unknown as Record<string, (...args: unknown[]) => unknown>;
    view[name] = Object.freeze(Object.fromEntries(methods.map((method) => [method, service[method]?.bind(service)])));
  }
  return Object.freeze(view) as unknown as PageServices;
}

/** What every React Router loader and action receives (the web app's AppLoadContext). */
export interface WebLoadContext {
  [key: string]: unknown;
  services: PageServices;
  /** The CSP nonce for inline scripts; empty in development. */
  nonce: string;
  /** The shop's public address (PUBLIC_URL), for canonical links, sitemaps and Open Graph. */
  publicUrl: string;
  /** Who is signed in (from the session cookie), or null. */
  user: User | null;
}
