import type { TaxRuleQuery } from "@shop/shared";
import {
  REGULATORY_CLASSES,
  type RegulatoryClass,
  regulatoryClassLabels,
  TAX_BASES,
  type TaxBasis,
  taxBasisLabels,
  US_STATES,
  type UsState,
} from "@shop/shared/constants";
import { Percent, Plus, Upload } from "lucide-react";
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
import { RulesImport } from "../../components/rules-import.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TAX_RULES_CSV_URL, useTaxRules } from "../../features/taxes/api/get-tax-rules.ts";
import { useImportTaxRules } from "../../features/taxes/api/save-tax-rule.ts";
import { TaxRulesTable } from "../../features/taxes/components/tax-rules-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Tax rules");
}

const LIST_PATH = href("/dashboard/settings/taxes");

const states = Object.keys(US_STATES) as UsState[];

export default function TaxRules() {
  const search = useListParams();
  const { listSearch } = search;
  const params = search.params;
  const [importing, setImporting] = useState(false);
  const importTaxRules = useImportTaxRules();
  const query = {
    state: oneOf(params.get("state"), states),
    class: oneOf<RegulatoryClass>(params.get("class"), REGULATORY_CLASSES),
    basis: oneOf<TaxBasis>(params.get("basis"), TAX_BASES),
    stale: oneOf(params.get("stale"), ["true", "false"] as const),
    q: search.q || undefined,
    page: search.page,
  } satisfies TaxRuleQuery;
  const filtered = Boolean(query.state || query.class || query.basis || query.stale || query.q);
  const rules = useTaxRules(query);

  return (
    <>
      <AdminPageHeader
        title="Tax rules"
        description="The excise taxes on vapes and nicotine that each state, county or city charges on what the shop ships there, with their rates and sources. A tax not checked against its source for 90 days is marked stale."
        actions={
          <>
            <HeaderLink to={`${LIST_PATH}/new`} icon={Plus} className="w-full sm:w-auto">
              New tax rule
            </HeaderLink>
            <DownloadLink href={TAX_RULES_CSV_URL} className="flex-1 sm:flex-none" />
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
        <RulesImport
          onClose={() => setImporting(false)}
          importer={importTaxRules}
          noun={{ one: "tax rule", many: "tax rules" }}
        />
      )}
      <div className="mb-4 grid gap-3">
        <ListSearch
          id="tax-rules-search"
          label="Search tax rules"
          placeholder="Words in the name, source address or notes"
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
            label="Basis"
            name="basis"
            value={query.basis}
            options={optionsOf("All bases", TAX_BASES, taxBasisLabels)}
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
          A state shows its own taxes and those of its counties, cities and ZIP sets.
        </p>
      </div>
      <AdminList
        query={rules}
        page={rules.data && pageOf(rules.data)}
        noun={{ one: "tax rule", many: "tax rules" }}
        icon={Percent}
        table={(items, stale) => <TaxRulesTable rows={items} stale={stale} listSearch={listSearch} />}
        narrowed={
          filtered && {
            title: "No tax rules found",
            children: query.q
              ? `No tax rule's name, source or notes match “${query.q}” with these filters.`
              : "Nothing fits these filters.",
          }
        }
        empty={{
          title: "No tax rules yet",
          action: { to: `${LIST_PATH}/new`, label: "Add the first tax rule" },
          children: "Add the excise taxes of the places you ship to, or import them from a CSV file.",
        }}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
