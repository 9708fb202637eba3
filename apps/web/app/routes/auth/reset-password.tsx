import { zodResolver } from "@hookform/resolvers/zod";
import { resetPasswordSchema } from "@shop/shared";
import { useForm } from "react-hook-form";
import { data, Form, href, Link, useLocation } from "react-router";
import type { z } from "zod";
import { fieldProps } from "../../components/form/field.tsx";
import { formAlert } from "../../components/form/form-alert.tsx";
import { NewPasswordField } from "../../components/form/password-field.tsx";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { type AccountFormAnswer, useAccountAnswer, useAccountForm } from "../../features/account/account-form.ts";
import { PasswordPage } from "../../features/account/components/password-page.tsx";
import { panel, textLink } from "../../features/account/styles.ts";
import { pick, postedFields, schemaMessages } from "../../lib/form-action.ts";
import { pageMeta } from "../../lib/meta.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/reset-password";

export function meta() {
  return [
    ...pageMeta("Choose a New Password", "Set a new password for your account."),
    { name: "robots", content: "noindex" },
  ];
}

type ResetPassword = z.output<typeof resetPasswordSchema>;

/**
 * Saves the new password through the accounts service as POST /api/Auth/reset-password does
 * (decision 089): every session of the account ends.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const checked = resetPasswordSchema.safeParse(pick(await postedFields(request), ["token", "password"]));
  if (!checked.success) {
    return data<AccountFormAnswer>(
      { intent: "reset", refusal: { invalid: schemaMessages(checked.error) }, values: {} },
      { status: 400 },
    );
  }
  const { token, password } = checked.data;
  const answer = await serviceAnswer(() =>
    context.services.accounts.resetPassword(token, password, context.sender.address),
  );
  if (!answer.ok)
    return data<AccountFormAnswer>({ intent: "reset", refusal: answer.refusal, values: {} }, { status: answer.status });
  return data<AccountFormAnswer>({ intent: "reset", done: answer.value.message });
}

/** The link in the password e-mail. The token rides along in the form; a bad one is said above the button. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useLocation().search).get("token");
  const answer = useAccountAnswer("reset");
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, ResetPassword>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: token ?? "", password: "" },
  });
  const { errors, busy, receipt: done, send } = useAccountForm(form, "reset", answer, ["token", "password"]);
  const field = fieldProps(form, "reset", errors);
  // Expired, used or unknown (the service's refusal, with no word on the password): only a new link helps.
  const refusal = answer && "refusal" in answer ? answer.refusal : undefined;
  const problem = refusal && "problem" in refusal ? refusal.problem : undefined;
  const linkRejected = problem?.error === "Bad Request" && !problem.fields?.password;

  const formProblem = errors.token?.message ?? errors.root?.message;
  return (
    <PasswordPage title="Choose a new password">
      <div className={`${panel} mt-8 w-full`}>
        {done ? (
          <>
            <StatusMessage status={{ kind: "success", text: done }} />
            <Link to={href("/registration")} className={buttonClass({ size: "lg", className: "mt-5 w-full" })}>
              Go to Login Page
            </Link>
          </>
        ) : (
          <Form method="post" preventScrollReset noValidate onSubmit={form.handleSubmit(send)} className="space-y-5">
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={token ?? ""} />
            <NewPasswordField {...field("password")} />
            {formProblem && (
              <div role="alert" className="space-y-1">
                <p className={formAlert}>{formProblem}</p>
                {(errors.token || linkRejected) && (
                  <p className="text-sm">
                    <Link to={href("/forgot-password")} className={textLink}>
                      Ask for a new link
                    </Link>
                  </p>
                )}
              </div>
            )}
            <SubmitButton busy={busy} busyLabel="Saving..." className="w-full">
              Save new password
            </SubmitButton>
          </Form>
        )}
      </div>
    </PasswordPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
