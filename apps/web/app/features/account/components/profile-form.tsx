import { zodResolver } from "@hookform/resolvers/zod";
import { accountDateOfBirthSchema, type ProfileInput, profileSchema, type User } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { href, Link, useRevalidator } from "react-router";
import { z } from "zod";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { formatPhone } from "../../../lib/format.ts";
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

export function ProfileForm({ user }: { user: User }) {
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState(false);
  const minAge = useGateMinAge();
  const schema = useMemo(
    () => profileSchema.extend({ dateOfBirth: z.union([z.literal(""), accountDateOfBirthSchema(minAge)]).optional() }),
    [minAge],
  );
  const form = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(user),
  });
  const { errors, isSubmitting } = form.formState;
  const field = fieldProps(form, "profile");

  // Sends the checked form as typed: the server parses it with the same schema, and the schema's
  // output (null for no phone) is not an input it takes.
  async function save() {
    setSaved(false);
    try {
      const { user: changed } = await apiRequest<{ user: User }>("/api/account/profile", {
        method: "PUT",
        body: withoutEmptyDate(form.getValues()),
      });
      form.reset(valuesOf(changed));
      setSaved(true);
      await revalidator.revalidate();
    } catch (error) {
      showServerErrors(form.setError, error, ["firstName", "lastName", "dateOfBirth", "phone"]);
    }
  }

  return (
    <section aria-labelledby="profile-form-title" className={panel}>
      <h2 id="profile-form-title" className="font-semibold text-lg">
        Edit your details
      </h2>
      <form noValidate onSubmit={form.handleSubmit(save)} className="mt-5 grid gap-5 sm:grid-cols-2">
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
        {saved && (
          <StatusMessage status={{ kind: "success", text: "Your details are saved." }} className="sm:col-span-2" />
        )}
        <div className="sm:col-span-2">
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            Save details
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
