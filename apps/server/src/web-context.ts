import type { User } from "@shop/shared";
import type { Services } from "./services.ts";

/** What every React Router loader and action receives (the web app's AppLoadContext). */
export interface WebLoadContext {
  [key: string]: unknown;
  services: Services;
  /** The CSP nonce for inline scripts; empty in development. */
  nonce: string;
  /** The shop's public address (PUBLIC_URL), for canonical links, sitemaps and Open Graph. */
  publicUrl: string;
  /** Who is signed in (from the session cookie), or null. */
  user: User | null;
}
