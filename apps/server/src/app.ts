import { mkdirSync } from "node:fs";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { NotFound } from "@shop/shared/errors";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { App } from "./app-type.ts";
import type { Config } from "./config/config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { loadDemoDataIfEmpty } from "./db/seed/seed.ts";
import { redactUrl } from "./lib/redact-url.ts";
import { accountRoutes } from "./modules/accounts/account-routes.ts";
import { authRoutes } from "./modules/accounts/auth-routes.ts";
import { usePasswordHashCost } from "./modules/accounts/passwords.ts";
import { usersRoutes } from "./modules/accounts/users-routes.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { bannerRoutes } from "./modules/banners/routes.ts";
import { blogRoutes } from "./modules/blog/routes.ts";
import { productAdminRoutes } from "./modules/catalog/product-admin-routes.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import type { AgeVerificationProvider } from "./modules/checkout/age-verification.ts";
import { checkoutRoutes } from "./modules/checkout/routes.ts";
import { coaRoutes } from "./modules/coas/routes.ts";
import { complianceRoutes } from "./modules/compliance/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { discountRoutes } from "./modules/discounts/routes.ts";
import { documentRoutes } from "./modules/documents/routes.ts";
import { scheduleFileCleanup } from "./modules/files/cleanup-job.ts";
import { scheduleHoldExpiry } from "./modules/fulfilment/hold-expiry-job.ts";
import { orderRoutes } from "./modules/fulfilment/routes.ts";
import { scheduleUnpaidOrderCancel } from "./modules/fulfilment/unpaid-order-job.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { identityRoutes } from "./modules/identity/routes.ts";
import { createVeratadProvider } from "./modules/identity/veratad.ts";
import { mailRoutes } from "./modules/mail/routes.ts";
import { billingRoutes } from "./modules/order-reports/billing-routes.ts";
import { exciseReportRoutes } from "./modules/order-reports/excise-routes.ts";
import { pactRoutes } from "./modules/order-reports/pact-routes.ts";
import { reportsRoutes } from "./modules/order-reports/reports-routes.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import type { PaymentProviders } from "./modules/payments/service.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { taxRoutes } from "./modules/taxes/routes.ts";
import { wholesaleRoutes } from "./modules/wholesale/routes.ts";
import { registerAuth } from "./plugins/auth.ts";
import { documentingErrors, registerErrorHandling, sendApiNotFound } from "./plugins/errors.ts";
import { isUnder } from "./plugins/paths.ts";
import { registerSameOriginCheck } from "./plugins/same-origin.ts";
import { registerSecurityHeaders } from "./plugins/security.ts";
import { memoizedSerializerCompiler } from "./plugins/serializer.ts";
import { serveUploads } from "./plugins/serve-uploads.ts";
import { createSharedAnswers, registerSharedAnswers, serverWithSharedAnswers } from "./plugins/shared-answers.ts";
import { validatorWithoutNul } from "./plugins/validation.ts";
import { registerWeb } from "./plugins/web.ts";
import { createServices, LIST_CACHE_MS, uploadsDir } from "./services.ts";

export interface BuildOptions {
  /** How the storefront is served: the production build, Vite in development, or not at all (API tests). */
  web: "production" | "dev" | "none";
  /** Load the demo shop into an empty database (default true). */
  demoData?: boolean;
  /** Where log lines go instead of standard output (tests that read the log). */
  logStream?: { write(line: string): void };
  /** A third-party age and identity check (docs/decisions/045); without one, Veratad's when VERATAD_USER is set (099). */
  ageVerifier?: AgeVerificationProvider;
  /** Payment providers by the payment method kinds they serve (docs/decisions/090); none: the manual one. */
  paymentProviders?: PaymentProviders;
  /** How long a product list answer is reused (default 5 s); 0 for the uncached benchmark. */
  listCacheMs?: number;
}

/**
 * A path whose percent-encoding does not decode (`/products/%E0%A4%A`) would get Fastify's own
 * JSON 400, whatever was asked for. Its stray percent signs are escaped instead, so the address is
 * looked up as the text it is and answered like any other: the shop's not-found page, or the
 * API's 404 in words.
 */
export function escapeMalformedPath(request: { url?: string }): string {
  const url = request.url ?? "/";
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replaceAll("%", "%25") + (queryAt === -1 ? "" : url.slice(queryAt));
  }
}

