import { Forbidden } from "@shop/shared/errors";
import type { FastifyInstance } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence (security.md 19): a state-changing request must come from our own pages. Browsers
 * say where a request comes from in Sec-Fetch-Site and Origin; a request that carries neither
 * is not from a browser (curl, a server), where CSRF does not arise. Our own origin is the one
 * the request reached, or PUBLIC_URL's (behind a proxy that ends TLS and is not trusted with
 * X-Forwarded-Proto, the request itself looks like plain http).
 */
export function registerSameOriginCheck(app: FastifyInstance, publicOrigin: string): void {
  // Bodies are JSON or multipart (multipart only where a route registers it). text/plain is what
  // a cross-site HTML form can send without a preflight, so it is not parsed at all (415).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") throw crossSite();
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw crossSite();
    }
  });
}

function crossSite(): Forbidden {
  return new Forbidden("This request came from another website, so it was refused.");
}
