import type { User } from "@shop/shared";
import type { NewSession } from "./modules/accounts/service.ts";
import type { Services } from "./services.ts";

/**
 * The methods pages may call: the storefront's reads from their loaders, and the shopper's own
 * changes from their actions (decision 089), each in front of the same service as its /api route.
 * Staff's changes are not here: the dashboard calls /api. A read of one thing (getProduct,
 * getPost, getBatch) throws NotFound for an unknown one, which a loader turns into its error page
 * through lib/page-data.ts; an action turns a domain error into the form's refusal
 * (lib/service-answer.server.ts).
 */
export const PAGE_SERVICES = {
  catalog: [
    "listCategories",
    "listProducts",
    "facets",
    "getProduct",
    "relatedProducts",
    "complianceLines",
    "variantsByIds",
  ],
  banners: ["listActive"],
  blog: ["listPosts", "getPost"],
  coas: ["listBatches", "getBatch", "latestForVariant", "qrCode"],
  sitemaps: ["index", "sitemap"],
  settings: ["getPublic"],
  accounts: [
    "login",
    "signUp",
    "verifyEmail",
    "resendVerification",
    "forgotPassword",
    "resetPassword",
    "getUser",
    "updateProfile",
    "setDateOfBirth",
    "changeEmail",
    "changePassword",
    "listAddresses",
    "addAddress",
    "updateAddress",
    "deleteAddress",
  ],
  contact: ["receive"],
  compliance: ["shipsTo", "bansFor"],
  orders: ["quote", "place", "cardForm", "wholesalePrices", "termsMethod", "list", "get", "cancel"],
  identity: ["step", "submitDocument"],
  wholesaleAccounts: ["mine", "apply", "addDocument"],
} as const satisfies { [Name in keyof PageSources]?: readonly (keyof PageSources[Name])[] };

/**
 * What each name the pages call stands for: the service of that name, but for `orders`, which
 * the pages keep as one thing though two modules serve it: checkout quotes and places an order,
 * fulfilment lists, reads and cancels the buyer's orders (docs/decisions/092).
 */
type PageSources = Omit<Services, "orders"> & { orders: Services["checkout"] & Services["orders"] };

type PageReads = typeof PAGE_SERVICES;

/** The view of the services that React Router loaders and actions get. */
export type PageServices = {
  readonly [Name in keyof PageReads]: Readonly<
    Pick<PageSources[Name], Extract<PageReads[Name][number], keyof PageSources[Name]>>
  >;
};

/** Builds the pages' view once: each listed method, bound to its service; nothing else. */
export function pageServices(services: Services): PageServices {
  const sources: PageSources = { ...services, orders: { ...services.checkout, ...services.orders } };
  const view: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const [name, methods] of Object.entries(PAGE_SERVICES)) {
    const service = sources[name as keyof PageReads] as unknown as Record<string, (...args: unknown[]) => unknown>;
    view[name] = Object.freeze(Object.fromEntries(methods.map((method) => [method, service[method]?.bind(service)])));
  }
  return Object.freeze(view) as unknown as PageServices;
}

/** Who sent a page's request, as an /api route sees it: for the rate limits and the password guard. */
export interface PageSender {
  /** The client's address (behind the proxies the shop trusts). */
  address: string;
  userAgent: string | null;
}

/** The session cookie of a page's answer, set and cleared as the API's routes do. */
export interface PageSession {
  /**
   * Sets the cookie of a session a service started (a login, a new password). The session the
   * request came with ends first: the new one has a new id, so a planted id is worth nothing.
   */
  start(session: NewSession): Promise<void>;
  /** Ends the session the request came with and clears its cookie (log out). */
  end(): Promise<void>;
  /**
   * Reads the signed-in user again, after an action changed their account: the loaders that run
   * after it, for the page this request answers, then see the change (the header's name too).
   */
  reload(): Promise<void>;
}

/** What every React Router loader and action receives (the web app's AppLoadContext). */
export interface WebLoadContext {
  [key: string]: unknown;
  services: PageServices;
  /** The CSP nonce for inline scripts; empty in development. */
  nonce: string;
  /** The shop's public address (PUBLIC_URL), for canonical links, sitemaps and Open Graph. */
  publicUrl: string;
  /** Who is signed in (from the session cookie, or as an action's session change left it), or null. */
  readonly user: User | null;
  sender: PageSender;
  session: PageSession;
}
