import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { createByteLimitedMap } from "../lib/byte-limited-map.ts";
import { compressBothWays, keptEncoding } from "../lib/compress-once.ts";
import { hasSessionCookie } from "./auth.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers to visitors without a session are the same for everyone: kept
     * and served before Fastify until the catalogue changes (decision 068). Public GET routes only.
     */
    sharedAnswer?: boolean;
  }
}

/** One way to send an answer: its headers as names and values in turn, and its body. */
interface Variant {
  head: string[];
  body: Buffer;
}

/** An answer as Fastify sent it, as it is and compressed both ways (none when small). */
interface SharedAnswer {
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
  expires: number;
}

/** What @fastify/compress leaves as it is (app.ts registers it with this threshold). */
const COMPRESS_FROM_BYTES = 1024;
/** Set by the answer's transport, not by what the answer is. */
const TRANSPORT_HEADERS = new Set(["content-length", "content-encoding", "vary", "connection", "date", "set-cookie"]);

/**
 * Answers of routes marked `sharedAnswer`, kept for `ttlMs` (0: none kept) or until `clear`, and
 * served by the HTTP server itself: the whole way through Fastify's hooks cost a cached product
 * list half of its throughput against a bare route (decision 068). Only a GET of the very same
 * address, without a session cookie, gets one; everything else goes to Fastify as before.
 */
export function createSharedAnswers(options: { ttlMs: number; maxBytes: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const sizeOf = (answer: SharedAnswer) =>
    answer.identity.body.length + (answer.br?.body.length ?? 0) + (answer.gzip?.body.length ?? 0);
  /** The answers by address, the oldest dropped first; one made before a change is not kept. */
  const answers = createByteLimitedMap(options.maxBytes, sizeOf);
  /**
   * When each address not kept was last asked for (the latest 4,096). An answer is compressed and
   * kept only when its address is asked for again within `ttlMs`: most searches are asked for
   * once, and compressing each both ways at high levels cost more than making it (decision 085).
   */
  const asked = createByteLimitedMap<number>(4096, () => 1);
  let open = true;

  function find(request: IncomingMessage): SharedAnswer | null {
    if (!open || request.method !== "GET" || request.url === undefined) return null;
    if (hasSessionCookie(request.headers.cookie)) return null;
    const answer = answers.get(request.url);
    if (!answer) return null;
    if (answer.expires > now()) return answer;
    answers.delete(request.url);
    return null;
  }

  return {
    /** Sends the kept answer for this request and says true, or says false and sends nothing. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      const answer = find(request);
      if (!answer) return false;
      const encoding = keptEncoding(request.headers["accept-encoding"]);
      const variant = (encoding && answer[encoding]) || answer.identity;
      response.writeHead(200, variant.head);
      response.end(variant.body);
      return true;
    },

    /** The generation an answer being made belongs to: give it back to `keep`. */
    get generation(): number {
      return answers.generation;
    },

    /**
     * Whether an answer for `url` is worth keeping: its address was asked for before within
     * `ttlMs`. Otherwise this ask is remembered and the answer goes out without being kept.
     */
    askedAgain(url: string): boolean {
      const askedAt = asked.get(url);
      if (askedAt !== undefined && askedAt > now() - options.ttlMs) {
        asked.delete(url);
        return true;
      }
      asked.set(url, now());
      return false;
    },

    /** Keeps an answer made in `began`, unless the catalogue changed since. */
    async keep(
      url: string,
      headers: Record<string, string | number | string[] | undefined>,
      body: string,
      began: number,
    ): Promise<void> {
      if (options.ttlMs <= 0) return;
      const identity = Buffer.from(body, "utf8");
      const { br, gzip: gz } =
        identity.length < COMPRESS_FROM_BYTES ? { br: null, gzip: null } : await compressBothWays(identity);
      if (began !== answers.generation || !open) return;
      const kept = Object.entries(headers).flatMap(([name, value]) =>
        TRANSPORT_HEADERS.has(name) || value === undefined ? [] : [name, String(value)],
      );
      // Compressed or not, the answer differs by Accept-Encoding once a compressed one exists.
      const vary = br ? ["vary", "accept-encoding"] : [];
      const variant = (body: Buffer, encoding: string | null): Variant => ({
        head: [
          ...kept,
          ...vary,
          ...(encoding ? ["content-encoding", encoding] : []),
          "content-length",
          String(body.length),
          "x-shared-answer",
          "hit",
        ],
        body,
      });
      const answer: SharedAnswer = {
        identity: variant(identity, null),
        br: br && variant(br, "br"),
        gzip: gz && variant(gz, "gzip"),
        expires: now() + options.ttlMs,
      };
      answers.set(url, answer);
    },

    /** After a change: every answer goes. */
    clear(): void {
      answers.clear();
      asked.clear();
    },

    /** From the start of shutdown everything goes through Fastify, which closes connections. */
    close(): void {
      open = false;
      answers.clear();
      asked.clear();
    },

    get size(): number {
      return answers.size;
    },
    get bytes(): number {
      return answers.bytes;
    },
  };
}

export type SharedAnswers = ReturnType<typeof createSharedAnswers>;

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make itself, with the same timeouts,
 * that answers from `answers` what it can before handing the request to Fastify.
 */
export function serverWithSharedAnswers(answers: SharedAnswers) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: FastifyServerOptions) => {
    const server = createServer((request, response) => {
      if (!answers.serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}

/**
 * Keeps the answers of routes marked `sharedAnswer` as they leave, before compression turns them
 * into a stream (app.ts registers this first), when they are for everyone: a GET answered 200 to
 * a visitor without a session, setting no cookie and allowing shared caching, from the second
 * time their address is asked for.
 */
export function registerSharedAnswers(app: FastifyInstance, answers: SharedAnswers): void {
  app.addHook("onRoute", (route) => {
    // Fastify adds a HEAD route beside each GET; HEAD requests are not served from the answers.
    const reads = route.method === "GET" || route.method === "HEAD";
    if (route.config?.sharedAnswer && (route.config.access !== "public" || !reads)) {
      throw new Error(`${route.method} ${route.url}: only public GET routes may share their answers.`);
    }
  });
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config.sharedAnswer) request.sharedAnswerGeneration = answers.generation;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const began = request.sharedAnswerGeneration;
    if (began === undefined || typeof payload !== "string") return payload;
    const shareable =
      request.method === "GET" &&
      reply.statusCode === 200 &&
      !request.user &&
      !hasSessionCookie(request.headers.cookie) &&
      !reply.hasHeader("set-cookie") &&
      !/private|no-store/i.test(String(reply.getHeader("cache-control") ?? ""));
    if (shareable && answers.askedAgain(request.url)) {
      answers
        .keep(request.url, reply.getHeaders(), payload, began)
        .catch((error: unknown) => request.log.error({ err: error }, "keeping a shared answer failed"));
    }
    return payload;
  });
}

declare module "fastify" {
  interface FastifyRequest {
    /** The shared answers' generation when a `sharedAnswer` route's request began. */
    sharedAnswerGeneration?: number;
  }
}
