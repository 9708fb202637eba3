import type { AuditEntry } from "@shop/shared";
import { auditKindLabels } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { changedRows } from "./audit-values.ts";

/** One change: when, who, what; then each changed field with its value before and after. */
function Entry({ entry }: { entry: AuditEntry }) {
  const rows = changedRows(entry.before, entry.after);
  const headingId = `audit-${entry.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl border border-line bg-white p-4">
        <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="min-w-0 font-semibold">
            <span className="mr-2 inline-block rounded-full bg-gray-100 px-2 py-0.5 font-medium text-xs">
              {auditKindLabels[entry.kind]}
            </span>
            <span className="break-words">{entry.subjectLabel}</span>
            <span className="font-normal text-muted"> — {entry.action}</span>
          </h2>
          <p className="text-muted text-sm">
            <time dateTime={entry.at}>{formatDate(entry.at, "moment")}</time> by{" "}
            <span className="font-medium text-ink">{entry.actorName}</span>
          </p>
        </header>
        {rows.length > 0 && (
          <table className="mt-3 w-full table-fixed border-collapse text-sm">
            <caption className="sr-only">Changed fields of {entry.subjectLabel}, before and after</caption>
            <thead>
              <tr className="border-line border-b text-left text-muted text-xs">
                <th scope="col" className="w-1/3 py-1 pr-2 font-medium">
                  Field
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Before
                </th>
                <th scope="col" className="py-1 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-line border-b last:border-0 align-top">
                  <th scope="row" className="py-1.5 pr-2 text-left font-medium break-words">
                    {row.label}
                  </th>
                  <td className="py-1.5 pr-2 break-words text-muted">
                    {row.before === null ? <span className="italic">(new)</span> : <del>{row.before}</del>}
                  </td>
                  <td className="py-1.5 break-words">
                    {row.after === null ? (
                      <span className="italic">(deleted)</span>
                    ) : (
                      <ins className="no-underline">{row.after}</ins>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </article>
    </li>
  );
}

/** The log's entries, newest first. */
export function AuditEntries({ entries, stale }: { entries: AuditEntry[]; stale: boolean }) {
  return (
    <ol aria-label="Changes, newest first" className={`grid gap-3 ${stale ? "opacity-60" : ""}`}>
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

/** Grey boxes the shape of entries while the first page loads. */
export function AuditEntriesSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-3">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="h-32 animate-pulse rounded-xl border border-line bg-gray-100" />
      ))}
    </div>
  );
}
