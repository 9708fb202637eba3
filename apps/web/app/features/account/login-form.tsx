import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginInput, loginSchema, type User } from "@shop/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { TextField } from "../../components/form/field.tsx";
import { apiRequest } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { landingPath } from "./landing-path.ts";
import { ResendVerificationButton } from "./resend-verification-button.tsx";
import { formAlert, primaryButton, textLink } from "./styles.ts";

/**
 * Logs in and then loads the next page in full: the session cookie is new, and every loader
 * (the header's too) must see it.
 */
export function LoginForm({ next }: { next: string | null }) {
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function logIn(values: z.output<typeof loginSchema>) {
    setUnverifiedEmail(null);
    try {
      const { user } = await apiRequest<{ user: User }>("/api/Auth/login", { method: "POST", body: values });
      setLeaving(true);
      window.location.assign(landingPath(next, user));
    } catch (error) {
      const problem = showServerErrors(form.setError, error, ["email", "password"]);
      if (problem.code === "email_not_verified") setUnverifiedEmail(values.email);
    }
  }

  const busy = isSubmitting || leaving;
  return (
    <form noValidate onSubmit={form.handleSubmit(logIn)} className="mt-5 space-y-5">
      <TextField
        id="login-email"
        label="E-mail"
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        {...form.register("email")}
      />
      <TextField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        {...form.register("password")}
      />
      <p className="text-sm">
        <Link to="/forgot-password" className={textLink}>
          Forgot your password?
        </Link>
      </p>
      {errors.root?.message && (
        <p role="alert" className={formAlert}>
          {errors.root.message}
        </p>
      )}
      {unverifiedEmail && <ResendVerificationButton key={unverifiedEmail} email={unverifiedEmail} />}
      <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
        {busy ? "Logging in..." : "Log in"}
      </button>
    </form>
  );
}
