import type { ApiError, User } from "@shop/shared";
import type { Services } from "./services.ts";

/**
 * The methods pages may call from their loaders: reads only. A page that changes something posts
 * to /api like every other client (the same validation, access rules, rate limits and audit), so a
 * loader that tried to write does not compile, and the object pages get has nothing else in it.
 * A read of one thing (getProduct, getPost, getBatch) throws NotFound for an unknown one, which a
 * loader turns into its error page through lib/page-data.ts.
 */
export const PAGE_READS = {
  catalog: ["listCategories", "listProducts", "facets", "getProduct", "relatedProducts", "complianceLines"],
  banners: ["listActive"],
  blog: ["listPosts", "getPost"],
  coas: ["listBatches", "getBatch", "latestForProduct", "qrCode"],
  sitemaps: ["index", "sitemap"],
  settings: ["getPublic"],
  accounts: ["listAddresses"],
  compliance: ["shipsTo", "bansFor"],
  orders: ["list", "get"],
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

/**
 * The API routes a page's action may post to (decision 028): the shopper's forms that work before
 * JavaScript has loaded. A page that changes something still goes through /api, only from the
 * server: its action posts the form to the very route the browser's script would, inside this
 * process, as this request's sender. The answer is the API's own, reached by its validation,
 * access rules, same-origin check, rate limits, password guard, session cookie and log line.
 */
export const PAGE_WRITES = ["/api/Auth/login", "/api/User", "/api/contact"] as const;

export type PageWrite = (typeof PAGE_WRITES)[number];

/** The API's answer to a page's post: its JSON body, an ApiError when it refused. */
export type PageWriteAnswer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; body: ApiError };

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
  /**
   * Posts a form's values as JSON to one of PAGE_WRITES, for an action. A cookie the API sets (the
   * session cookie of a login) is set on the page's answer.
   */
  postToApi<T>(path: PageWrite, values: Readonly<Record<string, unknown>>): Promise<PageWriteAnswer<T>>;
}
