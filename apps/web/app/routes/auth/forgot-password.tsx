import { zodResolver } from "@hookform/resolvers/zod";
import { emailOnlySchema } from "@shop/shared";
import { useForm } from "react-hook-form";
import { data, Form, href, Link } from "react-router";
import type { z } from "zod";
import { fieldProps, TextField } from "../../components/form/field.tsx";
import { FormAlert } from "../../components/form/form-alert.tsx";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import {
  type AccountFormAnswer,
  typedValues,
  useAccountAnswer,
  useAccountForm,
} from "../../features/account/account-form.ts";
import { PasswordPage } from "../../features/account/components/password-page.tsx";
import { panel, textLink } from "../../features/account/styles.ts";
import { pick, postedFields, schemaMessages } from "../../lib/form-action.ts";
import { pageMeta } from "../../lib/meta.ts";
import { serviceAnswer } from "../../lib/service-answer.server.ts";
import type { Route } from "./+types/forgot-password";

export function meta() {
  return [
    ...pageMeta("Forgot Your Password?", "Get a link by e-mail to choose a new password."),
    { name: "robots", content: "noindex" },
  ];
}

type EmailOnly = z.output<typeof emailOnlySchema>;

/**
 * Sends the link through the accounts service as POST /api/Auth/forgot-password does (decision
 * 089), with its limit per address; the answer is the same for every address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = pick(await postedFields(request), ["email"]);
  const typed = { email: values.email ?? "" };
  const checked = emailOnlySchema.safeParse(values);
  if (!checked.success) {
    return data<AccountFormAnswer>(
      { intent: "forgot", refusal: { invalid: schemaMessages(checked.error) }, values: typed },
      { status: 400 },
    );
  }
  const answer = await serviceAnswer(() =>
    context.services.accounts.forgotPassword(checked.data.email, context.sender.address),
  );
  if (!answer.ok)
    return data<AccountFormAnswer>(
      { intent: "forgot", refusal: answer.refusal, values: typed },
      { status: answer.status },
    );
  return data<AccountFormAnswer>({ intent: "forgot", done: answer.value.message });
}

export default function ForgotPassword() {
  const answer = useAccountAnswer("forgot");
  const form = useForm<z.input<typeof emailOnlySchema>, unknown, EmailOnly>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: typedValues(answer)?.email ?? "" },
  });
  const { errors, busy, receipt, send } = useAccountForm(form, "forgot", answer, ["email"]);
  const field = fieldProps(form, "forgot", errors);

  return (
    <PasswordPage title="Forgot your password?">
      <p className="mt-4 text-center text-lg text-muted leading-8">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      <div className={`${panel} mt-8 w-full`}>
        {receipt && <StatusMessage status={{ kind: "success", text: receipt }} className="mb-5" />}
        <Form method="post" preventScrollReset noValidate onSubmit={form.handleSubmit(send)} className="space-y-5">
          <input type="hidden" name="intent" value="forgot" />
          <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
          <FormAlert message={errors.root?.message} />
          <SubmitButton busy={busy} busyLabel="Sending..." className="w-full">
            Send the link
          </SubmitButton>
        </Form>
      </div>
      <Link to={href("/registration")} className={`${textLink} mt-6 text-sm`}>
        Back to Login
      </Link>
    </PasswordPage>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/route-error-boundary.tsx";
