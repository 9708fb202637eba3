import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { User } from "@shop/shared";
import { DOCUMENT_UPLOAD, megabytes, WHOLESALE_CERTIFICATES_MAX } from "@shop/shared/constants";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { CHANGE_TOPICS } from "../lib/shared-state.ts";
import { type PageSession, pageServices, type WebLoadContext } from "../web-context.ts";
import { clearSessionCookie, setSessionCookie } from "./auth.ts";
import { createPageCache, sendCachedPage, sharedPageKey } from "./page-cache.ts";
import { isUnder } from "./paths.ts";

export const webRoot = path.resolve(import.meta.dirname, "../../../web");
const buildDir = path.join(webRoot, "build");

export function webBuildExists(): boolean {
  return existsSync(path.join(buildDir, "server", "index.js"));
}

export type RequestHandler = (request: Request, context: WebLoadContext) => Promise<Response>;

/**
 * Serves the storefront: built assets from build/client (precompressed, immutable) and every
 * other page through React Router's request handler. In development Vite serves the assets
 * and compiles the server build on each request, with hot reload.
 */
export async function registerWeb(app: FastifyInstance, options: { dev: boolean }): Promise<void> {
  const handle = options.dev ? await devHandler(app) : await productionHandler(app);
  await servePages(app, handle, { cache: !options.dev });
}

/** At most this much of rendered pages is kept, and no page longer than a minute. */
const PAGE_CACHE = { maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 };

/**
 * Every page address, read (GET, HEAD) and posted to (POST: the actions of the forms that work
 * before JavaScript has loaded, decisions 028 and 089). A posted page takes what a browser's form sends
 * without a script, and what React Router's own posts send: URL-encoded fields, nothing else (415),
 * but for the pages that take files as a multipart form: an order's, the photos of the buyer's ID
 * (decision 099), and the wholesale account's, its licences and certificates (decision 102).
 * The same-origin check and the session cookie apply to it as to the API (app-wide hooks).
 */
export async function servePages(
  app: FastifyInstance,
  handle: RequestHandler,
  options: { cache: boolean },
): Promise<void> {
  const services = pageServices(app.services);
  const pages = options.cache ? createPageCache(PAGE_CACHE) : null;
  if (pages) for (const topic of CHANGE_TOPICS) app.services.shared.subscribe(topic, pages.clear);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "buffer", bodyLimit: PAGE_FORM_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Read as a stream so that a page that takes no files refuses before reading, and each page
    // that does reads no more than its own limit.
    scope.addContentTypeParser("multipart/form-data", (request, payload, done) => {
      const limit = FILE_FORM_PAGES.find((page) => page.url.test(request.url))?.maxBytes;
      if (limit === undefined) {
        payload.resume();
        return done(Object.assign(new Error("This page takes no files."), { statusCode: 415 }), undefined);
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      let finished = false;
      const finish = (error: Error | null, body?: Buffer) => {
        if (finished) return;
        finished = true;
        done(error, body);
      };
      payload.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > limit) {
          payload.resume();
          payload.removeAllListeners("data");
          const message = `The form is too large: at most ${Math.ceil(megabytes(limit))} MB in all.`;
          return finish(Object.assign(new Error(message), { statusCode: 413 }));
        }
        chunks.push(chunk);
      });
      payload.on("end", () => finish(null, Buffer.concat(chunks)));
      payload.on("error", (error: Error) => finish(error));
    });
    scope.route({
      method: ["GET", "HEAD", "POST"],
      url: "*",
      config: { access: "public" },
      schema: { hide: true },
      handler: async (request, reply) => {
        let user = request.user;
        const context: WebLoadContext = {
          services,
          nonce: reply.cspNonce,
          publicUrl: app.config.publicUrl,
          get user() {
            return user;
          },
          sender: { address: request.ip, userAgent: request.headers["user-agent"] ?? null },
          session: pageSession(app, request, reply, (next) => {
            user = next;
          }),
        };
        const render = () => handle(toWebRequest(request, reply), context);
        const key = pages && sharedPageKey(request);
        if (!pages || !key) return sendWebResponse(reply, await render());
        const hit = pages.get(key);
        if (hit) return sendCachedPage(request, reply, hit, true);
        const rendered = await pages.render(key, render);
        if ("page" in rendered) return sendCachedPage(request, reply, rendered.page, false);
        return sendWebResponse(reply, rendered.response);
      },
    });
  });
}

