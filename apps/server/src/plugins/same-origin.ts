import { Forbidden } from "@shop/shared/errors";
import type { FastifyInstance } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: a state-changing request must come from our own pages. Browsers
 * say where a request comes from in Sec-Fetch-Site and Origin; a request that carries neither
 * is not from a browser (curl, a server), where CSRF does not arise. Our own origins are the
 * configured ones (`Config.allowedOrigins`); the Host a request names is not, since a page on
 * another site whose name points at this server sends its own name as Host and as Origin.
 */
export function registerSameOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const ours = new Set(allowedOrigins);
  // Bodies are JSON or multipart (multipart only where a route registers it). text/plain is what
  // a cross-site HTML form can send without a preflight, so it is not parsed at all (415).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") throw crossSite();
    const origin = request.headers.origin;
    if (origin !== undefined && !ours.has(origin)) {
      request.log.info({ origin }, "a change from an origin that is not ours was refused (PUBLIC_URL, EXTRA_ORIGINS)");
      throw crossSite();
    }
  });
}

function crossSite(): Forbidden {
  return new Forbidden("This request came from another website, so it was refused.");
}
