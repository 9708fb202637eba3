import { zodResolver } from "@hookform/resolvers/zod";
import { accountDateOfBirthSchema, type ProfileInput, profileSchema, type User } from "@shop/shared";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { TextField } from "../../components/form/field.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { apiRequest } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { formatPhone } from "../../lib/format.ts";
import { formAlert, panel, primaryButton } from "./styles.ts";
import { useGateMinAge } from "./use-gate-min-age.ts";

type Profile = z.output<typeof profileSchema>;

const valuesOf = (user: User): ProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  dateOfBirth: user.dateOfBirth ?? "",
  phone: user.phone ? formatPhone(user.phone) : "",
});

export function ProfileForm({ user }: { user: User }) {
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState(false);
  const minAge = useGateMinAge();
  const schema = useMemo(() => profileSchema.extend({ dateOfBirth: accountDateOfBirthSchema(minAge) }), [minAge]);
  const form = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(user),
  });
  const { errors, isSubmitting } = form.formState;

  // Sends the checked form as typed: the server parses it with the same schema, and the schema's
  // output (null for no phone) is not an input it takes.
  async function save() {
    setSaved(false);
    try {
      const { user: changed } = await apiRequest<{ user: User }>("/api/account/profile", {
        method: "PUT",
        body: form.getValues(),
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
        <TextField
          id="profile-first-name"
          label="First name"
          error={errors.firstName?.message}
          autoComplete="given-name"
          {...form.register("firstName")}
        />
        <TextField
          id="profile-last-name"
          label="Last name"
          error={errors.lastName?.message}
          autoComplete="family-name"
          {...form.register("lastName")}
        />
        <TextField
          id="profile-birth-date"
          label="Date of birth"
          error={errors.dateOfBirth?.message}
          type="date"
          autoComplete="bday"
          {...form.register("dateOfBirth")}
        />
        <TextField
          id="profile-phone"
          label="Phone (optional)"
          error={errors.phone?.message}
          type="tel"
          autoComplete="tel"
          {...form.register("phone")}
        />
        {errors.root?.message && (
          <p role="alert" className={`${formAlert} sm:col-span-2`}>
            {errors.root.message}
          </p>
        )}
        {saved && (
          <StatusMessage status={{ kind: "success", text: "Your details are saved." }} className="sm:col-span-2" />
        )}
        <div className="sm:col-span-2">
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? "Saving..." : "Save details"}
          </button>
        </div>
      </form>
    </section>
  );
}
