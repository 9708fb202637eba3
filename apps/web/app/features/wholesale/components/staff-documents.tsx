import type { StaffWholesaleDocument } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { Download } from "lucide-react";
import { useState } from "react";
import { inputClass } from "../../../components/form/field.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { documentTitle } from "../wholesale-words.ts";
import { DocumentFlag, flagOf } from "./document-flag.tsx";
import { WholesaleStatusBadge } from "./status-badge.tsx";

/** A waiting document's own approve and refuse (a renewal of an approved account), the reason asked in place. */
function DocumentReview({
  document,
  busy,
  onApprove,
  onRefuse,
}: {
  document: StaffWholesaleDocument;
  busy: boolean;
  onApprove: () => void;
  onRefuse: (reason: string) => void;
}) {
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = `refuse-${document.id}`;
  if (refusing) {
    return (
      <form
        className="mt-3 w-full space-y-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) return setError("Please say why: the buyer reads it.");
          setError(null);
          if (!busy) onRefuse(reason.trim());
        }}
      >
        <label htmlFor={id} className="block font-medium text-sm">
          Why is it refused?
        </label>
        <textarea
          id={id}
          rows={2}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass}
        />
        {error && (
          <p id={`${id}-error`} className="font-medium text-red-700 text-sm">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" variant="danger" aria-disabled={busy || undefined}>
            Refuse document
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setRefusing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => !busy && onApprove()} aria-disabled={busy || undefined}>
        Approve
      </Button>
      <Button size="sm" variant="danger" onClick={() => setRefusing(true)}>
        Refuse…
      </Button>
    </div>
  );
}

/**
 * An account's licences and certificates for staff: each with its number, expiry and flag, its
 * review, its file to download, and (for a Manager, on an approved account) approve or refuse.
 */
export function StaffDocuments({
  documents,
  reviewable,
  busy,
  onApprove,
  onRefuse,
}: {
  documents: StaffWholesaleDocument[];
  /** Whether waiting documents are reviewed one by one here (a Manager, an approved account). */
  reviewable: boolean;
  busy: boolean;
  onApprove: (documentId: string) => void;
  onRefuse: (documentId: string, reason: string) => void;
}) {
  return (
    <ul className="divide-y divide-line">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3 px-5 py-4">
          <div className="min-w-0">
            <p className="font-medium">{documentTitle(document)}</p>
            <p className="mt-0.5 text-muted text-sm">
              No. <span className="wrap-anywhere">{document.number}</span> · valid through{" "}
              <time dateTime={document.expiresOn}>{formatDate(document.expiresOn)}</time>
            </p>
            {document.refusalReason && <p className="mt-1 text-red-800 text-sm">Refused: {document.refusalReason}</p>}
            <div className="mt-2 flex flex-wrap gap-2">
              <WholesaleStatusBadge status={document.status} />
              <DocumentFlag flag={document.status === "refused" ? null : flagOf(document)} />
            </div>
          </div>
          <div className="flex flex-col items-start gap-2 sm:items-end">
            <a href={document.fileUrl} download className={buttonClass({ variant: "secondary", size: "sm" })}>
              <Download aria-hidden="true" className="size-4" />
              Download file
            </a>
            {reviewable && document.status === "pending" && (
              <DocumentReview
                document={document}
                busy={busy}
                onApprove={() => onApprove(document.id)}
                onRefuse={(reason) => onRefuse(document.id, reason)}
              />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
