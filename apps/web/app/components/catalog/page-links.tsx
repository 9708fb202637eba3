import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** The page numbers to show: first, last, and the current one with its neighbours; null is a gap. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) result.push(null);
    result.push(page);
  }
  return result;
}

export interface PaginationProps {
  currentPage: number;
  totalPages: number;
  /** The current search params; the page link changes only `param`. */
  search: URLSearchParams;
  /** The query parameter holding the page number (default `page`). */
  param?: string;
  /** Keep the scroll position, for a list inside a longer page. */
  preventScrollReset?: boolean;
}

/** The links of Pagination (pagination.tsx), which loads this module as a lazy part. */
export default function PageLinks({
  currentPage,
  totalPages,
  search,
  param = "page",
  preventScrollReset = false,
}: PaginationProps) {
  const href = (page: number) => {
    const params = new URLSearchParams(search);
    if (page === 1) params.delete(param);
    else params.set(param, String(page));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const step = "inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-medium";
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-1">
      {currentPage > 1 ? (
        <Link
          preventScrollReset={preventScrollReset}
          to={href(currentPage - 1)}
          className={`${step} hover:bg-white`}
          rel="prev"
        >
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </Link>
      ) : (
        <span className={`${step} text-gray-500`} aria-hidden="true">
          <ChevronLeft className="size-4" /> Previous
        </span>
      )}
      <ol className="hidden items-center gap-1 sm:flex">
        {pageWindow(currentPage, totalPages).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} className="px-1 text-muted" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                preventScrollReset={preventScrollReset}
                to={href(page)}
                aria-current={page === currentPage ? "page" : undefined}
                aria-label={`Page ${page}`}
                className={`inline-flex size-10 items-center justify-center rounded-full text-sm font-medium ${
                  page === currentPage ? "bg-ink text-white" : "hover:bg-white"
                }`}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ol>
      <span className="px-2 text-muted text-sm sm:hidden">
        Page {currentPage} of {totalPages}
      </span>
      {currentPage < totalPages ? (
        <Link
          preventScrollReset={preventScrollReset}
          to={href(currentPage + 1)}
          className={`${step} hover:bg-white`}
          rel="next"
        >
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span className={`${step} text-gray-500`} aria-hidden="true">
          Next <ChevronRight className="size-4" />
        </span>
      )}
    </nav>
  );
}