/** The largest form a page takes: a contact message (5,000 characters) several times over. */
const PAGE_FORM_BYTES = 64 * 1024;

/**
 * A page that takes files: a buyer's order, for the photos of their ID (both sides), posted
 * by the browser's form or by React Router's script (to the page's .data address).
 */
const ID_FORM_PAGE = /^\/account\/orders\/[0-9A-Za-z-]{1,20}(\.data)?(\?|$)/;
const ID_FORM_BYTES = 2 * DOCUMENT_UPLOAD.maxBytes + PAGE_FORM_BYTES;

/** The pages that take files, each with the most its form may hold: the wholesale page, a licence and its certificates. */
const FILE_FORM_PAGES = [
  { url: ID_FORM_PAGE, maxBytes: ID_FORM_BYTES },
  {
    url: /^\/account\/wholesale(\.data)?(\?|$)/,
    maxBytes: (1 + WHOLESALE_CERTIFICATES_MAX) * DOCUMENT_UPLOAD.maxBytes + PAGE_FORM_BYTES,
  },
];

/**
 * The session cookie of a page's answer, the same cookie the API's routes set (plugins/auth.ts), and
 * who the page's loaders see as signed in after it changed.
 */
function pageSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: (user: User | null) => void,
): PageSession {
  const secure = app.config.env === "production";
  const endCurrent = async () => {
    if (request.sessionHash) await app.services.accounts.logout(request.sessionHash);
  };
  return {
    async start(session) {
      await endCurrent();
      setSessionCookie(reply, session, secure);
      signedIn(session.user);
    },
    async end() {
      await endCurrent();
      clearSessionCookie(reply, secure);
      signedIn(null);
    },
    async reload() {
      if (request.user) signedIn(await app.services.accounts.getUser(request.user.id));
    },
  };
}

async function productionHandler(app: FastifyInstance): Promise<RequestHandler> {
  if (!webBuildExists()) {
    throw new Error(`The web app is not built (no ${buildDir}/server/index.js). Run "npm run build" first.`);
  }
  await app.register(fastifyStatic, {
    root: path.join(buildDir, "client"),
    prefix: "/",
    wildcard: false,
    preCompressed: true,
    decorateReply: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  return createRequestHandler(build, "production");
}

async function devHandler(app: FastifyInstance): Promise<RequestHandler> {
  const [{ createServer }, { default: middie }] = await Promise.all([import("vite"), import("@fastify/middie")]);
  const vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: "custom",
  });
  app.addHook("onClose", () => vite.close());
  await app.register(middie);
  app.use((req, res, next) => {
    const url = req.url ?? "/";
    if (isUnder(url, "api") || isUnder(url, "uploads")) return next();
    vite.middlewares(req, res, next);
  });
  return async (request, context) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, context);
  };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once("close", () => controller.abort());
  // The address is a path on this host, whatever it looks like: resolved as a relative URL,
  // "//evil.example/x" (or "/\evil.example") would name another host, and the page would be
  // rendered as if asked of it. As a path, no route begins with an empty segment: not found.
  const url = new URL(`${request.protocol}://${request.host}`);
  const queryAt = request.url.indexOf("?");
  url.pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (queryAt !== -1) url.search = request.url.slice(queryAt);
  const body = request.method === "POST" && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : null;
  return new Request(url, { method: request.method, headers, body, signal: controller.signal });
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
