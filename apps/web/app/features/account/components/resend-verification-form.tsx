import { zodResolver } from "@hookform/resolvers/zod";
import { emailOnlySchema } from "@shop/shared";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { useRefusalErrors } from "../../../lib/form-action.ts";
import { typedValues } from "../account-form.ts";
import { useResendVerification } from "./resend-verification-button.tsx";

type EmailForm = z.input<typeof emailOnlySchema>;

/** For a visitor whose link did not work: asks for the address. */
export function ResendVerificationForm() {
  const { fetcher, answer, action } = useResendVerification();
  const form = useForm<EmailForm, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: typedValues(answer)?.email ?? "" },
  });
  const errors = useRefusalErrors(form, answer && "refusal" in answer ? answer.refusal : undefined, ["email"]);
  const field = fieldProps(form, "resend", errors);

  async function send() {
    await fetcher.submit({ intent: "resend", ...form.getValues() }, { method: "post", action });
  }

  if (answer && "done" in answer) return <StatusMessage status={{ kind: "success", text: answer.done }} />;
  return (
    <fetcher.Form
      method="post"
      action={action}
      noValidate
      onSubmit={form.handleSubmit(send)}
      className="space-y-4 text-left"
    >
      <input type="hidden" name="intent" value="resend" />
      <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
      <FormAlert message={errors.root?.message} />
      <SubmitButton busy={fetcher.state !== "idle"} busyLabel="Sending...">
        Send the verification e-mail again
      </SubmitButton>
    </fetcher.Form>
  );
}
