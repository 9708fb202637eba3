import { formatDate, localDayOf, whereInWords } from "@shop/shared/rules";
import { SearchX } from "lucide-react";
import { href } from "react-router";
import { AdminDetail, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { ExampleBadge, StaleBadge } from "../../components/rule-badges.tsx";
import { RuleVersions } from "../../components/rule-versions.tsx";
import { useTaxRule, useTaxRuleVersions } from "../../features/taxes/api/get-tax-rule.ts";
import { TaxRuleForm } from "../../features/taxes/components/tax-rule-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/tax-rule-edit";

export function meta() {
  return adminMeta("Edit tax rule");
}

const LIST_PATH = href("/dashboard/settings/taxes");

/** Every kept version, newest first: who changed the tax and when (orders name the version they charged). */
function History({ id }: { id: string }) {
  return <RuleVersions versions={useTaxRuleVersions(id).data} />;
}

export default function EditTaxRule({ params }: Route.ComponentProps) {
  const rule = useTaxRule(params.id);
  const notFound = isNotFound(rule);
  const data = rule.data;
  return (
    <>
      <AdminPageHeader
        title={data ? `${data.name}` : notFound ? "Tax rule not found" : "Edit tax rule"}
        currentLabel={data ? whereInWords(data.jurisdiction) : "Tax rule"}
        description={
          data ? (
            <span className="flex flex-wrap items-center gap-2">
              <span>{whereInWords(data.jurisdiction)}</span>
              <span aria-hidden="true">·</span>
              <span data-testid="tax-rule-version">Version {data.version}</span>
              <span aria-hidden="true">·</span>
              <span>Last checked {formatDate(data.lastCheckedOn, "calendar")}</span>
              {data.stale && <StaleBadge />}
              {data.isExample && <ExampleBadge />}
            </span>
          ) : undefined
        }
      />
      <AdminDetail
        query={rule}
        what="this tax rule"
        skeleton={<PanelsSkeleton grid="gap-6 lg:grid-cols-2" panels={["h-96", "h-96"]} />}
        missing={{
          icon: SearchX,
          noun: "tax rule",
          back: { to: LIST_PATH, label: "Back to the tax rules" },
          why: "The address may be mistyped. Tax rules are never deleted.",
        }}
      >
        {(saved) => (
          <>
            <TaxRuleForm
              key={`${saved.id}-${saved.version}`}
              rule={saved}
              today={localDayOf(new Date())}
              cancelTo={LIST_PATH}
              onSaved={() => {}}
            />
            <History id={saved.id} />
          </>
        )}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
