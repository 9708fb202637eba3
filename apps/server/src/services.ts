import path from "node:path";
import type { Config } from "./config/config.ts";
import type { Db } from "./db/database.ts";
import { createFileReferences } from "./file-references.ts";
import { createBackgroundWork } from "./lib/background.ts";
import { createLocalState, createRedisState } from "./lib/shared-state.ts";
import { createFileStorage, storageReadiness } from "./lib/storage/create-storage.ts";
import { createAccountsRepository } from "./modules/accounts/repository.ts";
import { createAccountsService } from "./modules/accounts/service.ts";
import { createAuditRepository } from "./modules/audit/repository.ts";
import { createAuditService } from "./modules/audit/service.ts";
import { createBannerRepository } from "./modules/banners/repository.ts";
import { createBannerService } from "./modules/banners/service.ts";
import { createBlogRepository } from "./modules/blog/repository.ts";
import { createBlogService } from "./modules/blog/service.ts";
import { createCategoryService } from "./modules/catalog/categories-service.ts";
import { createProductAdminRepository } from "./modules/catalog/product-admin-repository.ts";
import { createProductAdminService } from "./modules/catalog/product-admin-service.ts";
import { createCatalogRepository } from "./modules/catalog/repository.ts";
import { createCatalogService } from "./modules/catalog/service.ts";
import { createSitemaps } from "./modules/catalog/sitemap.ts";
import { createStockRepository } from "./modules/catalog/stock-repository.ts";
import { createVariantsRepository } from "./modules/catalog/variants-repository.ts";
import { createVariantsService } from "./modules/catalog/variants-service.ts";
import type { AgeVerificationProvider } from "./modules/checkout/age-verification.ts";
import { createCheckoutRepository } from "./modules/checkout/repository.ts";
import { createCheckoutService } from "./modules/checkout/service.ts";
import { createPdfStore } from "./modules/coas/pdf-store.ts";
import { createCoaRepository } from "./modules/coas/repository.ts";
import { createCoaService } from "./modules/coas/service.ts";
import { createComplianceRepository } from "./modules/compliance/repository.ts";
import { createComplianceService } from "./modules/compliance/service.ts";
import { createContactRepository } from "./modules/contact/repository.ts";
import { createContactService } from "./modules/contact/service.ts";
import { createDiscountsRepository } from "./modules/discounts/repository.ts";
import { createDiscountsService } from "./modules/discounts/service.ts";
import { createDocumentFileStore } from "./modules/documents/file-store.ts";
import { createDocumentRepository } from "./modules/documents/repository.ts";
import { createDocumentService } from "./modules/documents/service.ts";
import { createFileCleanup } from "./modules/files/service.ts";
import { createOrderListRepository } from "./modules/fulfilment/order-list-repository.ts";
import { createOrdersRepository } from "./modules/fulfilment/repository.ts";
import { createOrdersService } from "./modules/fulfilment/service.ts";
import { databaseReadiness, type ReadinessCheck } from "./modules/health/readiness.ts";
import { createIdentityRepository } from "./modules/identity/repository.ts";
import { createIdentityService } from "./modules/identity/service.ts";
import { createImageRepository } from "./modules/images/repository.ts";
import { createImageService } from "./modules/images/service.ts";
import { createJobsRepository } from "./modules/jobs/repository.ts";
import { createJobsService } from "./modules/jobs/service.ts";
import { createMailOutbox } from "./modules/mail/outbox.ts";
import { createMailRepository } from "./modules/mail/repository.ts";
import { createMailService, type Logger } from "./modules/mail/service.ts";
import { createMailTemplateRepository } from "./modules/mail/template-repository.ts";
import { createMailTemplates } from "./modules/mail/template-service.ts";
import { createBillingRepository } from "./modules/order-reports/billing-repository.ts";
import { createBillingService } from "./modules/order-reports/billing-service.ts";
import { createExciseRepository } from "./modules/order-reports/excise-repository.ts";
import { createExciseService } from "./modules/order-reports/excise-service.ts";
import { createPactRepository } from "./modules/order-reports/pact-repository.ts";
import { createPactService } from "./modules/order-reports/pact-service.ts";
import { createReportsRepository } from "./modules/order-reports/reports-repository.ts";
import { createReportsService, REPORT_LOW_STOCK_MAX } from "./modules/order-reports/reports-service.ts";
import { type CardGateway, createAuthorizeNet } from "./modules/payments/authorize-net.ts";
import { createPaymentsRepository } from "./modules/payments/repository.ts";
import { createPaymentsService, type PaymentProviders } from "./modules/payments/service.ts";
import { createSettingsRepository } from "./modules/settings/repository.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { createTaxesRepository } from "./modules/taxes/repository.ts";
import { createTaxesService } from "./modules/taxes/service.ts";
import { createWholesaleAccountsService } from "./modules/wholesale/accounts-service.ts";
import { createWholesaleRepository } from "./modules/wholesale/repository.ts";
import { createWholesaleService } from "./modules/wholesale/service.ts";

