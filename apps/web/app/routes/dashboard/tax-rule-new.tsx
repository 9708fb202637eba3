import { localDayOf } from "@shop/shared/rules";
import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { TaxRuleForm } from "../../features/taxes/components/tax-rule-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { taxRulePath } from "../../lib/admin-paths.ts";

export function meta() {
  return adminMeta("New tax rule");
}

const LIST_PATH = href("/dashboard/settings/taxes");

export default function NewTaxRule() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="New tax rule"
        currentLabel="New tax rule"
        description="Where the tax applies, what it takes in, its basis and rate, and where it comes from."
      />
      <TaxRuleForm
        today={localDayOf(new Date())}
        cancelTo={LIST_PATH}
        onSaved={(rule) => navigate(taxRulePath(rule.id))}
      />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
