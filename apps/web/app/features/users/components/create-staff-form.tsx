import { zodResolver } from "@hookform/resolvers/zod";
import { type CreateStaffInput, createStaffSchema } from "@shop/shared";
import { roleLabels, STAFF_ROLES, staffRoleDescriptions } from "@shop/shared/constants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { fieldProps, SelectField, TextField } from "../../../components/form/field.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { type Status, StatusMessage } from "../../../components/ui/status-message.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useCreateStaff } from "../api/create-staff.ts";
import { fullName } from "../format.ts";

type CreateStaff = z.output<typeof createStaffSchema>;
const fieldNames = ["firstName", "lastName", "email", "role"] as const;

/** Creates a staff account. The new member gets an e-mail with a link to set their own password. */
export function CreateStaffForm() {
  const createStaff = useCreateStaff();
  const [status, setStatus] = useState<Status | null>(null);
  const form = useForm<CreateStaffInput, unknown, CreateStaff>({
    resolver: zodResolver(createStaffSchema),
    defaultValues: { firstName: "", lastName: "", email: "", role: "staff" },
  });
  const { isSubmitting } = form.formState;
  useUnsavedChanges(form, "the new staff account");
  const field = fieldProps(form, "staff");
  const chosenRole = form.watch("role");

  async function create(values: CreateStaff) {
    setStatus(null);
    try {
      const member = await createStaff.mutateAsync(values);
      form.reset();
      setStatus({
        kind: "success",
        text: `${fullName(member)} is now on the staff. We sent ${member.email} a link to set their password.`,
      });
    } catch (error) {
      // This form says what went wrong in its status line; the root message is not shown.
      const problem = showServerErrors(form.setError, error, fieldNames, {}, { setFocus: form.setFocus });
      if (!fieldNames.some((name) => problem.fields[name])) setStatus({ kind: "error", text: problem.message });
    }
  }

  return (
    <section
      id="add-staff"
      aria-labelledby="add-staff-title"
      className="scroll-mt-24 rounded-2xl border border-line bg-white p-5 sm:p-6"
    >
      <h2 id="add-staff-title" className="font-semibold text-lg">
        Add a staff member
      </h2>
      <p className="mt-1 text-muted text-sm">
        They get an e-mail with a link to choose their own password; you never see or set it.
      </p>
      <form noValidate onSubmit={form.handleSubmit(create)} className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-1">
        <TextField label="First name" autoComplete="off" {...field("firstName")} />
        <TextField label="Last name" autoComplete="off" {...field("lastName")} />
        <div className="sm:col-span-2 xl:col-span-1">
          <TextField label="E-mail" type="email" autoComplete="off" spellCheck={false} {...field("email")} />
        </div>
        <div className="sm:col-span-2 xl:col-span-1">
          <SelectField label="Role" hint={staffRoleDescriptions[chosenRole]} {...field("role")}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </SelectField>
        </div>
        {status && <StatusMessage status={status} className="sm:col-span-2 xl:col-span-1" />}
        <div className="sm:col-span-2 xl:col-span-1">
          <SubmitButton busy={isSubmitting} busyLabel="Creating..." className="w-full sm:w-auto xl:w-full">
            Create staff account
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
