import { zodResolver } from "@hookform/resolvers/zod";
import { resetPasswordSchema } from "@shop/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { href, Link, useLocation } from "react-router";
import type { z } from "zod";
import { fieldProps } from "../../components/form/field.tsx";
import { formAlert } from "../../components/form/form-alert.tsx";
import { NewPasswordField } from "../../components/form/password-field.tsx";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { PasswordPage } from "../../features/account/components/password-page.tsx";
import { sendForReceipt } from "../../features/account/receipt.ts";
import { panel, textLink } from "../../features/account/styles.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { pageMeta } from "../../lib/meta.ts";

export function meta() {
  return [
    ...pageMeta("Choose a New Password", "Set a new password for your account."),
    { name: "robots", content: "noindex" },
  ];
}

type ResetPassword = z.output<typeof resetPasswordSchema>;

/** The link in the password e-mail. The token rides along in the form; a bad one is said above the button. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useLocation().search).get("token");
  const [done, setDone] = useState<string | null>(null);
  const [linkRejected, setLinkRejected] = useState(false);
  const form = useForm<z.input<typeof resetPasswordSchema>, unknown, ResetPassword>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: token ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldProps(form, "reset");

  async function reset(values: ResetPassword) {
    setLinkRejected(false);
    try {
      setDone(await sendForReceipt("/api/Auth/reset-password", "POST", values));
    } catch (error) {
      const problem = showServerErrors(form.setError, error, ["password"]);
      // Expired, used or unknown: only a new link helps.
      setLinkRejected(problem.status === 400 && !problem.fields.password);
    }
  }

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
          <form noValidate onSubmit={form.handleSubmit(reset)} className="space-y-5">
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
            <SubmitButton busy={isSubmitting} busyLabel="Saving..." className="w-full">
              Save new password
            </SubmitButton>
          </form>
        )}
      </div>
    </PasswordPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
