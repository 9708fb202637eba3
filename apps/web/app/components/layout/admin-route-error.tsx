import { accountsFor, type Role, roleLabels } from "@shop/shared/constants";
import { AlertTriangle } from "lucide-react";
import { href, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { PageRefusal } from "../../lib/dashboard-areas.ts";
import { buttonClass } from "../ui/button.tsx";

const titles: Record<number, string> = {
  403: "This page is not for your account",
  404: "We could not find that page",
};

/** A dashboard page's error, shown inside the dashboard (its menu stays usable). */
export function AdminRouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "Something went wrong on our side. Please try again in a moment.";
  return <ErrorPanel status={status} message={message} />;
}

/**
 * A page this role may not use, reached by a typed address or an old link: which page, which
 * accounts may use it and what the visitor is signed in as (docs/decisions/077).
 */
export function PageRefused({ refusal, role }: { refusal: PageRefusal; role: Role }) {
  const needs = accountsFor[refusal.access];
  return (
    <ErrorPanel
      status={403}
      message={`The ${refusal.page} page needs ${needs}, and you are signed in as ${roleLabels[role]}. Ask someone with ${needs} if something here needs doing.`}
    />
  );
}

function ErrorPanel({ status, message }: { status: number; message: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line bg-white px-6 py-16 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-muted" />
      <p className="mt-4 font-semibold text-brand-600 text-sm">Error {status}</p>
      <h1 className="mt-1 font-bold text-2xl tracking-tight">{titles[status] ?? "Something went wrong"}</h1>
      <p className="mt-2 max-w-md text-muted">{message}</p>
      <Link to={href("/dashboard")} className={buttonClass({ className: "mt-6" })}>
        Back to the dashboard
      </Link>
    </div>
  );
}

/** A dashboard layout's own error: the error alone, since the layout around it is what failed. */
export function AdminLayoutError() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <AdminRouteError />
    </main>
  );
}
