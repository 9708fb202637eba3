import type { DocumentListQuery, ShopDocument } from "@shop/shared";
import {
  DOCUMENT_LIST_TYPES,
  DOCUMENTS_PAGE_SIZE,
  type DocumentListType,
  documentTypeLabels,
} from "@shop/shared/constants";
import { FileStack, Upload } from "lucide-react";
import { href } from "react-router";
import {
  AdminList,
  countedPageOf,
  ListFilter,
  ListSearch,
  oneOf,
  optionsOf,
  useListParams,
} from "../../components/admin-list/index.ts";
import { AdminPageHeader, HeaderLink } from "../../components/layout/admin-page-header.tsx";
import { DeleteDialog, useMutationDeletion } from "../../components/ui/delete-dialog.tsx";
import { useDeleteDocument, useDocuments } from "../../features/documents/api/documents.ts";
import { DocumentsTable } from "../../features/documents/components/documents-table.tsx";
import { adminMeta } from "../../lib/admin-meta.ts";

export function meta() {
  return adminMeta("All Documents");
}

const pluralLabels: Record<DocumentListType, string> = {
  coa: "COAs",
  lab_report: "Lab reports",
  license: "Licenses",
  insurance: "Insurance",
  certificate: "Certificates",
  other: "Other",
};

export default function Documents() {
  const search = useListParams();
  const params = search.params;
  const query = {
    type: oneOf(params.get("type"), DOCUMENT_LIST_TYPES),
    q: search.q || undefined,
    expiring: params.get("expiring") === "true" ? ("true" as const) : undefined,
    page: search.page,
  } satisfies DocumentListQuery;
  const filtered = Boolean(query.type || query.q || query.expiring);
  const documents = useDocuments(query);
  const remove = useDeleteDocument();
  const deletion = useMutationDeletion(remove, (document: ShopDocument) => document.id, {
    done: (document) => `“${document.title}” deleted`,
    failed: (document) => `Failed to delete “${document.title}”`,
  });

  return (
    <>
      <AdminPageHeader
        title="All Documents"
        description="Licenses, lab reports, insurance and certificates the shop keeps, with the batches' COAs. Only staff can open them."
        actions={
          <HeaderLink to={href("/dashboard/documents/upload")} icon={Upload}>
            Upload Document
          </HeaderLink>
        }
      />
      <div className="mb-4 grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto]">
        <ListSearch
          id="document-search"
          label="Search documents"
          placeholder="Title, notes, product or lot number"
          search={search}
        />
        <div className="grid gap-2 sm:grid-cols-2 lg:w-[26rem]">
          <ListFilter
            label="Type"
            name="type"
            value={query.type}
            options={optionsOf("All types", DOCUMENT_LIST_TYPES, pluralLabels)}
          />
          <ListFilter
            label="Expiry"
            name="expiring"
            value={query.expiring}
            options={[
              ["", "Any expiry"],
              ["true", "Expiring in 30 days or expired"],
            ]}
          />
        </div>
      </div>
      <AdminList
        query={documents}
        page={documents.data && countedPageOf(documents.data, DOCUMENTS_PAGE_SIZE)}
        noun={{ one: "document", many: "documents" }}
        icon={FileStack}
        table={(items, stale) => <DocumentsTable documents={items} stale={stale} onDelete={deletion.ask} />}
        narrowed={
          filtered && {
            title: "No documents found",
            children: query.q
              ? `No ${query.type ? documentTypeLabels[query.type].toLowerCase() : "document"} matches “${query.q}” with these filters.`
              : "No document fits these filters.",
          }
        }
        empty={{
          title: "No documents yet",
          action: { to: href("/dashboard/documents/upload"), label: "Upload a document" },
          children: "Upload the shop's licenses, lab reports and certificates to keep them in one place.",
        }}
      />
      <DeleteDialog deletion={deletion} title="Delete this document?" confirmLabel="Delete document">
        <p>“{deletion.item?.title}” and its file will be deleted. This cannot be undone.</p>
      </DeleteDialog>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
