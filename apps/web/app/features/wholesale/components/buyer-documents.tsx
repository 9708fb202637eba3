import type { WholesaleDocument } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { documentTitle } from "../wholesale-words.ts";
import { DocumentFlag, flagOf } from "./document-flag.tsx";
import { WholesaleStatusBadge } from "./status-badge.tsx";

/** The buyer's licences and certificates: what, which number, until when, reviewed or not, and whether it runs out. */
export function BuyerDocuments({ documents }: { documents: WholesaleDocument[] }) {
  return (
    <ul className="mt-3 divide-y divide-line">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3">
          <div className="min-w-0">
            <p className="font-medium">{documentTitle(document)}</p>
            <p className="mt-0.5 text-muted text-sm">
              No. <span className="wrap-anywhere">{document.number}</span> · valid through{" "}
              <time dateTime={document.expiresOn}>{formatDate(document.expiresOn)}</time>
            </p>
            {document.status === "refused" && document.refusalReason && (
              <p className="mt-1 text-red-800 text-sm">Not accepted: {document.refusalReason}</p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <DocumentFlag flag={document.status === "refused" ? null : flagOf(document)} />
            <WholesaleStatusBadge status={document.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
