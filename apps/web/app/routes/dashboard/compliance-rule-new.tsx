import { localDayOf } from "@shop/shared/rules";
import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { RuleForm } from "../../features/compliance/components/rule-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { rulePath } from "../../lib/admin-paths.ts";

export function meta() {
  return adminMeta("New compliance rule");
}

const LIST_PATH = href("/dashboard/settings/compliance");

export default function NewComplianceRule() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="New compliance rule"
        currentLabel="New rule"
        description="Where the rule applies, to which class, what it does, and where it comes from."
      />
      <RuleForm today={localDayOf(new Date())} cancelTo={LIST_PATH} onSaved={(rule) => navigate(rulePath(rule.id))} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
