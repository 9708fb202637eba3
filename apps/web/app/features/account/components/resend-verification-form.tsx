import { zodResolver } from "@hookform/resolvers/zod";
import { emailOnlySchema } from "@shop/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { resendVerification } from "./resend-verification-button.tsx";

type EmailForm = z.input<typeof emailOnlySchema>;

/** For a visitor whose link did not work: asks for the address. */
export function ResendVerificationForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<EmailForm, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldProps(form, "resend");

  async function send(values: z.output<typeof emailOnlySchema>) {
    try {
      setSent(await resendVerification(values.email));
    } catch (error) {
      showServerErrors(form.setError, error, ["email"]);
    }
  }

  if (sent) return <StatusMessage status={{ kind: "success", text: sent }} />;
  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="space-y-4 text-left">
      <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
      <FormAlert message={errors.root?.message} />
      <SubmitButton busy={isSubmitting} busyLabel="Sending...">
        Send the verification e-mail again
      </SubmitButton>
    </form>
  );
}
