import { href, useNavigate } from "react-router";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { DocumentForm } from "../../features/documents/components/document-form.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("Upload Document");
}

const LIST_PATH = href("/dashboard/documents");

export default function UploadDocument() {
  const navigate = useNavigate();
  return (
    <>
      <AdminPageHeader
        title="Upload Document"
        description="Keep a license, lab report, insurance policy or certificate with its dates. A document that expires within 30 days is flagged in All Documents and on the dashboard."
      />
      <DocumentForm cancelTo={LIST_PATH} onSaved={() => navigate(LIST_PATH)} />
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
