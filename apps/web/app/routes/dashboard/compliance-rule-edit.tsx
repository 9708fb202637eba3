import { regulatoryClassLabels } from "@shop/shared/constants";
import { formatDate, localDayOf, whereInWords } from "@shop/shared/rules";
import { SearchX } from "lucide-react";
import { href } from "react-router";
import { AdminDetail, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { ExampleBadge, StaleBadge } from "../../components/rule-badges.tsx";
import { RuleVersions } from "../../components/rule-versions.tsx";
import { useRule, useRuleVersions } from "../../features/compliance/api/get-rule.ts";
import { RuleForm } from "../../features/compliance/components/rule-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/compliance-rule-edit";

export function meta() {
  return adminMeta("Edit compliance rule");
}

const LIST_PATH = href("/dashboard/settings/compliance");

/** Every kept version, newest first: who changed the rule and when (order evidence names these). */
function History({ id }: { id: string }) {
  return <RuleVersions versions={useRuleVersions(id).data} />;
}

export default function EditComplianceRule({ params }: Route.ComponentProps) {
  const rule = useRule(params.id);
  const notFound = isNotFound(rule);
  const data = rule.data;
  const title = data
    ? `${regulatoryClassLabels[data.regulatoryClass]} in ${whereInWords(data.jurisdiction)}`
    : undefined;
  return (
    <>
      <AdminPageHeader
        title={title ?? (notFound ? "Rule not found" : "Edit rule")}
        currentLabel={data ? whereInWords(data.jurisdiction) : "Rule"}
        description={
          data ? (
            <span className="flex flex-wrap items-center gap-2">
              <span data-testid="rule-version">Version {data.version}</span>
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
        what="this rule"
        skeleton={<PanelsSkeleton grid="gap-6 lg:grid-cols-2" panels={["h-96", "h-96"]} />}
        missing={{
          icon: SearchX,
          noun: "rule",
          back: { to: LIST_PATH, label: "Back to the rules" },
          why: "The address may be mistyped. Rules are never deleted.",
        }}
      >
        {(saved) => (
          <>
            <RuleForm
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
