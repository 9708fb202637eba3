import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangeEmailInput, changeEmailSchema } from "@shop/shared";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { CurrentPasswordField } from "../../../components/form/password-field.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { useReceiptForm } from "../receipt.ts";
import { panel } from "../styles.ts";

type ChangeEmail = z.output<typeof changeEmailSchema>;

/** The address changes when the link sent to the new address is opened; the page says so. */
export function ChangeEmailForm() {
  const form = useForm<ChangeEmailInput, unknown, ChangeEmail>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: "", currentPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldProps(form, "email-form");
  const { receipt, send } = useReceiptForm(form, "/api/account/email", ["email", "currentPassword"]);

  return (
    <section aria-labelledby="email-form-title" className={panel}>
      <h2 id="email-form-title" className="font-semibold text-lg">
        Change your e-mail address
      </h2>
      <p className="mt-1 text-muted text-sm">
        We send a link to the new address. Your address changes when you open it; until then you keep using this one.
      </p>
      <form noValidate onSubmit={form.handleSubmit(send)} className="mt-5 grid max-w-md gap-5">
        <TextField label="New e-mail" type="email" autoComplete="email" {...field("email")} />
        <CurrentPasswordField {...field("currentPassword")} />
        <FormAlert message={errors.root?.message} />
        {receipt && <StatusMessage status={{ kind: "success", text: receipt }} />}
        <div>
          <SubmitButton busy={isSubmitting} busyLabel="Sending...">
            Change e-mail
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
