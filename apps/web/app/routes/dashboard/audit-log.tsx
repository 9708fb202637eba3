import { AUDIT_KINDS, auditKindLabels } from "@shop/shared/constants";
import { History } from "lucide-react";
import { useLocation } from "react-router";
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
import { Button } from "../../components/ui/button.tsx";
import { LoadError } from "../../components/ui/load-error.tsx";
import { useAuditLog } from "../../features/audit/api/get-audit-log.ts";
import { AuditEntries, AuditEntriesSkeleton } from "../../features/audit/components/audit-entries.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { countOf } from "../../lib/format.ts";

export function meta() {
  return adminMeta("Audit log");
}

const LIST_PATH = "/dashboard/settings/audit-log";

export default function AuditLog() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const filters = {
    actor: params.get("actor")?.trim() || undefined,
    kind: oneOf(params.get("kind"), AUDIT_KINDS),
    from: dayFrom(params.get("from")),
    to: dayFrom(params.get("to")),
  };
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const actors = log.data?.pages[0]?.actors ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const shown = `${countOf(entries.length, "change", "changes")}${log.hasNextPage ? " shown, older ones below" : ""}`;
  const status = log.isPending ? "Loading changes…" : log.isFetching && !log.isFetchingNextPage ? "Loading…" : shown;

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
          <AuditEntries entries={entries} stale={log.isFetching && !log.isFetchingNextPage} />
          {log.isFetchNextPageError && (
            <p role="alert" className="mt-3 text-red-700 text-sm">
              The older changes could not be loaded. Please try again.
            </p>
          )}
          {log.hasNextPage && (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? "Loading older changes…" : "Show older changes"}
              </Button>
            </div>
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

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
