import { WHOLESALE_CERTIFICATES_MAX } from "@shop/shared/constants";
import { formatDate } from "@shop/shared/rules";
import { BadgeCheck, Clock, Store, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useSearchParams } from "react-router";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { panel } from "../../features/account/styles.ts";
import { ApplicationForm } from "../../features/wholesale/components/application-form.tsx";
import { BuyerDocuments } from "../../features/wholesale/components/buyer-documents.tsx";
import { RenewalForm } from "../../features/wholesale/components/renewal-form.tsx";
import { WholesaleStatusBadge } from "../../features/wholesale/components/status-badge.tsx";
import { sendWholesaleForm } from "../../features/wholesale/wholesale-forms.server.ts";
import { stateName, termsWords } from "../../features/wholesale/wholesale-words.ts";
import { requireUser } from "../../lib/guards.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/wholesale";

export function meta() {
  return [
    ...pageMeta("Wholesale account", "Apply to buy wholesale by the box, and keep your licences current."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context.user);
  return { account: await context.services.wholesaleAccounts.mine(user.id) };
}

/** The application and a later licence or certificate (decision 102), both multipart forms. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context.user);
  return sendWholesaleForm(request, user, context);
}

const DEFAULT_ROWS = 1;

/**
 * The buyer's wholesale account: the application while there is none (or again after a refusal),
 * then where it stands (waiting, approved with its terms, refused with the reason), its licences
 * and certificates with what runs out, and a form for a renewal.
 */
export default function Wholesale({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { account } = loaderData;
  const [params] = useSearchParams();
  const page = href("/account/wholesale");
  const wanted = Number.parseInt(params.get("certificates") ?? "", 10);
  const rows = Number.isInteger(wanted) ? Math.min(Math.max(wanted, 1), WHOLESALE_CERTIFICATES_MAX) : DEFAULT_ROWS;
  const applyAnswer = answer?.intent === "apply" ? answer : undefined;
  const documentAnswer = answer?.intent === "document" ? answer : undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sent = applyAnswer && "done" in applyAnswer ? applyAnswer.done : null;
  useEffect(() => {
    if (sent) headingRef.current?.focus();
  }, [sent]);
  const canApply = !account || account.status === "refused";
  const expiring =
    account?.status === "approved" &&
    account.documents.some((document) => document.status === "approved" && (document.expired || document.expiresSoon));

  return (
    <section aria-labelledby="wholesale-title" className="space-y-6">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="wholesale-title" ref={headingRef} tabIndex={-1} className="font-semibold text-xl outline-none">
            Wholesale account
          </h2>
          {account && <WholesaleStatusBadge status={account.status} />}
        </div>
        <p className="mt-1 text-muted text-sm">
          Licensed smoke shops and convenience stores buy by the box at our distribution prices.
        </p>
      </div>
      {sent && <StatusMessage status={{ kind: "success", text: sent }} />}

      {account?.status === "pending" && (
        <p className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 text-sm">
          <Clock aria-hidden="true" className="size-5 shrink-0" />
          <span>
            <span className="font-semibold">Your application is waiting for review.</span> We check your licence and
            certificates and e-mail you with our answer.
          </span>
        </p>
      )}
      {account?.status === "approved" && (
        <p className="flex items-start gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-5 text-brand-900 text-sm">
          <BadgeCheck aria-hidden="true" className="size-5 shrink-0" />
          <span>
            <span className="font-semibold">Approved.</span> You see our wholesale prices and buy by the box. Payment
            terms: {termsWords(account.termsDays)}.
          </span>
        </p>
      )}
      {account?.status === "refused" && (
        <div className="flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 text-sm">
          <XCircle aria-hidden="true" className="size-5 shrink-0" />
          <div>
            <p className="font-semibold">We could not approve your application.</p>
            {account.refusalReason && <p className="mt-1">Reason: {account.refusalReason}</p>}
            <p className="mt-1">You can apply again below with the right details and documents.</p>
          </div>
        </div>
      )}
      {expiring && (
        <StatusMessage
          status={{
            kind: "error",
            text: "A licence or certificate of yours has expired or expires within 30 days: please send the renewed one below.",
          }}
        />
      )}

      {account && account.status !== "refused" && (
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="wholesale-details" className={panel}>
            <h3 id="wholesale-details" className="flex items-center gap-2 font-semibold">
              <Store aria-hidden="true" className="size-5 text-brand-700" />
              {account.businessName}
            </h3>
            <dl className="mt-3 grid gap-3 text-sm">
              <div>
                <dt className="text-muted">EIN</dt>
                <dd className="font-medium tabular-nums">{account.ein}</dd>
              </div>
              <div>
                <dt className="text-muted">Store</dt>
                <dd className="font-medium">
                  {account.store.line1}
                  {account.store.line2 && <>, {account.store.line2}</>}
                  <br />
                  {account.store.city}, {stateName(account.store.state)} {account.store.zip}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Applied</dt>
                <dd className="font-medium">{formatDate(account.createdAt)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="wholesale-documents" className={panel}>
            <h3 id="wholesale-documents" className="font-semibold">
              Licences and certificates
            </h3>
            <BuyerDocuments documents={account.documents} />
          </section>
        </div>
      )}

      {account?.status === "approved" && <RenewalForm action={page} answer={documentAnswer} />}
      {canApply && !sent && (
        <ApplicationForm
          action={page}
          rows={rows}
          refusal={applyAnswer && "fields" in applyAnswer ? applyAnswer : undefined}
          earlier={account}
        />
      )}
    </section>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
