import { zodResolver } from "@hookform/resolvers/zod";
import { accountDateOfBirthSchema, PASSWORD_MIN, type SignUp, type SignUpInput, signUpSchema } from "@shop/shared";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { TextField } from "../../components/form/field.tsx";
import { apiRequest } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { formAlert, primaryButton, textLink } from "./styles.ts";
import { useGateMinAge } from "./use-gate-min-age.ts";

const fieldNames = ["firstName", "lastName", "email", "password", "dateOfBirth", "phone", "acceptTerms"] as const;

/** The API takes sign-ups as a multipart form. */
function toFormData(values: SignUp): FormData {
  const body = new FormData();
  body.set("firstName", values.firstName);
  body.set("lastName", values.lastName);
  body.set("email", values.email);
  body.set("password", values.password);
  body.set("dateOfBirth", values.dateOfBirth);
  if (values.phone) body.set("phone", values.phone);
  body.set("acceptTerms", String(values.acceptTerms));
  return body;
}

/**
 * Creates an account and shows where the verification link went. The answer is the same for an
 * address that already has an account, so the form cannot tell who shops here.
 */
export function SignUpForm() {
  const navigate = useNavigate();
  const minAge = useGateMinAge();
  const schema = useMemo(() => signUpSchema.extend({ dateOfBirth: accountDateOfBirthSchema(minAge) }), [minAge]);
  const form = useForm<SignUpInput, unknown, SignUp>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      dateOfBirth: "",
      phone: "",
      acceptTerms: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function signUp(values: SignUp) {
    try {
      await apiRequest<{ message: string }>("/api/User", { method: "POST", body: toFormData(values) });
      await navigate("/verification");
    } catch (error) {
      showServerErrors(form.setError, error, fieldNames);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(signUp)} className="mt-5 grid gap-5 sm:grid-cols-2">
      <TextField
        id="signup-first-name"
        label="First name"
        error={errors.firstName?.message}
        autoComplete="given-name"
        {...form.register("firstName")}
      />
      <TextField
        id="signup-last-name"
        label="Last name"
        error={errors.lastName?.message}
        autoComplete="family-name"
        {...form.register("lastName")}
      />
      <div className="sm:col-span-2">
        <TextField
          id="signup-email"
          label="E-mail"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...form.register("email")}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          id="signup-password"
          label="Password"
          hint={`At least ${PASSWORD_MIN} characters`}
          error={errors.password?.message}
          type="password"
          autoComplete="new-password"
          {...form.register("password")}
        />
      </div>
      <TextField
        id="signup-birth-date"
        label="Date of birth"
        error={errors.dateOfBirth?.message}
        type="date"
        autoComplete="bday"
        {...form.register("dateOfBirth")}
      />
      <TextField
        id="signup-phone"
        label="Phone (optional)"
        error={errors.phone?.message}
        type="tel"
        autoComplete="tel"
        {...form.register("phone")}
      />
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id="signup-terms"
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? "signup-terms-error" : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            {...form.register("acceptTerms")}
          />
          <label htmlFor="signup-terms" className="text-sm">
            I accept the{" "}
            <Link to="/terms-and-conditions" target="_blank" rel="noopener" className={textLink}>
              Terms and Conditions
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </label>
        </div>
        {errors.acceptTerms && (
          <p id="signup-terms-error" className="mt-1.5 font-medium text-red-700 text-sm">
            {errors.acceptTerms.message}
          </p>
        )}
      </div>
      {errors.root?.message && (
        <p role="alert" className={`${formAlert} sm:col-span-2`}>
          {errors.root.message}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" disabled={isSubmitting} className={`${primaryButton} w-full sm:w-auto`}>
          {isSubmitting ? "Creating your account..." : "Create account"}
        </button>
      </div>
    </form>
  );
}
