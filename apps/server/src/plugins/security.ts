import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { isUnder } from "./paths.ts";

declare module "fastify" {
  interface FastifyReply {
    /** The CSP nonce for this page's inline scripts ("" on API answers and in development). */
    cspNonce: string;
  }
}

const pageDirectives = [
  "default-src 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
];

/** JSON and pictures never need to run anything. */
const apiPolicy = "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

function isPage(url: string): boolean {
  return !isUnder(url, "api") && !isUnder(url, "uploads") && !isUnder(url, "assets");
}

/**
 * Security headers, fixed strings computed once. Pages get a CSP whose
 * script-src allows our own origin plus this response's nonce, which server rendering puts on
 * its inline data; API answers get a policy that allows nothing. The dev server sends no CSP
 * because Vite's hot reload injects inline code. See docs/decisions/007.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; dev: boolean; cardScriptUrl?: string | undefined },
): void {
  const headers: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "origin-agent-cluster": "?1",
    "x-dns-prefetch-control": "off",
    "x-permitted-cross-domain-policies": "none",
    "x-xss-protection": "0",
  };
  if (options.production) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  // The card gateway's hosted form (docs/decisions/101): its script, and the frame it opens, from its host only.
  const gateway = options.cardScriptUrl ? new URL(options.cardScriptUrl).origin : null;
  const scriptSources = gateway ? `'self' ${gateway}` : "'self'";
  const pagePolicyEnd = [
    ...pageDirectives,
    ...(gateway ? [`frame-src ${gateway}`] : []),
    ...(options.production ? ["upgrade-insecure-requests"] : []),
  ].join("; ");

  app.decorateReply("cspNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    if (options.dev) return;
    if (isPage(request.url)) {
      reply.cspNonce = randomBytes(16).toString("base64");
      reply.header(
        "content-security-policy",
        `script-src ${scriptSources} 'nonce-${reply.cspNonce}'; ${pagePolicyEnd}`,
      );
    } else {
      reply.header("content-security-policy", apiPolicy);
    }
  });
}
