import type { AuditKind, AuditPage } from "@shop/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api.ts";
import { searchOf, withSearch } from "../../../lib/list-query.ts";

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
 * The log as pages of 50 that "Show older changes" adds to: the list pages by cursor (keyset),
 * so it has no page numbers (docs/decisions/053).
 */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ["audit-log", filters],
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
