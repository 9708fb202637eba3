import { CircleAlert, LoaderCircle, MailCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { href, Link, useLocation, useRouteLoaderData } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { ResendVerificationForm } from "../../features/account/components/resend-verification-form.tsx";
import { sendForReceipt } from "../../features/account/receipt.ts";
import { errorMessage } from "../../lib/api.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { loader as storeLoader } from "../store-layout.tsx";

export function meta() {
  return [
    ...pageMeta("Verify Your E-mail", "Confirms the e-mail address of your account."),
    { name: "robots", content: "noindex" },
  ];
}

type Outcome = { state: "verifying" } | { state: "verified"; message: string } | { state: "failed"; message: string };

const titles = {
  verifying: "Verifying your e-mail",
  verified: "E-mail verified",
  failed: "This link did not work",
};

/**
 * The link in the verification e-mail, sent at sign-up or to an address the account is to change
 * to. Opening it changes nothing (mail scanners open links); the page posts the token once it
 * runs in the browser.
 */
export default function VerifyEmail() {
  const token = new URLSearchParams(useLocation().search).get("token");
  // Someone who opens the link of an address change is usually signed in already.
  const signedIn = Boolean(useRouteLoaderData<typeof storeLoader>("routes/store-layout")?.user);
  const [outcome, setOutcome] = useState<Outcome>({ state: "verifying" });
  // Development's StrictMode runs effects twice; a token can be used once.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    if (!token) {
      setOutcome({ state: "failed", message: "The link is incomplete. Please open the whole link from the e-mail." });
      return;
    }
    sendForReceipt("/api/Auth/verify-email", "POST", { token })
      .then((message) => setOutcome({ state: "verified", message }))
      .catch((error: unknown) =>
        setOutcome({
          state: "failed",
          message: errorMessage(error),
        }),
      );
  }, [token]);

  const Icon = outcome.state === "failed" ? CircleAlert : outcome.state === "verified" ? MailCheck : LoaderCircle;
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        className={`inline-flex size-14 items-center justify-center rounded-full ${outcome.state === "failed" ? "bg-red-50 text-red-700" : "bg-brand-50 text-brand-700"}`}
      >
        <Icon aria-hidden="true" className={`size-7 ${outcome.state === "verifying" ? "animate-spin" : ""}`} />
      </span>
      <h1 className="mt-6 font-bold text-3xl tracking-tight sm:text-4xl">{titles[outcome.state]}</h1>
      <div role="status" className="mt-4 text-lg text-muted leading-8">
        {outcome.state === "verifying" && <p>One moment while we check your link...</p>}
        {outcome.state !== "verifying" && <p>{outcome.message}</p>}
      </div>
      {outcome.state === "verified" && (
        <Link
          to={signedIn ? href("/account") : href("/registration")}
          className={buttonClass({ size: "lg", className: "mt-8" })}
        >
          {signedIn ? "Go to My Account" : "Go to Login Page"}
        </Link>
      )}
      {outcome.state === "failed" && (
        <section aria-labelledby="resend-title" className="mt-10 w-full rounded-2xl border border-line bg-white p-6">
          <h2 id="resend-title" className="font-semibold text-lg">
            Get a new link
          </h2>
          <p className="mt-1 mb-5 text-muted text-sm">
            Enter the e-mail address you signed up with and we will send a new verification link.
          </p>
          <ResendVerificationForm />
        </section>
      )}
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
