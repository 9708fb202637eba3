import { href, redirect } from "react-router";
import { Breadcrumb } from "../../components/breadcrumb.tsx";
import { LoginForm } from "../../features/account/components/login-form.tsx";
import { purchaseAgeWords, SignUpForm } from "../../features/account/components/sign-up-form.tsx";
import { logIn } from "../../features/account/log-in.server.ts";
import { signUp } from "../../features/account/sign-up.server.ts";
import { panel, textLink } from "../../features/account/styles.ts";
import { usePurchaseMinAge } from "../../features/account/use-gate-min-age.ts";
import { postedFields } from "../../lib/form-action.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/registration";

export function meta() {
  return pageMeta("Log In or Sign Up", "Log in to your account, or create one to order and follow your orders.");
}

// Not to `next`: a signed-in visitor sent here by a page they may not open would loop.
export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect(href("/account"));
  return null;
}

/** Both forms post here, named by `intent` (decision 028); a login goes on to `next`. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await postedFields(request);
  if (fields.intent === "signup") return signUp(fields, context);
  return logIn(fields, context, new URL(request.url).searchParams.get("next"));
}

export default function Registration({ actionData: answer }: Route.ComponentProps) {
  const purchaseMinAge = usePurchaseMinAge();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumb items={[{ label: "Home", to: href("/") }, { label: "Log In or Sign Up" }]} />
      <h1 className="mt-3 font-bold text-3xl tracking-tight sm:text-4xl">Log in or sign up</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Log in to see your orders and addresses. New here? Create an account; you must be of legal age to buy from us.
      </p>

      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="login-title" className={panel}>
          <h2 id="login-title" className="font-semibold text-lg">
            Log in
          </h2>
          <p className="mt-1 text-muted text-sm lg:hidden">
            No account yet?{" "}
            <a href="#signup-title" className={textLink}>
              Sign up below
            </a>
          </p>
          <LoginForm answer={answer?.form === "login" ? answer : undefined} />
        </section>

        <section aria-labelledby="signup-title" className={panel}>
          <h2 id="signup-title" className="scroll-mt-24 font-semibold text-lg">
            Create an account
          </h2>
          <p className="mt-1 text-muted text-sm">
            We will send you an e-mail to verify your address. {purchaseAgeWords(purchaseMinAge)}
          </p>
          <SignUpForm answer={answer?.form === "signup" ? answer : undefined} />
        </section>
      </div>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
