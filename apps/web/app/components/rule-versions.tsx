import { formatDate } from "@shop/shared/rules";

/** A kept version of a rule kept as data: which, who changed the rule and when. */
export interface KeptVersion {
  version: number;
  changedBy: string | null;
  changedAt: string;
}

/**
 * Every kept version of a compliance or tax rule, newest first: who changed it and when (orders
 * name the version they applied).
 */
export function RuleVersions({ versions }: { versions: readonly KeptVersion[] | undefined }) {
  if (!versions || versions.length === 0) return null;
  return (
    <section aria-labelledby="rule-history-title" className="mt-6 rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 id="rule-history-title" className="font-semibold text-lg">
        Versions
      </h2>
      <p className="mt-1 text-muted text-sm">Each change is kept as it was; orders name the version they applied.</p>
      <ol className="mt-4 divide-y divide-line">
        {versions.map((version) => (
          <li
            key={version.version}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm"
          >
            <span className="font-medium">Version {version.version}</span>
            <span className="text-muted">
              {formatDate(version.changedAt, "moment")} · {version.changedBy ?? "Demo data"}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
