import type { UseQueryResult } from "@tanstack/react-query";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { LoadError } from "../../../components/ui/load-error.tsx";

interface Props<T> {
  id: string;
  title: string;
  /** What the figures count, under the title. */
  description?: string;
  query: UseQueryResult<T>;
  /** The CSV of the same figures, every row. */
  csvUrl?: string | undefined;
  /** Words when there is nothing to show (null when the data has something). */
  empty: (data: T) => string | null;
  /** What the error says could not be loaded, e.g. "the top products". */
  what: string;
  children: (data: T) => ReactNode;
  className?: string;
}

/** One report on the page: its title, its CSV, and its figures with loading, empty and error states. */
export function ReportCard<T>({
  id,
  title,
  description,
  query,
  csvUrl,
  empty,
  what,
  children,
  className = "",
}: Props<T>) {
  const emptyWords = query.data === undefined ? null : empty(query.data);
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-2xl border border-line bg-white p-4 sm:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={id} className="font-semibold text-lg">
            {title}
          </h2>
          {description && <p className="text-muted text-sm">{description}</p>}
        </div>
        {csvUrl && query.data !== undefined && (
          <a
            href={csvUrl}
            download
            className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
            aria-label={`Download ${title} as CSV`}
          >
            <Download aria-hidden="true" className="size-4" />
            CSV
          </a>
        )}
      </div>
      {query.isPending ? (
        <div role="status" aria-label={`Loading ${what}`} className="space-y-2">
          {["a", "b", "c", "d"].map((key) => (
            <div key={key} className="h-8 animate-pulse rounded-lg bg-gray-100" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />
      ) : emptyWords !== null ? (
        <p className="rounded-xl border border-line border-dashed px-4 py-8 text-center text-muted text-sm">
          {emptyWords}
        </p>
      ) : (
        <div
          className={`transition-opacity ${query.isPlaceholderData ? "opacity-60" : ""}`}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {children(query.data as T)}
        </div>
      )}
    </section>
  );
}
