import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangeEmailInput, changeEmailSchema } from "@shop/shared";
import { useForm } from "react-hook-form";
import { Form } from "react-router";
import type { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { CurrentPasswordField } from "../../../components/form/password-field.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { typedValues, useAccountAnswer, useAccountForm } from "../account-form.ts";
import { panel } from "../styles.ts";

type ChangeEmail = z.output<typeof changeEmailSchema>;

/** The address changes when the link sent to the new address is opened; the page says so. */
export function ChangeEmailForm() {
  const answer = useAccountAnswer("email");
  const form = useForm<ChangeEmailInput, unknown, ChangeEmail>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: typedValues(answer)?.email ?? "", currentPassword: "" },
  });
  const { errors, busy, receipt, send } = useAccountForm(form, "email", answer, ["email", "currentPassword"]);
  const field = fieldProps(form, "email-form", errors);

  return (
    <section aria-labelledby="email-form-title" className={panel}>
      <h2 id="email-form-title" className="font-semibold text-lg">
        Change your e-mail address
      </h2>
      <p className="mt-1 text-muted text-sm">
        We send a link to the new address. Your address changes when you open it; until then you keep using this one.
      </p>
      <Form
        method="post"
        preventScrollReset
        noValidate
        onSubmit={form.handleSubmit(send)}
        className="mt-5 grid max-w-md gap-5"
      >
        <input type="hidden" name="intent" value="email" />
        <TextField label="New e-mail" type="email" autoComplete="email" {...field("email")} />
        <CurrentPasswordField {...field("currentPassword")} />
        <FormAlert message={errors.root?.message} />
        {receipt && <StatusMessage status={{ kind: "success", text: receipt }} />}
        <div>
          <SubmitButton busy={busy} busyLabel="Sending...">
            Change e-mail
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
