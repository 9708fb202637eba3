import { zodResolver } from "@hookform/resolvers/zod";
import { accountDateOfBirthSchema, type ProfileInput, profileSchema, type User } from "@shop/shared";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { fieldProps, TextField } from "../../components/form/field.tsx";
import { Button } from "../../components/ui/button.tsx";
import { StatusMessage } from "../../components/ui/status-message.tsx";
import { apiRequest } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { formatPhone } from "../../lib/format.ts";
import { formAlert, panel } from "./styles.ts";
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
  const field = fieldProps(form, "profile");

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
        <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
        <TextField label="Last name" autoComplete="family-name" {...field("lastName")} />
        <TextField label="Date of birth" type="date" autoComplete="bday" {...field("dateOfBirth")} />
        <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field("phone")} />
        {errors.root?.message && (
          <p role="alert" className={`${formAlert} sm:col-span-2`}>
            {errors.root.message}
          </p>
        )}
        {saved && (
          <StatusMessage status={{ kind: "success", text: "Your details are saved." }} className="sm:col-span-2" />
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting} size="lg">
            {isSubmitting ? "Saving..." : "Save details"}
          </Button>
        </div>
      </form>
    </section>
  );
}
