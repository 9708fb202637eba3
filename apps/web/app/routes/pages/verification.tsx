import { MailCheck } from "lucide-react";
import { href, Link } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { pageMeta } from "../../lib/meta.ts";

export function meta() {
  return [
    ...pageMeta("Registration Successful", "Check your e-mail to verify your account before logging in."),
    // A result page of a form: nothing here for search engines.
    { name: "robots", content: "noindex" },
  ];
}

// Texts and link target are the specification's.
export default function Verification() {
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 font-bold text-3xl tracking-tight sm:text-4xl">Registration Successful</h1>
      <p className="mt-4 text-lg text-muted leading-8">
        Please check your e-mail to verify your account before logging in.
      </p>
      <Link to={href("/registration")} className={buttonClass({ size: "lg", className: "mt-8" })}>
        Go to Login Page
      </Link>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
