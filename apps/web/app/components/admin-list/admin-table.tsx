import type { Image } from "@shop/shared";
import type { ReactNode } from "react";
import type { Selection } from "./selection.tsx";

/** A heading cell and a body cell of a dashboard table. */
export const cell = {
  th: "px-2 py-3 text-left font-semibold text-muted text-xs uppercase tracking-wider sm:px-3",
  td: "px-2 py-3 align-middle sm:px-3",
};

/** Columns a phone has no room for (their facts move under the row's name there). */
export const hiddenBelow = { md: "hidden md:table-cell", lg: "hidden lg:table-cell" };

const frame = "overflow-x-auto rounded-2xl border border-line bg-white";

/** A column's heading: its words, the classes it adds to `cell.th` (where it hides, how it aligns), and whether only screen readers say it. */
export interface Column {
  label: string;
  className?: string;
  srOnly?: boolean;
}

interface AdminTableProps {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: readonly Column[];
  /** A heading cell before the columns' (the box that selects every row on the page). */
  lead?: ReactNode;
  children: ReactNode;
  /** An older page stays on screen, dimmed, while the next one loads. */
  stale?: boolean;
  className?: string;
}

/** A dashboard table in its rounded frame, scrolling sideways on narrow screens if it must. */
export function AdminTable({ caption, columns, lead, children, stale = false, className = "" }: AdminTableProps) {
  return (
    <div className={`${frame} transition-opacity ${stale ? "opacity-60" : ""}`} aria-busy={stale || undefined}>
      <table className={`w-full text-sm ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-line border-b bg-gray-50/80">
          <tr>
            {lead}
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.className ? `${cell.th} ${column.className}` : cell.th}
              >
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

const checkbox = "size-4.5 accent-brand-700";

/** The heading cell that selects or clears every row on the page. */
export function SelectAllCell({ selection, ids }: { selection: Selection; ids: string[] }) {
  const all = ids.length > 0 && ids.every((id) => selection.selected.has(id));
  const some = !all && ids.some((id) => selection.selected.has(id));
  return (
    <th scope="col" className={`${cell.th} w-10`}>
      <input
        type="checkbox"
        aria-label="Select all on page"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = some;
        }}
        onChange={(event) => (event.target.checked ? selection.setAll(ids) : selection.clear())}
        className={checkbox}
      />
    </th>
  );
}

/** A row's own checkbox; `name` says which row ("“Mango Ice”"). */
export function SelectCell({ selection, id, name }: { selection: Selection; id: string; name: string }) {
  return (
    <td className={cell.td}>
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={selection.selected.has(id)}
        onChange={(event) => selection.set(id, event.target.checked)}
        className={checkbox}
      />
    </td>
  );
}

/** A table's shape while its first page loads: a heading bar and rows of grey bars. */
export function TableSkeleton({ rows = 8, thumbnail = false }: { rows?: number; thumbnail?: boolean }) {
  const bar = "block h-3.5 animate-pulse rounded bg-gray-200";
  return (
    <div className={frame} aria-hidden="true">
      <div className="h-11 border-line border-b bg-gray-50/80" />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={index} className="flex items-center gap-4 border-line border-b px-3 py-3 last:border-b-0">
          {thumbnail && <span className="size-12 shrink-0 animate-pulse rounded-lg bg-gray-200" />}
          <span className="min-w-0 flex-1">
            <span className={`${bar} w-48 max-w-full`} />
            <span className={`${bar} mt-2 w-20`} />
          </span>
          <span className={`${bar} hidden w-24 lg:block`} />
          <span className={`${bar} hidden w-16 md:block`} />
          <span className={`${bar} hidden w-12 md:block`} />
          <span className="h-9 w-24 animate-pulse rounded-full bg-gray-200" />
        </div>
      ))}
    </div>
  );
}

interface RowImageProps {
  image: Image | null;
  width: number;
  height: number;
  /** Size and placement, for the picture and its placeholder alike. */
  className: string;
  /** What the placeholder shows (an icon), centred; none: a plain grey block. */
  fallback?: ReactNode;
}

/** A row's small picture (the smallest of its sizes), or a grey placeholder where it has none. */
export function RowImage({ image, width, height, className, fallback }: RowImageProps) {
  if (!image) {
    const centred = fallback ? "flex items-center justify-center" : "";
    return (
      <span aria-hidden="true" className={`shrink-0 rounded-lg bg-gray-100 text-gray-400 ${centred} ${className}`}>
        {fallback}
      </span>
    );
  }
  return (
    <img
      src={image.srcSet.split(" ")[0] ?? image.src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      className={`shrink-0 rounded-lg object-cover ${className}`}
    />
  );
}
