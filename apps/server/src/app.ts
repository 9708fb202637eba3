import { mkdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController, type RawServerDefault } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config/config.ts";
import { type Db, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { loadDemoDataIfEmpty } from "./db/seed/seed.ts";
import { bannerRoutes } from "./modules/banners/routes.ts";
import { blogRoutes } from "./modules/blog/routes.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { HttpError, NotFoundError, registerErrorHandling, sendApiNotFound } from "./plugins/errors.ts";
import { registerSameOriginCheck } from "./plugins/same-origin.ts";
import { registerSecurityHeaders } from "./plugins/security.ts";
import { memoizedSerializerCompiler } from "./plugins/serializer.ts";
import { registerWeb } from "./plugins/web.ts";
import { createServices, type Services, uploadsDir } from "./services.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    services: Services;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildOptions {
  /** How the storefront is served: the production build, Vite in development, or not at all (API tests). */
  web: "production" | "dev" | "none";
  /** Load the demo shop into an empty database (default true). */
  demoData?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      ...(config.env === "development" && process.stdout.isTTY ? { transport: { target: "pino-pretty" } } : {}),
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // In development every Vite module is a request; only API requests are worth a log line.
    logController: new LogController({
      disableRequestLogging: options.web === "dev" ? (request) => !request.url.startsWith("/api/") : false,
    }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.env === "production",
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizedSerializerCompiler);

  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  app.addHook("onClose", () => db.close());
  try {
    await migrateToLatest(db);
    app.decorate("config", config);
    app.decorate("db", db);
    app.decorate("services", createServices(db, config.dataDir));
    if (options.demoData ?? true) await loadDemoDataIfEmpty(app.db, app.services, app.log);
  } catch (error) {
    await db.close();
    throw error;
  }

  // While shutting down, answers to requests still in flight close their connection, so no
  // keep-alive socket holds the process open.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  registerErrorHandling(app);
  sendApiNotFound(app);
  registerSecurityHeaders(app, { production: config.env === "production", dev: options.web === "dev" });
  registerSameOriginCheck(app);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests from your address. Please try again in ${context.after}.`),
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Shop API",
        description: "The storefront and admin API of the shop. Money is in integer US cents.",
        version: "0.1.0",
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Swagger UI sets inline styles; its pages show no user content, so only they may.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });

  mkdirSync(uploadsDir(config.dataDir), { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir(config.dataDir),
    prefix: "/uploads/",
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
    index: false,
    list: false,
    allowedPath: (pathName) => /^\/[a-f0-9]{32}-\d{2,4}\.webp$/.test(pathName),
  });

  await healthRoutes(app);
  await catalogRoutes(app);
  await bannerRoutes(app);
  await contactRoutes(app);
  await blogRoutes(app);
  app.all("/api/*", { schema: { hide: true } }, (request) => {
    throw new NotFoundError(`There is no API route ${request.method} ${request.url.split("?")[0]}.`);
  });

  if (options.web !== "none") await registerWeb(app, { dev: options.web === "dev" });
  return app;
}
