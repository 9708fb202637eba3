import type { ComplianceRuleQuery } from "@shop/shared";
import {
  REGULATORY_CLASSES,
  type RegulatoryClass,
  RULE_EFFECTS,
  type RuleEffect,
  regulatoryClassLabels,
  US_STATES,
  type UsState,
} from "@shop/shared/constants";
import { Plus, Scale, Upload } from "lucide-react";
import { useState } from "react";
import { href } from "react-router";
import { DownloadLink } from "../../components/admin-list/download-link.tsx";
import {
  AdminList,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  pageOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { effectLabels } from "../../components/rule-badges.tsx";
import { RulesImport } from "../../components/rules-import.tsx";
import { Button } from "../../components/ui/button.tsx";
import { RULES_CSV_URL, useRules } from "../../features/compliance/api/get-rules.ts";
import { useImportRules } from "../../features/compliance/api/save-rule.ts";
import { RulesTable } from "../../features/compliance/components/rules-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Compliance rules");
}

const LIST_PATH = href("/dashboard/settings/compliance");

const states = Object.keys(US_STATES) as UsState[];

export default function ComplianceRules() {
  const search = useListParams();
  const { listSearch } = search;
  const params = search.params;
  const [importing, setImporting] = useState(false);
  const importRules = useImportRules();
  const query = {
    state: oneOf(params.get("state"), states),
    class: oneOf<RegulatoryClass>(params.get("class"), REGULATORY_CLASSES),
    effect: oneOf<RuleEffect>(params.get("effect"), RULE_EFFECTS),
    stale: oneOf(params.get("stale"), ["true", "false"] as const),
    q: search.q || undefined,
    page: search.page,
  } satisfies ComplianceRuleQuery;
  const filtered = Boolean(query.state || query.class || query.effect || query.stale || query.q);
  const rules = useRules(query);

  return (
    <>
      <AdminPageHeader
        title="Compliance rules"
        description="Where each regulated class may be sold, from what age and how it ships. The shop applies them at the product page, the cart and the checkout. A rule not checked against its source for 90 days is marked stale."
        actions={
          <>
            <HeaderLink to={`${LIST_PATH}/new`} icon={Plus} className="w-full sm:w-auto">
              New rule
            </HeaderLink>
            <DownloadLink href={RULES_CSV_URL} className="flex-1 sm:flex-none" />
            <Button
              variant="secondary"
              className="flex-1 sm:flex-none"
              aria-expanded={importing}
              onClick={() => setImporting((open) => !open)}
            >
              <Upload aria-hidden="true" className="size-4" />
              Import CSV
            </Button>
          </>
        }
      />
      {importing && (
        <RulesImport onClose={() => setImporting(false)} importer={importRules} noun={{ one: "rule", many: "rules" }} />
      )}
      <div className="mb-4 grid gap-3">
        <ListSearch
          id="rules-search"
          label="Search rules"
          placeholder="Words in the source address or notes"
          search={search}
        />
        <div className="grid grid-cols-2 gap-2 xl:grid-cols-4">
          <ListFilter
            label="State"
            name="state"
            value={query.state}
            options={optionsOf("All states", states, US_STATES)}
          />
          <ListFilter
            label="Class"
            name="class"
            value={query.class}
            options={optionsOf("All classes", REGULATORY_CLASSES, regulatoryClassLabels)}
          />
          <ListFilter
            label="Effect"
            name="effect"
            value={query.effect}
            options={optionsOf("All effects", RULE_EFFECTS, effectLabels)}
          />
          <ListFilter
            label="Last checked"
            name="stale"
            value={query.stale}
            options={[
              ["", "Any time"],
              ["true", "Stale (90 days or more)"],
              ["false", "Within 90 days"],
            ]}
          />
        </div>
        <p className="text-muted text-xs">
          A state shows its own rules and those of its counties, cities and ZIP sets; country-wide rules apply
          everywhere.
        </p>
      </div>
      <AdminList
        query={rules}
        page={rules.data && pageOf(rules.data)}
        noun={{ one: "rule", many: "rules" }}
        icon={Scale}
        table={(items, stale) => <RulesTable rows={items} stale={stale} listSearch={listSearch} />}
        narrowed={
          filtered && {
            title: "No rules found",
            children: query.q
              ? `No rule's source or notes match “${query.q}” with these filters.`
              : "Nothing fits these filters.",
          }
        }
        empty={{
          title: "No rules yet",
          action: { to: `${LIST_PATH}/new`, label: "Add the first rule" },
          children: "Add the rules of the places you ship to, or import them from a CSV file.",
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
