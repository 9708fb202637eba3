import { zodResolver } from "@hookform/resolvers/zod";
import { emailOnlySchema } from "@shop/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldProps, TextField } from "../../components/form/field.tsx";
import { Button } from "../../components/ui/button.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { showServerErrors } from "../../lib/form-errors.ts";
import { resendVerification } from "./resend-verification-button.tsx";
import { formAlert } from "./styles.ts";

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
      {errors.root?.message && (
        <p role="alert" className={formAlert}>
          {errors.root.message}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting} size="lg">
        {isSubmitting ? "Sending..." : "Send the verification e-mail again"}
      </Button>
    </form>
  );
}
