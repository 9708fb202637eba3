import type { ShopDocument } from "@shop/shared";
import { documentTypeLabels } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { Download, FileText } from "lucide-react";
import { AdminTable, cell, hiddenBelow } from "../../../components/admin-list/index.ts";
import { DeleteRowAction, EditRowAction, RowAction } from "../../../components/ui/row-action.tsx";
import { documentPath } from "../../../lib/admin-paths.ts";
import { ExpiryBadge } from "./expiry-badge.tsx";

interface Props {
  documents: ShopDocument[];
  stale: boolean;
  /** Where a stored document's details are changed. */
  onDelete: (document: ShopDocument) => void;
}

/** All Documents' rows: type and title, what it is about, its dates with the expiry flag, and its actions. */
export function DocumentsTable({ documents, stale, onDelete }: Props) {
  const { td } = cell;
  return (
    <AdminTable
      caption="Documents"
      stale={stale}
      columns={[
        { label: "Document" },
        { label: "Product or batch", className: hiddenBelow.md },
        { label: "Issued", className: hiddenBelow.lg },
        { label: "Expires" },
        { label: "Actions", srOnly: true },
      ]}
    >
      {documents.map((document) => {
        const about = document.label;
        return (
          <tr key={document.id}>
            <td className={td}>
              <span className="block text-muted text-xs uppercase tracking-wider">
                {documentTypeLabels[document.type]}
              </span>
              <span className="block font-semibold">{document.title}</span>
              {about && <span className="block text-muted text-xs md:hidden">{about}</span>}
            </td>
            <td className={`${td} ${hiddenBelow.md}`}>{about ?? <span className="text-muted">—</span>}</td>
            <td className={`${td} ${hiddenBelow.lg} whitespace-nowrap`}>{formatDate(document.issuedOn, "calendar")}</td>
            <td className={td}>
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {document.expiresOn ? (
                  <span className="whitespace-nowrap">{formatDate(document.expiresOn, "calendar")}</span>
                ) : (
                  <span className="text-muted">Does not expire</span>
                )}
                <ExpiryBadge document={document} />
              </span>
            </td>
            <td className={td}>
              <span className="flex flex-wrap justify-end gap-1">
                <RowAction
                  icon={document.type === "coa" ? FileText : Download}
                  label={document.type === "coa" ? "PDF" : "Download"}
                  name={`${document.type === "coa" ? "PDF of" : "Download"} “${document.title}”${document.lotNumber ? ` (lot ${document.lotNumber})` : ""}`}
                  href={document.file.url}
                />
                {document.editable && (
                  <>
                    <EditRowAction thing={document.title} to={documentPath(document.id)} />
                    <DeleteRowAction thing={document.title} onClick={() => onDelete(document)} />
                  </>
                )}
              </span>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
