import { zodResolver } from "@hookform/resolvers/zod";
import { accountDateOfBirthSchema, type ProfileInput, profileSchema, type User } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { Form, href, Link } from "react-router";
import { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { formatPhone } from "../../../lib/format.ts";
import { typedValues, useAccountAnswer, useAccountForm } from "../account-form.ts";
import { panel, textLink } from "../styles.ts";
import { useGateMinAge } from "../use-gate-min-age.ts";

type Profile = z.output<typeof profileSchema>;

// The date of birth is asked once: the field is empty while the account has none and is not shown
// once it has one (staff correct it), so the form sends it only when the buyer adds it.
const valuesOf = (user: User): ProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  dateOfBirth: "",
  phone: user.phone ? formatPhone(user.phone) : "",
});

function withoutEmptyDate({ dateOfBirth, ...rest }: ProfileInput): ProfileInput {
  return dateOfBirth ? { ...rest, dateOfBirth } : rest;
}

/** The date of birth on the account, which the buyer no longer changes. */
function DateOfBirthOnFile({ dateOfBirth }: { dateOfBirth: string }) {
  return (
    <div>
      <p className="font-medium text-sm">Date of birth</p>
      <p className="mt-1.5 rounded-xl border border-line bg-canvas px-3.5 py-2.5 text-base">
        {formatDate(dateOfBirth)}
      </p>
      <p className="mt-1.5 text-muted text-xs">
        Only our staff can correct it:{" "}
        <Link to={href("/contact-us")} className={textLink}>
          contact us
        </Link>
        .
      </p>
    </div>
  );
}

/** The details form's check, in the browser and in the action: a date of birth at the shop's age. */
export function profileFormSchema(minAge: number) {
  return profileSchema.extend({ dateOfBirth: z.union([z.literal(""), accountDateOfBirthSchema(minAge)]).optional() });
}

export const profileFieldNames = ["firstName", "lastName", "dateOfBirth", "phone"] as const;

export function ProfileForm({ user }: { user: User }) {
  const minAge = useGateMinAge();
  const schema = useMemo(() => profileFormSchema(minAge), [minAge]);
  const answer = useAccountAnswer("details");
  const form = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(schema),
    defaultValues: { ...valuesOf(user), ...typedValues(answer) },
  });
  const { errors, busy, receipt, send } = useAccountForm(form, "details", answer, profileFieldNames, {
    sent: withoutEmptyDate,
    resetTo: () => valuesOf(user),
  });
  const field = fieldProps(form, "profile", errors);

  return (
    <section aria-labelledby="profile-form-title" className={panel}>
      <h2 id="profile-form-title" className="font-semibold text-lg">
        Edit your details
      </h2>
      <Form
        method="post"
        preventScrollReset
        noValidate
        onSubmit={form.handleSubmit(send)}
        className="mt-5 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="details" />
        <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
        {user.dateOfBirth ? (
          <DateOfBirthOnFile dateOfBirth={user.dateOfBirth} />
        ) : (
          <TextField
            label="Date of birth (optional)"
            hint="Asked once: after you save it, only our staff can correct it."
            type="date"
            autoComplete="bday"
            {...field("dateOfBirth")}
          />
        )}
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field("phone")} />
        <FormAlert message={errors.root?.message} className="sm:col-span-2" />
        {receipt && <StatusMessage status={{ kind: "success", text: receipt }} className="sm:col-span-2" />}
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save details
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
