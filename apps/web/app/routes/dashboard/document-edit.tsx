import type { ShopDocument } from "@shop/shared";
import { documentTypeLabels } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { Download, FileX, Trash } from "lucide-react";
import { href, useNavigate } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { AdminDetail, editTitle, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { DeleteDialog, useMutationDeletion } from "../../components/ui/delete-dialog.tsx";
import { useDeleteDocument, useDocument } from "../../features/documents/api/documents.ts";
import { DocumentForm } from "../../features/documents/components/document-form.tsx";
import { ExpiryBadge } from "../../features/documents/components/expiry-badge.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";
import type { Route } from "./+types/document-edit";

export function meta() {
  return adminMeta("Edit Document");
}

const LIST_PATH = href("/dashboard/documents");

export default function EditDocument({ params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const document = useDocument(params.id);
  const remove = useDeleteDocument();
  const notFound = isNotFound(document);
  const data = document.data;
  const deletion = useMutationDeletion(
    remove,
    (found: ShopDocument) => found.id,
    { done: (found) => `“${found.title}” deleted`, failed: (found) => `Failed to delete “${found.title}”` },
    () => navigate(LIST_PATH),
  );

  return (
    <>
      <AdminPageHeader
        title={editTitle("Document", data?.title, notFound)}
        currentLabel={data?.title ?? "Document"}
        description={
          data ? (
            <span className="flex flex-wrap items-center gap-2">
              {documentTypeLabels[data.type]}
              {data.uploadedBy && data.uploadedAt
                ? `, uploaded by ${data.uploadedBy} on ${formatDate(data.uploadedAt, "day")}.`
                : "."}
              <ExpiryBadge document={data} />
            </span>
          ) : undefined
        }
        actions={
          data && (
            <>
              <a href={data.file.url} className={buttonClass({ variant: "secondary" })}>
                <Download aria-hidden="true" className="size-4" />
                Download file
              </a>
              {data.editable && (
                <Button variant="danger" onClick={() => deletion.ask(data)}>
                  <Trash aria-hidden="true" className="size-4" />
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      <AdminDetail
        query={document}
        what="this document"
        skeleton={<PanelsSkeleton grid="gap-6" panels={["h-64", "h-48"]} />}
        missing={{ icon: FileX, noun: "document", back: { to: LIST_PATH, label: "Back to the documents" } }}
      >
        {(found) =>
          found.editable ? (
            <DocumentForm key={found.id} document={found} cancelTo={LIST_PATH} onSaved={() => navigate(LIST_PATH)} />
          ) : (
            <EmptyState
              icon={FileX}
              title="A COA is changed under Lab Results"
              action={{ to: href("/dashboard/products/coas"), label: "Go to Lab Results" }}
            >
              Certificates of analysis belong to their batches and are published or withdrawn there.
            </EmptyState>
          )
        }
      </AdminDetail>
      <DeleteDialog deletion={deletion} title="Delete this document?" confirmLabel="Delete document">
        <p>“{data?.title}” and its file will be deleted. This cannot be undone.</p>
      </DeleteDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
