import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { CoaForm } from "../../features/coas/components/coa-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Add COA");
}

const LIST_PATH = href("/dashboard/products/coas");

export default function AddCoa() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="Add COA"
        description="Publish a lab's certificate of analysis for one batch. Buyers find it by the batch number on the package, and the product page shows the newest batch with its QR code."
        segmentLabels={{ coas: "Lab Results" }}
      />
      <CoaForm cancelTo={LIST_PATH} onSaved={() => navigate(LIST_PATH)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
