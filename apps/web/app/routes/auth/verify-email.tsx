import { emailOnlySchema, tokenSchema } from "@shop/shared";
import { CircleAlert, LoaderCircle, MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, href, Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { type AccountFormAnswer, useAccountAnswer } from "../../features/account/account-form.ts";
import { ResendVerificationForm } from "../../features/account/components/resend-verification-form.tsx";
import { pick, postedFields, refusalText, schemaMessages } from "../../lib/form-action.ts";
import { pageMeta } from "../../lib/meta.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import type { loader as storeLoader } from "../store-layout.tsx";
import type { Route } from "./+types/verify-email";

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

const INCOMPLETE = "The link is incomplete. Please open the whole link from the e-mail.";

/**
 * The verification link's token (`verify`), and a request for a new link (`resend`, from here, the
 * login form and the account page), each through the accounts service as its /api route calls it
 * (decision 089).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await postedFields(request);
  const { accounts } = context.services;
  const { address } = context.sender;
  const intent = fields.intent === "resend" ? "resend" : "verify";
  const typed: Record<string, string> = intent === "resend" ? { email: fields.email ?? "" } : {};
  const checked =
    intent === "resend"
      ? emailOnlySchema.safeParse(pick(fields, ["email"]))
      : tokenSchema.safeParse(pick(fields, ["token"]));
  if (!checked.success) {
    const refusal = { invalid: schemaMessages(checked.error) };
    return data<AccountFormAnswer>({ intent, refusal, values: typed }, { status: 400 });
  }
  const valid = checked.data;
  const answer = await serviceAnswer(() =>
    "email" in valid ? accounts.resendVerification(valid.email, address) : accounts.verifyEmail(valid.token, address),
  );
  if (!answer.ok) {
    return data<AccountFormAnswer>({ intent, refusal: answer.refusal, values: typed }, { status: answer.status });
  }
  return data<AccountFormAnswer>({ intent, done: answer.value.message });
}

/**
 * The link in the verification e-mail, sent at sign-up or to an address the account is to change
 * to. Opening it changes nothing (mail scanners open links): the page posts the token once it runs
 * in the browser, or, without JavaScript, when its button is pressed.
 */
export default function VerifyEmail() {
  const token = new URLSearchParams(useLocation().search).get("token");
  // Someone who opens the link of an address change is usually signed in already.
  const signedIn = Boolean(useRouteLoaderData<typeof storeLoader>("routes/store-layout")?.user);
  const fetcher = useFetcher<AccountFormAnswer>();
  const posted = useAccountAnswer("verify");
  const answer = fetcher.data ?? posted;
  const action = href("/verify-email");
  // Development's StrictMode runs effects twice; a token can be used once.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token || answer) return;
    sent.current = true;
    void fetcher.submit({ intent: "verify", token }, { method: "post", action });
  }, [token, answer, fetcher, action]);

  // A post made before the script ran is answered at this address without the token.
  const outcome: Outcome = answer
    ? "done" in answer
      ? { state: "verified", message: answer.done }
      : { state: "failed", message: refusalText(answer.refusal) }
    : token
      ? { state: "verifying" }
      : { state: "failed", message: INCOMPLETE };

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
        {outcome.state === "verifying" && (
          <noscript>
            <form method="post" action={action} className="mt-6">
              <input type="hidden" name="intent" value="verify" />
              <input type="hidden" name="token" value={token ?? ""} />
              <button type="submit" className={buttonClass({ size: "lg" })}>
                Verify my e-mail
              </button>
            </form>
          </noscript>
        )}
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
