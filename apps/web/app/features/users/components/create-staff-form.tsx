import { zodResolver } from "@hookform/resolvers/zod";
import { type CreateStaffInput, createStaffSchema } from "@shop/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Field, inputClass } from "../../../components/form/field.tsx";
import { type Status, StatusMessage } from "../../../components/ui/status-message.tsx";
import { ApiRequestError } from "../../../lib/api.ts";
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
  const { errors, isSubmitting } = form.formState;

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
      const problem = error instanceof ApiRequestError ? error : new ApiRequestError(0, "Something went wrong.");
      const marked = fieldNames.filter((name) => problem.fields[name]);
      for (const name of marked) form.setError(name, { message: problem.fields[name] });
      if (marked.length === 0) setStatus({ kind: "error", text: problem.message });
      else form.setFocus(marked[0] ?? "firstName");
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
        <Field id="staff-first-name" label="First name" error={errors.firstName?.message}>
          {(describedBy) => (
            <input
              id="staff-first-name"
              autoComplete="off"
              aria-invalid={errors.firstName ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register("firstName")}
            />
          )}
        </Field>
        <Field id="staff-last-name" label="Last name" error={errors.lastName?.message}>
          {(describedBy) => (
            <input
              id="staff-last-name"
              autoComplete="off"
              aria-invalid={errors.lastName ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass}
              {...form.register("lastName")}
            />
          )}
        </Field>
        <div className="sm:col-span-2 xl:col-span-1">
          <Field id="staff-email" label="E-mail" error={errors.email?.message}>
            {(describedBy) => (
              <input
                id="staff-email"
                type="email"
                autoComplete="off"
                spellCheck={false}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register("email")}
              />
            )}
          </Field>
        </div>
        <div className="sm:col-span-2 xl:col-span-1">
          <Field
            id="staff-role"
            label="Role"
            hint="A Super Admin can also add and disable staff accounts."
            error={errors.role?.message}
          >
            {(describedBy) => (
              <select
                id="staff-role"
                aria-invalid={errors.role ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...form.register("role")}
              >
                <option value="staff">Staff</option>
                <option value="super_admin">Super Admin</option>
              </select>
            )}
          </Field>
        </div>
        {status && <StatusMessage status={status} className="sm:col-span-2 xl:col-span-1" />}
        <div className="sm:col-span-2 xl:col-span-1">
          <button
            type="submit"
            disabled={isSubmitting}
            className="w-full rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70 sm:w-auto xl:w-full"
          >
            {isSubmitting ? "Creating..." : "Create staff account"}
          </button>
        </div>
      </form>
    </section>
  );
}
