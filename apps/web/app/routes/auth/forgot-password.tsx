import { zodResolver } from "@hookform/resolvers/zod";
import { emailOnlySchema } from "@shop/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { href, Link } from "react-router";
import type { z } from "zod";
import { fieldProps, TextField } from "../../components/form/field.tsx";
import { FormAlert } from "../../components/form/form-alert.tsx";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { PasswordPage } from "../../features/account/components/password-page.tsx";
import { sendForReceipt } from "../../features/account/receipt.ts";
import { panel, textLink } from "../../features/account/styles.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { pageMeta } from "../../lib/meta.ts";

export function meta() {
  return [
    ...pageMeta("Forgot Your Password?", "Get a link by e-mail to choose a new password."),
    { name: "robots", content: "noindex" },
  ];
}

type EmailOnly = z.output<typeof emailOnlySchema>;

export default function ForgotPassword() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<z.input<typeof emailOnlySchema>, unknown, EmailOnly>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldProps(form, "forgot");

  async function send(values: EmailOnly) {
    setSent(null);
    try {
      setSent(await sendForReceipt("/api/Auth/forgot-password", "POST", values));
    } catch (error) {
      showServerErrors(form.setError, error, ["email"]);
    }
  }

  return (
    <PasswordPage title="Forgot your password?">
      <p className="mt-4 text-center text-lg text-muted leading-8">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <div className={`${panel} mt-8 w-full`}>
        {sent && <StatusMessage status={{ kind: "success", text: sent }} className="mb-5" />}
        <form noValidate onSubmit={form.handleSubmit(send)} className="space-y-5">
          <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
          <FormAlert message={errors.root?.message} />
          <SubmitButton busy={isSubmitting} busyLabel="Sending..." className="w-full">
            Send the link
          </SubmitButton>
        </form>
      </div>
      <Link to={href("/registration")} className={`${textLink} mt-6 text-sm`}>
        Back to Login
      </Link>
    </PasswordPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
