import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ApiRequestError } from "../../lib/api-error.ts";
import { EmptyState } from "../empty-state.tsx";
import { LoadError } from "../ui/load-error.tsx";

/** The parts of a TanStack query a detail page reads. */
interface DetailQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** The record the page asks for does not exist: the API answered 404. */
export const isNotFound = (query: { error: Error | null }): boolean =>
  query.error instanceof ApiRequestError && query.error.status === 404;

interface AdminDetailProps<Data> {
  query: DetailQuery<Data>;
  /** What failed to load, for the error's heading ("this order"). */
  what: string;
  skeleton: ReactNode;
  /** What the page says when the record does not exist (null: nothing). */
  missing: MissingRecord | null;
  children: (data: Data) => ReactNode;
}

/** A dashboard record's page body in each of its states: loading, not found, failed, shown. */
export function AdminDetail<Data>({ query, what, skeleton, missing, children }: AdminDetailProps<Data>) {
  if (query.isPending) return skeleton;
  if (isNotFound(query)) return missing && <NoSuchRecord {...missing} />;
  if (query.isError || query.data === undefined) {
    return <LoadError what={what} error={query.error} onRetry={() => query.refetch()} />;
  }
  return children(query.data);
}

/** A record that does not exist, as its page says so: "There is no such {noun}", why, and the way back. */
interface MissingRecord {
  icon: LucideIcon;
  noun: string;
  back: { to: string; label: string };
  /** Why it may be missing, when not "It may have been deleted, or the address is mistyped." */
  why?: ReactNode;
  /** The page's own heading (1) where no page title stands above it, as on a printed document. */
  level?: 1 | 2;
}

function NoSuchRecord({
  icon,
  noun,
  back,
  why = "It may have been deleted, or the address is mistyped.",
  level,
}: MissingRecord) {
  return (
    <EmptyState icon={icon} title={`There is no such ${noun}`} action={back} level={level}>
      {why}
    </EmptyState>
  );
}

/** A record page's placeholder while it loads: grey panels where its sections will be. */
export function PanelsSkeleton({ grid, panels }: { grid: string; panels: string[] }) {
  return (
    <div aria-hidden="true" className={`grid ${grid}`}>
      {panels.map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={index} className={`${height} animate-pulse rounded-2xl border border-line bg-white`} />
      ))}
    </div>
  );
}

/** An edit page's title: the record's name once it is loaded, "… not found" after a 404, "Edit …" meanwhile. */
export const editTitle = (noun: string, name: string | undefined, notFound: boolean): string =>
  name ? `Edit “${name}”` : notFound ? `${noun} not found` : `Edit ${noun}`;

/** The link above a record back to its list, with the list's search as it was left (the list's row passes it on). */
export function BackToList({ to, children }: { to: string; children: ReactNode }) {
  const { state } = useLocation();
  const listSearch = (state as { listSearch?: string } | null)?.listSearch ?? "";
  return (
    <Link
      to={`${to}${listSearch}`}
      className="mb-4 inline-flex items-center gap-1.5 rounded-full font-medium text-muted text-sm hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