/** How long product lists (and the API's shared answers) are reused: docs/decisions/007, 068. */
export const LIST_CACHE_MS = 5_000;

/** Every domain service, composed once. Routes and the web app's loaders call these. */
/**
 * `ageVerifier`: a third-party age check an operator wired in (none by default; tests pass a fake).
 * `paymentProviders`: payment providers by the payment method kinds they serve (none by default:
 * the manual one serves every kind; tests pass a fake gateway).
 */
export function createServices(
  db: Db,
  config: Config,
  log: Logger,
  ageVerifier: AgeVerificationProvider | null = null,
  {
    listCacheMs = LIST_CACHE_MS,
    paymentProviders = {},
  }: { listCacheMs?: number | undefined; paymentProviders?: PaymentProviders | undefined } = {},
) {
  const { dataDir } = config;
  // What /api/health/ready checks; the database first. Redis and object storage add theirs.
  const readiness: ReadinessCheck[] = [databaseReadiness(db)];
  const storage = createFileStorage(config);
  if (storage.kind === "s3") readiness.push(storageReadiness(storage, log));
  const shared = config.redisUrl
    ? createRedisState({ url: config.redisUrl, prefix: config.redisPrefix, log })
    : createLocalState(log);
  if (shared.redis) readiness.push({ name: "redis", check: shared.check });
  const audit = createAuditService(createAuditRepository(db.kysely));
  // Card payments through Authorize.net when its credentials are set (docs/decisions/101); a test's fake takes its place.
  const providers: PaymentProviders = {
    ...(config.authorizeNet ? { card: createAuthorizeNet(config.authorizeNet) } : {}),
    ...paymentProviders,
  };
  const cardGateway: CardGateway | null = config.authorizeNet
    ? {
        name: "Authorize.net",
        mode: config.authorizeNet.mode,
        apiLoginId: config.authorizeNet.apiLoginId,
        clientKey: config.authorizeNet.clientKey,
        scriptUrl: config.authorizeNet.scriptUrl,
      }
    : null;
  const settings = createSettingsService(createSettingsRepository(db.kysely), {
    ageVerifier: ageVerifier?.name,
    cardGateway: providers.card ? (cardGateway?.name ?? providers.card.id) : null,
    audit,
    changes: shared,
  });
  const mail = createMailService({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, log });
  const catalogRepository = createCatalogRepository(db.kysely, db.engine);
  // Which products are sold nowhere is decided by the country-wide rules (docs/decisions/080): the
  // catalogue is given them, and the rules' changes tell it to decide again.
  const compliance = createComplianceService(createComplianceRepository(db.kysely), {
    audit,
    rulesChanged: () => catalog.decideSoldNowhere(),
  });
  const taxes = createTaxesService(createTaxesRepository(db.kysely), { audit });
  const wholesale = createWholesaleService(createWholesaleRepository(db.kysely));
  const catalog = createCatalogService(catalogRepository, {
    listCacheMs,
    changes: shared,
    countryBans: () => compliance.bansEverywhereToday(),
  });
  const images = createImageService(createImageRepository(db.kysely), storage);
  const background = createBackgroundWork(log);
  const mailTemplates = createMailTemplates({
    repository: createMailTemplateRepository(db.kysely),
    publicUrl: config.publicUrl,
    log,
    shopName: async () => (await settings.get()).storeProfile.name,
  });
  const outbox = createMailOutbox({
    repository: createMailRepository(db.kysely),
    mail,
    background,
    templates: mailTemplates,
    replyTo: async () => (await settings.get()).storeProfile.email,
    messageIdDomain: new URL(config.publicUrl).hostname,
    log,
  });
  const accounts = createAccountsService(createAccountsRepository(db.kysely), {
    publicUrl: config.publicUrl,
    outbox,
    settings,
    background,
    audit,
    attempts: shared.attempts,
  });
  const discounts = createDiscountsService(createDiscountsRepository(db.kysely), { catalog, audit });
  const coas = createCoaService(createCoaRepository(db.kysely), {
    pdfs: createPdfStore(storage),
    catalog,
    audit,
  });
  const productAdmin = createProductAdminService(createProductAdminRepository(db.kysely, db.engine), {
    images,
    stock: createStockRepository(db.kysely),
    audit,
    forgetLists: () => catalog.forgetLists(),
    decideSoldNowhere: (ids) => catalog.decideSoldNowhere(ids),
    background,
    bansEverywhere: async (ids) => {
      const bans = await compliance.bansEverywhere(await catalog.complianceLines(ids));
      return new Map([...bans].map(([id, list]) => [id, list.map(({ reason, sourceUrl }) => ({ reason, sourceUrl }))]));
    },
  });
  const variants = createVariantsService(createVariantsRepository(db.kysely), {
    stock: createStockRepository(db.kysely),
    audit,
    forgetLists: () => catalog.forgetLists(),
    decideSoldNowhere: (ids) => catalog.decideSoldNowhere(ids),
  });
  const blog = createBlogService(createBlogRepository(db.kysely), { images });
  const payments = createPaymentsService(createPaymentsRepository(db.kysely), { providers });
  const reports = createReportsService(createReportsRepository(db.kysely), {
    productLabels: (ids) => catalog.productLabels(ids),
    categoryNames: async () =>
      new Map((await catalog.listCategories()).map((category) => [category.id, category.name])),
    lowStock: async () => productAdmin.lowStock((await settings.get()).lowStockThreshold, REPORT_LOW_STOCK_MAX),
  });
  const orders = createOrdersService(createOrdersRepository(db.kysely), {
    lists: createOrderListRepository(db.kysely),
    catalog,
    settings,
    outbox,
    publicUrl: config.publicUrl,
    audit,
    discounts,
    namesOf: (ids) => accounts.namesOf(ids),
    payments,
    reports,
    identityChecks: (orderId) => identity.forOrder(orderId),
  });
  const documentFiles = createDocumentFileStore(storage);
  const identity = createIdentityService(createIdentityRepository(db.kysely), {
    provider: ageVerifier,
    files: documentFiles,
    orders,
    settings,
  });
  return {
    readiness,
    storage,
    /** The card gateway's public side (the hosted form's keys and script, its mode); null: no cards. */
    cardGateway,
    files: createFileCleanup({
      storage,
      references: createFileReferences(db.kysely),
      forgetImages: (keys) => images.forget(keys),
    }),
    shared,
    audit,
    background,
    catalog,
    categories: createCategoryService(catalogRepository, { images, catalog }),
    productAdmin,
    variants,
    banners: createBannerService(createBannerRepository(db.kysely)),
    images,
    settings,
    mail,
    mailTemplates,
    outbox,
    accounts,
    contact: createContactService(createContactRepository(db.kysely), {
      outbox,
      publicUrl: config.publicUrl,
      store: async () => (await settings.get()).storeProfile,
      attempts: shared.attempts,
    }),
    blog,
    sitemaps: createSitemaps({ catalog, blog, coas }),
    payments,
    orders,
    checkout: createCheckoutService(createCheckoutRepository(db.kysely), {
      catalog,
      settings,
      compliance,
      taxes,
      wholesale,
      identity,
      discounts,
      orders,
      outbox,
      payments,
      cardGateway,
    }),
    identity,
    wholesale,
    wholesaleAccounts: createWholesaleAccountsService(createWholesaleRepository(db.kysely), {
      files: documentFiles,
      audit,
      outbox,
      shopName: async () => (await settings.get()).storeProfile.name,
      publicUrl: config.publicUrl,
      contacts: (ids) => accounts.contactsOf(ids),
      idsWithEmailLike: (text) => accounts.idsWithEmailLike(text),
      balances: (ids) => orders.wholesaleBalances(ids),
    }),
    discounts,
    billing: createBillingService(createBillingRepository(db.kysely), {
      namesOf: (ids) => accounts.namesOf(ids),
      holdDaysOf: payments.holdDaysOf,
      businessNamesOf: (userIds) => wholesale.businessNamesOf(userIds),
    }),
    pact: createPactService(createPactRepository(db.kysely)),
    exciseReport: createExciseService(createExciseRepository(db.kysely)),
    reports,
    jobs: createJobsService(createJobsRepository(db.kysely)),
    compliance,
    taxes,
    coas,
    documents: createDocumentService(createDocumentRepository(db.kysely), {
      files: documentFiles,
      catalog,
      coas,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}
