import { createHash } from "node:crypto";
import { hasPassedGate, shipStateFromCookie } from "@shop/shared/rules";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createByteLimitedMap } from "../lib/byte-limited-map.ts";
import { compressBothWays, keptEncoding } from "../lib/compress-once.ts";
import { hasSessionCookie } from "./auth.ts";

/**
 * The storefront pages every anonymous shopper shares (docs/decisions/066): home, the product lists,
 * product pages, lab results and the blog. Rendered once, kept until a staff change (through
 * SharedState, on every instance) or for at most `maxAgeMs`, for what changes with time alone.
 */
const SHARED_PAGES = /^\/(?:products(?:\/[^/?]+)?|coas(?:\/[^/?]+)?|blog(?:\/[^/?]+)?)?\/?(?:\?|$)/i;

/** A page as rendered: its headers, its HTML and that HTML compressed once, both ways. */
export interface CachedPage {
  headers: [string, string][];
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The sources that allow this page's inline scripts: their hashes, in place of a nonce. */
  scriptSources: string;
  storedAt: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  maxAgeMs: number;
  now?: () => number;
}

/**
 * The cache key of a request whose page every anonymous visitor in the same state gets, or null.
 * The state is what the pages read of the cookies: the age gate passed or not, and the state the
 * shopper ships to. Anyone with a session (or a stale session cookie, which the answer clears)
 * gets their own rendering.
 */
export function sharedPageKey(request: FastifyRequest): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (!SHARED_PAGES.test(request.url)) return null;
  const cookies = request.headers.cookie ?? "";
  if (hasSessionCookie(cookies)) return null;
  const gate = hasPassedGate(cookies) ? "in" : "gate";
  return `${gate} ${shipStateFromCookie(cookies) ?? "-"} ${request.url}`;
}

/**
 * Every inline script's SHA-256, as CSP sources. A cached page goes to many visitors, so a nonce in
 * it would be public and useless; the hashes allow exactly the scripts rendered and nothing
 * injected later. Scripts with `src` are allowed by 'self', as on every page.
 */
function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes].join(" ");
}

/** What a response must be to be shared: a whole page, for everyone, that sets nothing. */
export function isShareable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    response.headers.getSetCookie().length === 0 &&
    !/private|no-store/i.test(response.headers.get("cache-control") ?? "")
  );
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const sizeOf = (page: CachedPage) => page.html.length + page.br.length + page.gzip.length;
  /** The pages, the oldest dropped first; a rendering begun before a change is not kept. */
  const pages = createByteLimitedMap(options.maxBytes, sizeOf);
  /** Renderings under way, so that a hundred shoppers asking at once cause one. */
  const rendering = new Map<string, Promise<CachedPage | null>>();

  async function keep(key: string, response: Response, began: number): Promise<CachedPage | null> {
    const html = Buffer.from(await response.arrayBuffer());
    const { br, gzip: gz } = await compressBothWays(html);
    const headers = [...response.headers].filter(([name]) => name !== "content-length" && name !== "set-cookie");
    const page: CachedPage = {
      headers,
      html,
      br,
      gzip: gz,
      scriptSources: inlineScriptHashes(html.toString("utf8")),
      storedAt: now(),
    };
    if (began === pages.generation && sizeOf(page) <= options.maxBytes / 4) pages.set(key, page);
    return page;
  }

  return {
    /** A fresh page for the key, or null. */
    get(key: string): CachedPage | null {
      const page = pages.get(key);
      if (!page) return null;
      if (now() - page.storedAt > options.maxAgeMs) {
        pages.delete(key);
        return null;
      }
      pages.set(key, page);
      return page;
    },

    /**
     * The page for the key, rendered by `render` unless someone is rendering it already; or, when
     * the answer may not be shared (an error, a redirect, a cookie set), that response as it is.
     */
    async render(key: string, render: () => Promise<Response>): Promise<{ page: CachedPage } | { response: Response }> {
      const waiting = rendering.get(key);
      if (waiting) {
        const page = await waiting;
        if (page) return { page };
      }
      const began = pages.generation;
      let own: Response | undefined;
      const kept = (async () => {
        const response = await render();
        if (isShareable(response)) return keep(key, response, began);
        own = response;
        return null;
      })();
      rendering.set(key, kept);
      try {
        const page = await kept;
        return page ? { page } : { response: own as Response };
      } finally {
        if (rendering.get(key) === kept) rendering.delete(key);
      }
    },

    /** After any change a page may show: every page goes. */
    clear(): void {
      pages.clear();
      rendering.clear();
    },

    get size(): number {
      return pages.size;
    },
    get bytes(): number {
      return pages.bytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Sends a cached page in the encoding the browser takes best, with a CSP that allows its own scripts. */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: boolean) {
  for (const [name, value] of page.headers) reply.header(name, value);
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string" && reply.cspNonce) {
    reply.header("content-security-policy", policy.replace(`'nonce-${reply.cspNonce}'`, page.scriptSources));
  }
  reply.header("vary", "Accept-Encoding");
  reply.header("x-page-cache", hit ? "hit" : "miss");
  const encoding = keptEncoding(request.headers["accept-encoding"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html;
  if (encoding) reply.header("content-encoding", encoding);
  reply.header("content-length", body.length);
  return reply.code(200).send(body);
}
