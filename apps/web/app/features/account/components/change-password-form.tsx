import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangePasswordInput, changePasswordSchema, type User } from "@shop/shared";
import { useForm } from "react-hook-form";
import { Form } from "react-router";
import type { z } from "zod";
import { fieldProps } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { CurrentPasswordField, NewPasswordField } from "../../../components/form/password-field.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { useAccountAnswer, useAccountForm } from "../account-form.ts";
import { panel } from "../styles.ts";

type ChangePassword = z.output<typeof changePasswordSchema>;

/** Other sessions end when the password changes; this one carries on. */
export function ChangePasswordForm({ user }: { user: User }) {
  const answer = useAccountAnswer("password");
  const form = useForm<ChangePasswordInput, unknown, ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors, busy, receipt, send } = useAccountForm(form, "password", answer, ["currentPassword", "newPassword"]);
  const field = fieldProps(form, "password-form", errors);

  return (
    <section aria-labelledby="password-form-title" className={panel}>
      <h2 id="password-form-title" className="font-semibold text-lg">
        Change your password
      </h2>
      <p className="mt-1 text-muted text-sm">You stay logged in here; other devices are logged out.</p>
      <Form
        method="post"
        preventScrollReset
        noValidate
        onSubmit={form.handleSubmit(send)}
        className="mt-5 grid max-w-md gap-5"
      >
        <input type="hidden" name="intent" value="password" />
        {/* Lets password managers store the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <CurrentPasswordField {...field("currentPassword")} />
        <NewPasswordField {...field("newPassword")} />
        <FormAlert message={errors.root?.message} />
        {receipt && <StatusMessage status={{ kind: "success", text: receipt }} />}
        <div>
          <SubmitButton busy={busy} busyLabel="Changing...">
            Change password
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
