import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginInput, loginSchema } from "@shop/shared";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Form, href, Link, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { CurrentPasswordField } from "../../../components/form/password-field.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { type FormRefusal, useRefusalErrors } from "../../../lib/form-action.ts";
import { textLink } from "../styles.ts";
import { ResendVerificationButton } from "./resend-verification-button.tsx";

export const loginFieldNames = ["email", "password"] as const;

/** What the registration page's action answers a login it refused (log-in.server.ts); the password is not sent back. */
export interface LoginRefused {
  form: "login";
  refusal: FormRefusal;
  email: string;
}

function unverifiedEmailOf(answer: LoginRefused | undefined): string | null {
  const refusal = answer?.refusal;
  return refusal && "problem" in refusal && refusal.problem.code === "email_not_verified" ? answer.email : null;
}

/**
 * Logs in through the registration page's action, which then loads the next page in full: the
 * session cookie is new, and every loader (the header's too) must see it. Before JavaScript has
 * loaded, the browser posts the same form to the same action. `answer` is the action's answer to
 * such a post.
 */
export function LoginForm({ answer }: { answer?: LoginRefused | undefined }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [unverifiedEmail, setUnverifiedEmail] = useState(() => unverifiedEmailOf(answer));
  useEffect(() => {
    if (answer) setUnverifiedEmail(unverifiedEmailOf(answer));
  }, [answer]);
  const form = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: answer?.email ?? "", password: "" },
  });
  const errors = useRefusalErrors(form, answer?.refusal, loginFieldNames);
  const field = fieldProps(form, "login", errors);

  async function logIn() {
    setUnverifiedEmail(null);
    await submit({ intent: "login", ...form.getValues() }, { method: "post", preventScrollReset: true });
  }

  // Until the next page has loaded in full: the action answers a login with a new document.
  const busy =
    form.formState.isSubmitting || (navigation.formData?.get("intent") === "login" && navigation.state !== "idle");
  return (
    <>
      <Form method="post" noValidate onSubmit={form.handleSubmit(logIn)} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value="login" />
        <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
        <CurrentPasswordField label="Password" {...field("password")} />
        <p className="text-sm">
          <Link to={href("/forgot-password")} className={textLink}>
            Forgot your password?
          </Link>
        </p>
        <FormAlert message={errors.root?.message} />
        <SubmitButton busy={busy} busyLabel="Logging in..." className="w-full">
          Log in
        </SubmitButton>
      </Form>
      {/* A form of its own (forms do not nest), below the one it helps. */}
      {unverifiedEmail && (
        <div className="mt-4">
          <ResendVerificationButton key={unverifiedEmail} email={unverifiedEmail} />
        </div>
      )}
    </>
  );
}
