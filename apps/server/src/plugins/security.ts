import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers (security.md 20). Scripts and styles come from our own origin; the inline
 * data that server rendering writes carries the per-request nonce (reply.cspNonce). The dev
 * server sends no CSP because Vite's hot reload injects inline styles and scripts.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean; dev: boolean }) {
  await app.register(helmet, {
    enableCSPNonces: !options.dev,
    contentSecurityPolicy: options.dev
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'none'"],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            imgSrc: ["'self'", "data:", "blob:"],
            fontSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            connectSrc: ["'self'"],
            ...(options.production ? { upgradeInsecureRequests: [] } : {}),
          },
        },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
