import type { AuditKind, AuditPage } from "@shop/shared";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, usePageQuery, withSearch } from "../../../lib/list-query.ts";

export interface AuditFilters {
  actor?: string | undefined;
  kind?: AuditKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /api/admin/audit: a page of the log, newest first, after the cursor of the page before. */
export function getAuditLog(filters: AuditFilters, after?: string): Promise<AuditPage> {
  const search = searchOf({ ...filters, after }, () => false);
  return apiRequest<AuditPage>(withSearch("/api/admin/audit", search));
}

/**
 * One page of the log: the newest, or the one after a cursor the page before gave. The list pages
 * by cursor (keyset), so it has no page numbers (docs/decisions/053); the cursor is in the address.
 */
export function useAuditLog(filters: AuditFilters, after: string | undefined) {
  return usePageQuery(["audit-log", filters, after ?? null], () => getAuditLog(filters, after));
}
