import { AUDIT_KINDS, auditKindLabels } from "@shop/shared/constants";
import { History } from "lucide-react";
import { href, Link, useLocation } from "react-router";
import {
  DateRangeFilter,
  dayFrom,
  ListFilter,
  ListStatus,
  NoMatches,
  oneOf,
  optionsOf,
} from "../../components/admin-list/index.ts";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useAuditLog } from "../../features/audit/api/get-audit-log.ts";
import { AuditEntries, AuditEntriesSkeleton } from "../../features/audit/components/audit-entries.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { countOf } from "../../lib/format.ts";

export function meta() {
  return adminMeta("Audit log");
}

const LIST_PATH = href("/dashboard/settings/audit-log");

export default function AuditLog() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const filters = {
    actor: params.get("actor")?.trim() || undefined,
    kind: oneOf(params.get("kind"), AUDIT_KINDS),
    from: dayFrom(params.get("from")),
    to: dayFrom(params.get("to")),
  };
  const after = params.get("after") || undefined;
  const log = useAuditLog(filters, after);
  const entries = log.data?.items ?? [];
  const actors = log.data?.actors ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const olderPage = log.data?.nextCursor ? pageAddress(params, log.data.nextCursor) : null;
  const shown = `${countOf(entries.length, "change", "changes")}${after ? ", older ones" : ", the newest"}${olderPage ? "; more on the next page" : ""}`;
  const status = log.isPending ? "Loading changes…" : log.isPlaceholderData ? "Loading…" : shown;

  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description="Who changed what and when: products, prices, stock, orders, settings, compliance rules and staff accounts, each with the fields before and after. Entries are kept for good; nobody can edit or delete them."
        segmentLabels={{ "audit-log": "Audit log" }}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-center">
        <ListFilter
          label="Person"
          name="actor"
          value={filters.actor}
          options={[["", "Everyone"], ...actors.map((actor): [string, string] => [actor.id, actor.name])]}
        />
        <ListFilter
          label="Kind"
          name="kind"
          value={filters.kind}
          options={optionsOf("Every kind", AUDIT_KINDS, auditKindLabels)}
        />
        <DateRangeFilter from={filters.from} to={filters.to} />
      </div>
      <ListStatus summary={status} />
      {log.isPending ? (
        <AuditEntriesSkeleton />
      ) : log.isError && !log.data ? (
        <LoadError what="the audit log" error={log.error} onRetry={() => log.refetch()} />
      ) : entries.length > 0 ? (
        <>
          <AuditEntries entries={entries} stale={log.isPlaceholderData} />
          {(after || olderPage) && (
            <nav aria-label="Pages of the audit log" className="mt-4 flex flex-wrap justify-center gap-3">
              {after && (
                <Link to={pageAddress(params, null)} className={buttonClass({ variant: "secondary" })}>
                  Newest changes
                </Link>
              )}
              {olderPage && (
                <Link to={olderPage} className={buttonClass({ variant: "secondary" })}>
                  Older changes
                </Link>
              )}
            </nav>
          )}
        </>
      ) : filtered ? (
        <NoMatches icon={History} title="No changes match these filters" clearTo={LIST_PATH}>
          Nobody made a change of this kind, by this person, on these days.
        </NoMatches>
      ) : (
        <EmptyState icon={History} title="No changes yet">
          When staff change a product, a price, stock, an order, the settings, a rule or a staff account, it is listed
          here with who did it and when.
        </EmptyState>
      )}
    </>
  );
}

/** This list's address with another page: after a cursor, or the newest (null); the filters stay. */
function pageAddress(params: URLSearchParams, after: string | null): string {
  const next = new URLSearchParams(params);
  if (after) next.set("after", after);
  else next.delete("after");
  const search = next.toString();
  return search ? `${LIST_PATH}?${search}` : LIST_PATH;
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
