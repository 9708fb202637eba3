import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { countOf } from "../../lib/format.ts";
import { Pagination } from "../catalog/pagination.tsx";
import { EmptyState } from "../empty-state.tsx";
import { inputClass } from "../form/field.tsx";
import { LoadError } from "../ui/load-error.tsx";
import { TableSkeleton } from "./admin-table.tsx";
import { useSetListParam } from "./use-list-params.ts";

/**
 * The dashboard's lists (products, customers, staff, lab results) share one scaffold: the search
 * and filters in the address (use-list-params.ts), a summary line, the loading, failed, empty and
 * past-the-end states, the table's frame, row selection and the bulk toolbar. A list brings its
 * query, its columns and rows, and its words.
 */

/** One page of a list, whatever its API calls the fields. */
export interface ListPage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/** The parts of a TanStack query a list reads. */
export interface ListQuery<Data> {
  data: Data | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** A page in the shape of our user and product lists ({ items, total, page, pageSize }). */
export function pageOf<Item>(data: { items: Item[]; total: number; page: number; pageSize: number }): ListPage<Item> {
  return { ...data, totalPages: Math.max(1, Math.ceil(data.total / data.pageSize)) };
}

/**
 * A page of a list that answers as the shop's public lists do ({ items, total, currentPage }),
 * whose page size the list knows.
 */
export function countedPageOf<Item>(
  data: { items: Item[]; total: number; currentPage: number },
  pageSize: number,
): ListPage<Item> {
  return pageOf({ items: data.items, total: data.total, page: data.currentPage, pageSize });
}

/** "51–75 of 120 customers" (the range only when there is more than one page), plus what it matches. */
export function listSummary(
  page: ListPage<unknown> | undefined,
  noun: { one: string; many: string },
  matching = "",
): string | null {
  if (!page) return null;
  const first = (page.page - 1) * page.pageSize + 1;
  const range =
    page.total > page.pageSize && page.items.length > 0 ? `${first}–${first + page.items.length - 1} of ` : "";
  return `${range}${countOf(page.total, noun.one, noun.many)}${matching}`;
}

interface ListBodyProps<Data, Item> {
  query: ListQuery<Data>;
  page: ListPage<Item> | undefined;
  /** What failed to load, for the error's heading ("the customers"). */
  what: string;
  skeleton: ReactNode;
  /** The rows of the page on screen; `stale` while the next page loads. */
  table: (items: Item[], stale: boolean) => ReactNode;
  /** The address's search, for the pagination links. */
  search: URLSearchParams;
  icon: LucideIcon;
  /** The list with the page number left out, for a page past the end. */
  firstPageTo: string;
  /** What an empty list says: nothing matches, or nothing yet. */
  empty: ReactNode;
  /** The summary line, for the past-the-end message. */
  summary: string | null;
}

/** A list's body in each of its states: loading, failed, rows with pagination, past the end, empty. */
export function ListBody<Data, Item>(props: ListBodyProps<Data, Item>) {
  const { query, page } = props;
  if (query.isPending) return props.skeleton;
  if (query.isError && !query.data) {
    return <LoadError what={props.what} error={query.error} onRetry={() => query.refetch()} />;
  }
  if (page && page.items.length > 0) {
    return (
      <>
        {props.table(page.items, query.isPlaceholderData)}
        <Pagination currentPage={page.page} totalPages={page.totalPages} search={props.search} />
      </>
    );
  }
  if (page && page.total > 0) {
    return (
      <EmptyState
        icon={props.icon}
        title="This page is past the end of the list"
        action={{ to: props.firstPageTo, label: "Go to the first page" }}
      >
        {props.summary} fit on fewer pages than this page number.
      </EmptyState>
    );
  }
  return props.empty;
}

/** A list narrowed by its search or filters: what its summary adds, and what it says when nothing matches. */
interface Narrowed {
  /** After the count in the summary line; " matching the filters" unless the list says otherwise. */
  matching?: string;
  title: string;
  children: ReactNode;
  /** The whole list's address; the list's own path without its search unless the list says otherwise. */
  clearTo?: string;
}

interface AdminListProps<Data, Item>
  extends Omit<ListBodyProps<Data, Item>, "firstPageTo" | "skeleton" | "search" | "what" | "empty" | "summary"> {
  /** What the list counts, for its summary line ("3 orders") and, unless given, its loading and error words. */
  noun: { one: string; many: string };
  /** What failed to load, for the error's heading; "the" and the noun unless given. */
  what?: string;
  /** The status line while the first page loads; "Loading" and the noun unless given. */
  loading?: string;
  /** The status line while a new search or page loads; "Loading…" unless the list says otherwise. */
  refreshing?: string;
  /** Set while a search or a filter narrows the list. */
  narrowed?: Narrowed | false | "" | null | undefined;
  /** What the list says while it has nothing at all. */
  empty: { title: string; children: ReactNode; action?: { to: string; label: string } };
  /** The bulk toolbar, when the list has one. */
  toolbar?: ReactNode;
  /** A table's skeleton unless given. */
  skeleton?: ReactNode;
}

/**
 * Everything under a list's filters: the status line, a failed refresh, and the body in its states,
 * with the list's icon on its empty states. Its pages and the way back from a page past the end or
 * from a search that found nothing follow the list's own address.
 */
export function AdminList<Data, Item>({
  noun,
  what = `the ${noun.many}`,
  loading = `Loading ${noun.many}…`,
  refreshing = "Loading…",
  narrowed,
  empty,
  toolbar,
  ...props
}: AdminListProps<Data, Item>) {
  const { query, icon } = props;
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const summary = listSummary(props.page, noun, narrowed ? (narrowed.matching ?? " matching the filters") : "");
  const status = query.isPending ? loading : query.isPlaceholderData ? refreshing : summary;
  return (
    <>
      <ListStatus summary={status}>{toolbar}</ListStatus>
      <StaleError query={query} />
      <ListBody
        {...props}
        what={what}
        summary={summary}
        skeleton={props.skeleton ?? <TableSkeleton />}
        search={search}
        firstPageTo={firstPagePath(location.pathname, search)}
        empty={
          narrowed ? (
            <NoMatches icon={icon} title={narrowed.title} clearTo={narrowed.clearTo ?? location.pathname}>
              {narrowed.children}
            </NoMatches>
          ) : (
            <EmptyState icon={icon} title={empty.title} action={empty.action}>
              {empty.children}
            </EmptyState>
          )
        }
      />
    </>
  );
}

/** What a list says when its search or filters leave nothing: what, and the way back to the whole list. */
export function NoMatches(props: { icon: LucideIcon; title: string; clearTo: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <EmptyState
      icon={props.icon}
      title={props.title}
      action={{ to: props.clearTo, label: clearWords(location.search) }}
    >
      {props.children}
    </EmptyState>
  );
}

/** What in a list's address does not narrow it: the page, the order, and a list's view (billing's payments). */
const NOT_NARROWING = new Set(["page", "sort", "view"]);

/** The way back's words: what narrows the list in its address, its search, its filters or both. */
export function clearWords(search: string): string {
  const names = [...new URLSearchParams(search).keys()].filter((name) => !NOT_NARROWING.has(name));
  const searched = names.includes("q");
  if (!names.some((name) => name !== "q")) return "Clear the search";
  return searched ? "Clear the search and filters" : "Clear the filters";
}

/** The list's address without its page number. */
export function firstPagePath(pathname: string, search: URLSearchParams): string {
  const first = new URLSearchParams(search);
  first.delete("page");
  return `${pathname}${first.size ? `?${first}` : ""}`;
}

/** A refresh that failed while an older page stays on screen: said above the list. */
export function StaleError({ query }: { query: ListQuery<unknown> }) {
  if (!query.isError || !query.data) return null;
  return (
    <p role="alert" className="mb-3 text-red-700 text-sm">
      {query.error?.message}
    </p>
  );
}

/** The line under the filters: the bulk toolbar (if any) and the summary, read out as it changes. */
export function ListStatus({ summary, children }: { summary: string | null; children?: ReactNode }) {
  return (
    <div className="mb-3 flex min-h-9 flex-wrap items-center justify-between gap-3">
      {children ?? <span />}
      <p aria-live="polite" className="text-muted text-sm">
        {summary}
      </p>
    </div>
  );
}

interface ListFilterProps {
  /** Read by screen readers; the first option says it on screen ("All categories"). */
  label: string;
  /** The address parameter it sets (?category=). */
  name: string;
  /** The parameter's value, when the address holds one the list knows. */
  value: string | undefined;
  /** [value, words] pairs; the first is the "any" choice, which the address leaves out. */
  options: readonly (readonly [string, string])[];
}

/** One of a list's filters or its sort order, kept in the address. */
export function ListFilter({ label, name, value, options }: ListFilterProps) {
  const setParam = useSetListParam();
  const any = options[0]?.[0] ?? "";
  return (
    <label className="min-w-0">
      <span className="sr-only">{label}</span>
      <select
        aria-label={label}
        value={value ?? any}
        onChange={(event) => setParam(name, event.target.value, any)}
        className={`${inputClass} h-11 py-0 text-sm`}
      >
        {options.map(([optionValue, words]) => (
          <option key={optionValue} value={optionValue}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter's options: the "any" choice, then each value in its words. */
export const optionsOf = <T extends string>(any: string, values: readonly T[], words: Record<T, string>) => [
  ["", any] as const,
  ...values.map((value) => [value, words[value]] as const),
];
