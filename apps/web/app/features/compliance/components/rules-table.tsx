import type { ComplianceRuleItem } from "@shop/shared";
import { regulatoryClassLabels, ruleRequirementLabels } from "@shop/shared/constants";
import { formatDate, whereInWords } from "@shop/shared/rules";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { EffectBadge, ExampleBadge, StaleBadge } from "../../../components/rule-badges.tsx";
import { rulePath } from "../../../lib/admin-paths.ts";

function Effective({ rule }: { rule: ComplianceRuleItem }) {
  return (
    <>
      {formatDate(rule.effectiveFrom, "calendar")} –{" "}
      {rule.effectiveTo ? formatDate(rule.effectiveTo, "calendar") : "no end"}
    </>
  );
}

/** Rules: where, class, effect, age and requirements, dates, last check (the phone shows the facts under the place). */
export function RulesTable({
  rows,
  stale,
  listSearch,
}: {
  rows: ComplianceRuleItem[];
  stale: boolean;
  listSearch: string;
}) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Jurisdiction rules"
      stale={stale}
      columns={[
        { label: "Where" },
        { label: "Class", className: hiddenBelow.md },
        { label: "Effect" },
        { label: "Age and requirements", className: hiddenBelow.lg },
        { label: "In force", className: hiddenBelow.lg },
        { label: "Last checked", className: hiddenBelow.md },
        { label: "Version", className: `${hiddenBelow.md} text-right` },
      ]}
    >
      {rows.map((rule) => (
        <tr key={rule.id} className="hover:bg-brand-50/30" data-rule={rule.id}>
          <td className={td}>
            <Link
              to={rulePath(rule.id)}
              state={{ listSearch }}
              className="font-semibold hover:text-brand-700 hover:underline"
            >
              {whereInWords(rule.jurisdiction)}
            </Link>
            <span className="mt-1 block text-muted text-xs md:hidden">
              {regulatoryClassLabels[rule.regulatoryClass]}
            </span>
            <span className="mt-1 flex flex-wrap gap-1">
              {rule.stale && <StaleBadge />}
              {rule.isExample && <ExampleBadge />}
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.md}`}>{regulatoryClassLabels[rule.regulatoryClass]}</td>
          <td className={td}>
            <EffectBadge effect={rule.effect} />
          </td>
          <td className={`${td} ${hiddenBelow.lg} text-sm`}>
            {rule.minAge !== null && <span className="block">Age {rule.minAge}+</span>}
            {rule.requirements.map((requirement) => (
              <span key={requirement} className="block text-muted text-xs">
                {ruleRequirementLabels[requirement]}
              </span>
            ))}
            {rule.minAge === null && rule.requirements.length === 0 && <span className="text-muted">—</span>}
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-sm`}>
            <Effective rule={rule} />
          </td>
          <td className={`${td} ${hiddenBelow.md} whitespace-nowrap text-sm`}>
            {formatDate(rule.lastCheckedOn, "calendar")}
          </td>
          <td className={`${td} ${hiddenBelow.md} text-right tabular-nums`}>{rule.version}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