export async function buildApp(config: Config, options: BuildOptions): Promise<App> {
  const sharedAnswers = createSharedAnswers({
    ttlMs: options.listCacheMs ?? LIST_CACHE_MS,
    maxBytes: 16 * 1024 * 1024,
  });
  const app = Fastify({
    serverFactory: serverWithSharedAnswers(sharedAnswers),
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      serializers: {
        // Fastify's own fields, with the secrets of links (?token=…) taken out of the URL.
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
      ...(config.env === "development" && process.stdout.isTTY ? { transport: { target: "pino-pretty" } } : {}),
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    rewriteUrl: escapeMalformedPath,
    // In development every Vite module is a request; only API requests are worth a log line.
    logController: new LogController({
      disableRequestLogging: options.web === "dev" ? (request) => !isUnder(request.url, "api") : false,
    }),
    bodyLimit: 1024 * 1024,
    // While closing, requests that still arrive on open connections are served (with `connection:
    // close`), not refused: /api/health/ready answers 503 to drain the instance, live answers 200.
    return503OnClosing: false,
    // A hop count trusts that many proxies nearest to us (Fastify's types leave the number out).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorWithoutNul);
  app.setSerializerCompiler(memoizedSerializerCompiler);
  usePasswordHashCost(config.passwordHashCost);

  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (error) => app.log.warn({ err: error }, "an idle database connection was closed by the server"),
  });
  // Mail and other work begun after an answer finish before the database closes.
  app.addHook("onClose", async () => {
    await app.services?.background.settled();
    await app.services?.shared.close();
    await db.close();
  });
  try {
    await migrateToLatest(db);
    app.decorate("config", config);
    app.decorate("db", db);
    const { listCacheMs, paymentProviders } = options;
    // An operator's own provider first; otherwise Veratad when its account is in the environment.
    const ageVerifier = options.ageVerifier ?? (config.veratad ? createVeratadProvider(config.veratad) : undefined);
    app.decorate("services", createServices(db, config, app.log, ageVerifier, { listCacheMs, paymentProviders }));
    if (options.demoData ?? true) await loadDemoDataIfEmpty(app.db, app.services, app.log);
    await createFirstOwner(app);
    // Loaded before the first request, so that no read of them ever waits (settings/service.ts).
    await app.services.settings.get();
    await app.services.accounts.deleteExpiredSessions();
    const sweep = setInterval(
      () => {
        app.services.accounts
          .deleteExpiredSessions()
          .catch((error) => app.log.error({ err: error }, "session sweep failed"));
      },
      60 * 60 * 1000,
    ).unref();
    app.addHook("onClose", async () => clearInterval(sweep));
    // Mail the outbox could not send yet (the mail server was down, or the shop restarted) goes
    // out on its retry schedule; instances sharing PostgreSQL never send one message twice.
    const mailTimer = setInterval(() => app.services.outbox.deliverSoon(), 15_000).unref();
    app.addHook("onReady", async () => app.services.outbox.deliverSoon());
    app.addHook("onClose", async () => clearInterval(mailTimer));
    scheduleUnpaidOrderCancel(app);
    scheduleHoldExpiry(app);
    scheduleFileCleanup(app);
  } catch (error) {
    await app.services?.shared.close();
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
  registerSecurityHeaders(app, {
    production: config.env === "production",
    dev: options.web === "dev",
    cardScriptUrl: app.services.cardGateway?.scriptUrl,
  });
  registerSameOriginCheck(app, config.allowedOrigins);
  await app.register(cookie, { secret: config.sessionSecret });
  registerAuth(app, { secureCookie: config.env === "production" });
  // Whatever staff change may show on a storefront page: every instance drops its rendered pages,
  // this one before the answer leaves, so that nobody who has the answer can see the page before.
  app.addHook("onSend", async (request, reply, payload) => {
    const access = request.routeOptions.config.access;
    const isWrite = request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400;
    if (isWrite && (access === "staff" || access === "manager" || access === "owner"))
      app.services.shared.publish("content");
    return payload;
  });
  // Before compression, which turns the answer into a stream: the answer is kept as it is.
  registerSharedAnswers(app, sharedAnswers);
  app.services.shared.subscribe("catalog", () => sharedAnswers.clear());
  app.services.shared.subscribe("content", () => sharedAnswers.clear());
  app.addHook("preClose", async () => sharedAnswers.close());
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Shop API",
        description: "The storefront and admin API of the shop. Money is in integer US cents.",
        version: "0.1.0",
      },
    },
    transform: documentingErrors(jsonSchemaTransform),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Swagger UI sets inline styles; its pages show no user content, so only they may.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    // In production the map of every route and field is for staff, not for whoever probes the shop.
    ...(config.env === "production" ? { uiHooks: { onRequest: app.requireAccess("staff") } } : {}),
  });

  mkdirSync(uploadsDir(config.dataDir), { recursive: true });
  await serveUploads(app, config.s3 ? app.services.storage : uploadsDir(config.dataDir));

  await healthRoutes(app);
  await catalogRoutes(app);
  await bannerRoutes(app);
  await contactRoutes(app);
  await blogRoutes(app);
  await coaRoutes(app);
  await authRoutes(app);
  await accountRoutes(app);
  await checkoutRoutes(app);
  await orderRoutes(app);
  await billingRoutes(app);
  await paymentRoutes(app);
  await pactRoutes(app);
  await exciseReportRoutes(app);
  await reportsRoutes(app);
  await discountRoutes(app);
  await settingsRoutes(app);
  await mailRoutes(app);
  await usersRoutes(app);
  await productAdminRoutes(app);
  await complianceRoutes(app);
  await taxRoutes(app);
  await auditRoutes(app);
  await dashboardRoutes(app);
  await documentRoutes(app);
  await identityRoutes(app);
  await wholesaleRoutes(app);
  app.all("/api/*", { config: { access: "public" }, schema: { hide: true } }, (request) => {
    throw new NotFound(`There is no API route ${request.method} ${request.url.split("?")[0]}.`);
  });

  if (options.web !== "none") await registerWeb(app, { dev: options.web === "dev" });
  return app;
}

/** No default password (docs/decisions/011). The generated one is shown once, on the console. */
async function createFirstOwner(app: FastifyInstance): Promise<void> {
  const created = await app.services.accounts.ensureFirstOwner(app.config.adminEmail, app.config.adminPassword);
  if (!created) return;
  if (!created.generatedPassword) {
    app.log.info({ email: created.email }, "Created the first Owner from ADMIN_EMAIL and ADMIN_PASSWORD");
    return;
  }
  app.log.warn({ email: created.email }, "Created the first Owner with a generated password");
  if (app.config.env !== "test") {
    console.log(
      [
        "",
        "  First Owner created (shown once, not stored anywhere):",
        `    e-mail:   ${created.email}`,
        `    password: ${created.generatedPassword}`,
        "  Log in at /registration and change the password under My Account.",
        "",
      ].join("\n"),
    );
  }
}
