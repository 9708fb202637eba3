import { zodResolver } from "@hookform/resolvers/zod";
import { type DateOfBirthInput, dateOfBirthInputSchema, type ManagedUser } from "@shop/shared";
import { formatDate } from "@shop/shared/rules";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { fieldProps, TextField } from "../../../components/form/field.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type Status, StatusMessage } from "../../../components/ui/status-message.tsx";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { useSetCustomerDateOfBirth } from "../api/set-customer-date-of-birth.ts";

/**
 * A customer's date of birth in the customer detail, which staff set or correct (from an ID, say):
 * the customer gives it once and cannot change it afterwards.
 */
export function DateOfBirthEditor({ customer }: { customer: ManagedUser }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);
  const save = useSetCustomerDateOfBirth();
  const form = useForm<DateOfBirthInput>({
    resolver: zodResolver(dateOfBirthInputSchema),
    defaultValues: { dateOfBirth: customer.dateOfBirth ?? "" },
  });
  const field = fieldProps(form, `${id}-customer`);
  const { isSubmitting, errors } = form.formState;
  useUnsavedChanges(form, "the date of birth");
  const action = customer.dateOfBirth ? "Correct" : "Set";

  async function submit(values: DateOfBirthInput) {
    setStatus(null);
    try {
      await save.mutateAsync({ id: customer.id, dateOfBirth: values.dateOfBirth });
      form.reset(values);
      setEditing(false);
      setStatus({ kind: "success", text: "The date of birth is saved." });
    } catch (error) {
      showServerErrors(form.setError, error, ["dateOfBirth"], {}, { setFocus: form.setFocus });
    }
  }

  if (!editing) {
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {customer.dateOfBirth ? (
            <span>{formatDate(customer.dateOfBirth, "calendar")}</span>
          ) : (
            <span className="text-muted">Not given</span>
          )}
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${action} the date of birth`}
            onClick={() => {
              setStatus(null);
              form.reset({ dateOfBirth: customer.dateOfBirth ?? "" });
              setEditing(true);
              // The field appears with the next render; it takes the focus then.
              setTimeout(() => form.setFocus("dateOfBirth"));
            }}
          >
            {action}
          </Button>
        </div>
        {status && <StatusMessage status={status} className="w-fit" />}
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="max-w-sm space-y-3">
      <TextField
        label={customer.dateOfBirth ? "Corrected date of birth" : "Date of birth"}
        hint="As on the customer's ID. They give it once; only staff change it afterwards."
        type="date"
        {...field("dateOfBirth")}
      />
      {errors.root?.message && !errors.dateOfBirth && (
        <StatusMessage status={{ kind: "error", text: errors.root.message }} />
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            form.reset();
            setEditing(false);
          }}
          disabled={isSubmitting}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
