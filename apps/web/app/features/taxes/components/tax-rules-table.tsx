import type { TaxRuleItem } from "@shop/shared";
import { regulatoryClassLabels, taxConditionWords } from "@shop/shared/constants";
import { formatDate, whereInWords } from "@shop/shared/rules";
import { Link } from "react-router";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/admin-table.tsx";
import { ExampleBadge, StaleBadge } from "../../../components/rule-badges.tsx";
import { taxRulePath } from "../../../lib/admin-paths.ts";
import { taxRateInWords } from "./tax-rule-values.ts";

/** What a tax takes in, in words: "Vapes and e-liquids, with nicotine, holding liquid". */
function takesIn(rule: TaxRuleItem): string {
  const conditions = [
    taxConditionWords.nicotine[rule.nicotine],
    taxConditionWords.system[rule.system],
    taxConditionWords.liquid[rule.liquid],
  ].filter(Boolean);
  return [regulatoryClassLabels[rule.regulatoryClass], ...conditions].join(", ");
}

/** Tax rules: the tax and where, what it takes in, its rate, dates, last check (the phone shows the rate under the name). */
export function TaxRulesTable({
  rows,
  stale,
  listSearch,
}: {
  rows: TaxRuleItem[];
  stale: boolean;
  listSearch: string;
}) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Excise-tax rules"
      stale={stale}
      columns={[
        { label: "Tax" },
        { label: "Applies to", className: hiddenBelow.lg },
        { label: "Rate" },
        { label: "In force", className: hiddenBelow.lg },
        { label: "Last checked", className: hiddenBelow.md },
        { label: "Version", className: `${hiddenBelow.md} text-right` },
      ]}
    >
      {rows.map((rule) => (
        <tr key={rule.id} className="hover:bg-brand-50/30" data-tax-rule={rule.id}>
          <td className={td}>
            <Link
              to={taxRulePath(rule.id)}
              state={{ listSearch }}
              className="font-semibold hover:text-brand-700 hover:underline"
            >
              {rule.name}
            </Link>
            <span className="mt-0.5 block text-muted text-sm">{whereInWords(rule.jurisdiction)}</span>
            <span className="mt-1 block text-muted text-xs lg:hidden">{takesIn(rule)}</span>
            <span className="mt-1 flex flex-wrap gap-1">
              {rule.stale && <StaleBadge />}
              {rule.isExample && <ExampleBadge />}
            </span>
          </td>
          <td className={`${td} ${hiddenBelow.lg} text-sm`}>{takesIn(rule)}</td>
          <td className={`${td} text-sm`}>
            <span className="whitespace-nowrap font-medium tabular-nums">{taxRateInWords(rule.basis, rule.rate)}</span>
            {rule.basis === "retail_percent" && (
              <span className="block text-muted text-xs">
                {rule.afterDiscount ? "after discounts" : "before discounts"}
              </span>
            )}
            {rule.salesTaxOnTop && <span className="block text-muted text-xs">sales tax on top</span>}
            {rule.wholesale === "exempt" && <span className="block text-muted text-xs">not on wholesale</span>}
          </td>
          <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap text-sm`}>
            {formatDate(rule.effectiveFrom, "calendar")} –{" "}
            {rule.effectiveTo ? formatDate(rule.effectiveTo, "calendar") : "no end"}
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
