import type { StaffWholesaleAccount } from "@shop/shared";
import { allows } from "@shop/shared/constants";
import { formatCents, formatDate } from "@shop/shared/rules";
import { Store } from "lucide-react";
import { type ReactNode, useState } from "react";
import { href, Link } from "react-router";
import { AdminDetail, BackToList, isNotFound, PanelsSkeleton } from "../../components/layout/admin-detail.tsx";
import { AdminPageHeader } from "../../components/layout/admin-page-header.tsx";
import { useMayOpen, useStaffUser } from "../../components/layout/use-staff-user.ts";
import { type Status, StatusMessage } from "../../components/ui/status-message.tsx";
import {
  useReviewWholesale,
  useWholesaleAccount,
  type WholesaleReview,
} from "../../features/wholesale/api/wholesale-accounts.ts";
import { DocumentFlag } from "../../features/wholesale/components/document-flag.tsx";
import { ReviewPanel } from "../../features/wholesale/components/review-panel.tsx";
import { StaffDocuments } from "../../features/wholesale/components/staff-documents.tsx";
import { WholesaleStatusBadge } from "../../features/wholesale/components/status-badge.tsx";
import { stateName, termsWords } from "../../features/wholesale/wholesale-words.ts";
import { adminMeta } from "../../lib/admin-meta.ts";
import { customerPath } from "../../lib/admin-paths.ts";
import { errorMessage } from "../../lib/api-error.ts";
import type { Route } from "./+types/wholesale-account";

export function meta() {
  return adminMeta("Wholesale account");
}

const LIST_PATH = href("/dashboard/users/wholesale");

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-5 py-3.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-muted text-sm">{term}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function AccountDetails({ account }: { account: StaffWholesaleAccount }) {
  const mayOpen = useMayOpen();
  const customer = customerPath(account.buyer.id);
  return (
    <section aria-labelledby="wholesale-details" className="rounded-2xl border border-line bg-white">
      <h2 id="wholesale-details" className="border-line border-b px-5 py-4 font-semibold">
        Business
      </h2>
      <dl className="divide-y divide-line">
        <Detail term="Status">
          <span className="flex flex-wrap items-center gap-2">
            <WholesaleStatusBadge status={account.status} />
            <DocumentFlag flag={account.expiryFlag} />
          </span>
          {account.refusalReason && <span className="mt-1 block text-muted">Reason: {account.refusalReason}</span>}
        </Detail>
        <Detail term="Buyer">
          {mayOpen(customer) ? (
            <Link to={customer} className="font-medium hover:underline">
              {account.buyer.name}
            </Link>
          ) : (
            account.buyer.name
          )}
          <a href={`mailto:${account.buyer.email}`} className="block break-all text-muted hover:underline">
            {account.buyer.email}
          </a>
        </Detail>
        <Detail term="EIN">
          <span className="tabular-nums">{account.ein}</span>
        </Detail>
        <Detail term="Store">
          {account.store.line1}
          {account.store.line2 && <>, {account.store.line2}</>}
          <br />
          {account.store.city}, {stateName(account.store.state)} {account.store.zip}
        </Detail>
        <Detail term="Payment terms">{account.status === "approved" ? termsWords(account.termsDays) : "—"}</Detail>
        <Detail term="Orders">{account.orders}</Detail>
        <Detail term="Balance due">
          <span className="font-medium tabular-nums">{formatCents(account.balanceDueCents)}</span>
        </Detail>
        <Detail term="Applied">{formatDate(account.createdAt, "moment")}</Detail>
        {account.reviewedAt && <Detail term="Reviewed">{formatDate(account.reviewedAt, "moment")}</Detail>}
      </dl>
    </section>
  );
}

/**
 * One wholesale account (decision 102): its business and buyer, terms, orders and balance, its
 * licences and certificates with their files; a Manager or Owner approves (with terms) or refuses
 * it, and reviews a renewal on its own. Staff see it all, read-only.
 */
export default function WholesaleAccount({ params }: Route.ComponentProps) {
  const { id } = params;
  const account = useWholesaleAccount(id);
  const review = useReviewWholesale(id);
  const { role } = useStaffUser();
  const manager = allows("manager", role);
  const [status, setStatus] = useState<Status | null>(null);
  const name = account.data?.businessName;

  function decide(step: WholesaleReview, done: string) {
    setStatus(null);
    review.mutate(step, {
      onSuccess: () => setStatus({ kind: "success", text: done }),
      onError: (error) => setStatus({ kind: "error", text: errorMessage(error, "The review could not be saved.") }),
    });
  }

  return (
    <>
      <BackToList to={LIST_PATH}>All wholesale accounts</BackToList>
      <AdminPageHeader
        title={name ?? (isNotFound(account) ? "Wholesale account not found" : "Wholesale account")}
        currentLabel={name ?? "Wholesale account"}
        segmentLabels={{ wholesale: "Wholesale accounts" }}
        description={account.data?.buyer.email}
      />
      {status && <StatusMessage status={status} className="mb-4" />}
      <AdminDetail
        query={account}
        what="this wholesale account"
        skeleton={<PanelsSkeleton grid="grid gap-6" panels={["h-72", "h-48"]} />}
        missing={{
          icon: Store,
          noun: "wholesale account",
          back: { to: LIST_PATH, label: "Back to wholesale accounts" },
        }}
      >
        {(data) => (
          <div className="space-y-6">
            {data.status === "pending" &&
              (manager ? (
                <ReviewPanel
                  busy={review.isPending}
                  onApprove={(termsDays) =>
                    decide(
                      { step: "approve", body: { termsDays } },
                      `${data.businessName} is approved${termsDays ? ` on net ${termsDays}` : ""}; the buyer is e-mailed.`,
                    )
                  }
                  onRefuse={(reason) =>
                    decide(
                      { step: "refuse", reason },
                      `${data.businessName}'s application is refused; the buyer is e-mailed the reason.`,
                    )
                  }
                />
              ) : (
                <p className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 text-sm">
                  This application waits for review by a Manager or the Owner.
                </p>
              ))}
            <AccountDetails account={data} />
            <section aria-labelledby="wholesale-documents" className="rounded-2xl border border-line bg-white">
              <h2 id="wholesale-documents" className="border-line border-b px-5 py-4 font-semibold">
                Licences and resale certificates
              </h2>
              <StaffDocuments
                documents={data.documents}
                reviewable={manager && data.status === "approved"}
                busy={review.isPending}
                onApprove={(documentId) =>
                  decide({ step: "approve-document", documentId }, "The document is approved; the buyer is e-mailed.")
                }
                onRefuse={(documentId, reason) =>
                  decide(
                    { step: "refuse-document", documentId, reason },
                    "The document is refused; the buyer is e-mailed the reason.",
                  )
                }
              />
            </section>
          </div>
        )}
      </AdminDetail>
    </>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../components/layout/admin-route-error.tsx";
