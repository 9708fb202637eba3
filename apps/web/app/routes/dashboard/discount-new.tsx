import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { DiscountForm } from "../../features/discounts/components/discount-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import { discountPath } from "../../lib/admin-paths.ts";

export function meta() {
  return adminMeta("New discount code");
}

export default function NewDiscount() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="New discount code"
        currentLabel="New code"
        description="What it takes off, on which goods, when, and how many times."
      />
      <DiscountForm cancelTo={href("/dashboard/discounts")} onSaved={(saved) => navigate(discountPath(saved.id))} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
