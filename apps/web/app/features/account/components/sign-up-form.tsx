import { zodResolver } from "@hookform/resolvers/zod";
import { accountDateOfBirthSchema, type SignUp, type SignUpInput, signUpSchema } from "@shop/shared";
import { USUAL_PURCHASE_AGE } from "@shop/shared/rules";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Form, href, Link, useSubmit } from "react-router";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { NewPasswordField } from "../../../components/form/password-field.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { type FormRefusal, useRefusalErrors } from "../../../lib/form-action.ts";
import { textLink } from "../styles.ts";
import { useGateMinAge } from "../use-gate-min-age.ts";

export const signUpFieldNames = [
  "firstName",
  "lastName",
  "email",
  "password",
  "dateOfBirth",
  "phone",
  "acceptTerms",
] as const;

/** The sign-up form's schema at the shop's age for accounts: the browser's check and the action's. */
export function signUpFormSchema(minAge: number) {
  return signUpSchema.extend({ dateOfBirth: accountDateOfBirthSchema(minAge) });
}

/** The age to buy, said where a buyer gives their date of birth (decision 079). */
export function purchaseAgeWords(purchaseMinAge: number): string {
  const words = `You must be ${purchaseMinAge} or older to buy from this shop.`;
  return purchaseMinAge < USUAL_PURCHASE_AGE
    ? `${words} Vapes and some other products are sold only to buyers ${USUAL_PURCHASE_AGE} or older, as their pages say.`
    : words;
}

/** What the registration page's action answers a sign-up it refused (sign-up.server.ts): why, and what was typed but the password. */
export interface SignUpRefused {
  form: "signup";
  refusal: FormRefusal;
  values: Partial<Omit<SignUpInput, "password">>;
}

/**
 * Creates an account through the registration page's action and shows where the verification link
 * went. The answer is the same for an address that already has an account, so the form cannot
 * tell who shops here. Before JavaScript has loaded, the browser posts the same form to the same
 * action; `answer` is the action's answer to such a post.
 */
export function SignUpForm({ answer }: { answer?: SignUpRefused | undefined }) {
  const submit = useSubmit();
  const minAge = useGateMinAge();
  const schema = useMemo(() => signUpFormSchema(minAge), [minAge]);
  const typed = answer?.values;
  const form = useForm<SignUpInput, unknown, SignUp>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: typed?.firstName ?? "",
      lastName: typed?.lastName ?? "",
      email: typed?.email ?? "",
      password: "",
      dateOfBirth: typed?.dateOfBirth ?? "",
      phone: typed?.phone ?? "",
      acceptTerms: typed?.acceptTerms ?? false,
    },
  });
  const errors = useRefusalErrors(form, answer?.refusal, signUpFieldNames);
  const field = fieldProps(form, "signup", errors);

  async function signUp() {
    await submit({ intent: "signup", ...form.getValues() }, { method: "post", preventScrollReset: true });
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form method="post" noValidate onSubmit={form.handleSubmit(signUp)} className="mt-5 grid gap-5 sm:grid-cols-2">
      <input type="hidden" name="intent" value="signup" />
      <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
      <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
      <div className="sm:col-span-2">
        <TextField label="E-mail" type="email" autoComplete="email" {...field("email")} />
      </div>
      <div className="sm:col-span-2">
        <NewPasswordField label="Password" {...field("password")} />
      </div>
      <TextField label="Date of birth" type="date" autoComplete="bday" {...field("dateOfBirth")} />
      <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field("phone")} />
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id="signup-terms"
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? "signup-terms-error" : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            defaultChecked={typed?.acceptTerms === true}
            {...form.register("acceptTerms")}
          />
          <label htmlFor="signup-terms" className="text-sm">
            I accept the{" "}
            <Link to={href("/terms-and-conditions")} target="_blank" rel="noopener" className={textLink}>
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
      <FormAlert message={errors.root?.message} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} busyLabel="Creating your account..." className="w-full sm:w-auto">
          Create account
        </SubmitButton>
      </div>
    </Form>
  );
}
