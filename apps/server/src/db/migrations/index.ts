import type { Migration, MigrationProvider } from "kysely";
import * as catalog from "./2026-11-21-001-catalog.ts";
import * as settings from "./2026-11-21-002-settings.ts";
import * as contactMessages from "./2026-11-21-003-contact-messages.ts";
import * as productSearch from "./2026-11-21-004-product-search.ts";
import * as blog from "./2026-11-21-005-blog.ts";
import * as accounts from "./2026-11-21-006-accounts.ts";
import * as productAdminIndexes from "./2026-11-21-007-product-admin-indexes.ts";
import * as batchesAndCoas from "./2026-11-21-008-batches-and-coas.ts";
import * as searchStems from "./2026-11-23-009-search-stems.ts";
import * as searchTermCounts from "./2026-11-23-010-search-term-counts.ts";
import * as orders from "./2026-11-24-011-orders.ts";
import * as orderPayments from "./2026-11-24-012-order-payments.ts";
import * as mailOutbox from "./2026-11-24-013-mail-outbox.ts";
import * as stockMovements from "./2026-11-24-014-stock-movements.ts";
import * as orderNotes from "./2026-11-24-015-order-notes.ts";
import * as productRegulatoryClasses from "./2026-11-24-016-product-regulatory-classes.ts";
import * as complianceRules from "./2026-11-24-017-compliance-rules.ts";
import * as documents from "./2026-11-24-018-documents.ts";
import * as mailTemplates from "./2026-11-24-019-mail-templates.ts";
import * as orderComplianceEvidence from "./2026-11-24-020-order-compliance-evidence.ts";
import * as auditLog from "./2026-11-24-021-audit-log.ts";
import * as contactInbox from "./2026-11-24-022-contact-inbox.ts";
import * as discounts from "./2026-11-24-023-discounts.ts";
import * as blogAdmin from "./2026-11-24-024-blog-admin.ts";
import * as reportIndexes from "./2026-11-24-026-report-indexes.ts";
import * as listingIndexesWithId from "./2026-11-24-027-listing-indexes-with-id.ts";
import * as thcPerContainer from "./2026-11-28-028-thc-per-container.ts";
import * as ownerManagerStaff from "./2026-11-29-029-owner-manager-staff.ts";
import * as messageIdsAndPayees from "./2026-11-29-030-message-ids-and-payees.ts";
import * as soldNowhere from "./2026-11-29-032-sold-nowhere.ts";
import * as categoryNamesUnique from "./2026-11-29-033-category-names-unique.ts";
import * as coaCorrections from "./2026-11-29-034-coa-corrections.ts";
import * as searchBySoldNowhere from "./2026-11-29-035-search-by-sold-nowhere.ts";
import * as orderAdjustments from "./2026-11-29-036-order-adjustments.ts";
import * as paymentRecords from "./2026-11-29-037-payment-records.ts";
import * as productVariants from "./2026-11-29-038-product-variants.ts";
import * as exciseTaxes from "./2026-11-29-039-excise-taxes.ts";
import * as paymentAttempts from "./2026-11-30-040-payment-attempts.ts";
import * as identityChecks from "./2026-11-30-041-identity-checks.ts";
import * as wholesale from "./2026-11-30-042-wholesale.ts";

/** Every migration in order. Listed by hand so that bundling and tsx both see them. */
const migrations: Record<string, Migration> = {
  "2026-11-21-001-catalog": catalog,
  "2026-11-21-002-settings": settings,
  "2026-11-21-003-contact-messages": contactMessages,
  "2026-11-21-004-product-search": productSearch,
  "2026-11-21-005-blog": blog,
  "2026-11-21-006-accounts": accounts,
  "2026-11-21-007-product-admin-indexes": productAdminIndexes,
  "2026-11-21-008-batches-and-coas": batchesAndCoas,
  "2026-11-23-009-search-stems": searchStems,
  "2026-11-23-010-search-term-counts": searchTermCounts,
  "2026-11-24-011-orders": orders,
  "2026-11-24-012-order-payments": orderPayments,
  "2026-11-24-013-mail-outbox": mailOutbox,
  "2026-11-24-014-stock-movements": stockMovements,
  "2026-11-24-015-order-notes": orderNotes,
  "2026-11-24-016-product-regulatory-classes": productRegulatoryClasses,
  "2026-11-24-017-compliance-rules": complianceRules,
  "2026-11-24-018-documents": documents,
  "2026-11-24-019-mail-templates": mailTemplates,
  "2026-11-24-020-order-compliance-evidence": orderComplianceEvidence,
  "2026-11-24-021-audit-log": auditLog,
  "2026-11-24-022-contact-inbox": contactInbox,
  "2026-11-24-023-discounts": discounts,
  "2026-11-24-024-blog-admin": blogAdmin,
  "2026-11-24-026-report-indexes": reportIndexes,
  "2026-11-24-027-listing-indexes-with-id": listingIndexesWithId,
  "2026-11-28-028-thc-per-container": thcPerContainer,
  "2026-11-29-029-owner-manager-staff": ownerManagerStaff,
  "2026-11-29-030-message-ids-and-payees": messageIdsAndPayees,
  "2026-11-29-032-sold-nowhere": soldNowhere,
  "2026-11-29-033-category-names-unique": categoryNamesUnique,
  "2026-11-29-034-coa-corrections": coaCorrections,
  "2026-11-29-035-search-by-sold-nowhere": searchBySoldNowhere,
  "2026-11-29-036-order-adjustments": orderAdjustments,
  "2026-11-29-037-payment-records": paymentRecords,
  "2026-11-29-038-product-variants": productVariants,
  "2026-11-29-039-excise-taxes": exciseTaxes,
  "2026-11-30-040-payment-attempts": paymentAttempts,
  "2026-11-30-041-identity-checks": identityChecks,
  "2026-11-30-042-wholesale": wholesale,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
