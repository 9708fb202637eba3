import { zodResolver } from "@hookform/resolvers/zod";
import { type Address, type AddressFields, type AddressInput, addressInputSchema } from "@shop/shared";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { AddressFieldSet, addressFieldNames, addressInput } from "../../../components/form/address-fields.tsx";
import { fieldProps } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { apiRequest } from "../../../lib/api.ts";
import { showServerErrors } from "../../../lib/form-errors.ts";
import { panel } from "../styles.ts";

interface Props {
  /** The address being edited; none for a new one. */
  address?: Address | undefined;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}

/** Adds or edits one address of the address book. The default address stays default until another is chosen. */
export function AddressForm({ address, onSaved, onCancel }: Props) {
  const id = useId();
  const form = useForm<AddressInput, unknown, AddressFields>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: address
      ? addressInput(address)
      : { fullName: "", line1: "", line2: "", city: "", zip: "", phone: "", isDefault: false },
  });
  const { errors, isSubmitting } = form.formState;

  // Sends the checked form as typed: the server parses it with the same schema, and the schema's
  // output (null for an empty line) is not an input it takes.
  async function save() {
    try {
      const saved = await apiRequest<Address>(
        address ? `/api/account/addresses/${address.id}` : "/api/account/addresses",
        { method: address ? "PUT" : "POST", body: form.getValues() },
      );
      onSaved(saved);
    } catch (error) {
      showServerErrors(form.setError, error, addressFieldNames);
    }
  }

  const title = address ? "Edit address" : "New address";
  const field = fieldProps(form, id);
  return (
    <section aria-labelledby={`${id}-title`} className={panel}>
      <h3 id={`${id}-title`} className="font-semibold text-lg">
        {title}
      </h3>
      <form noValidate onSubmit={form.handleSubmit(save)} className="mt-5 grid gap-5 sm:grid-cols-2">
        <AddressFieldSet field={field} />
        {address?.isDefault ? (
          <p className="text-muted text-sm sm:col-span-2">This is your default address.</p>
        ) : (
          <div className="flex items-center gap-3 sm:col-span-2">
            <input
              id={`${id}-default`}
              type="checkbox"
              className="size-5 shrink-0 accent-brand-700"
              {...form.register("isDefault")}
            />
            <label htmlFor={`${id}-default`} className="text-sm">
              Use as my default address
            </label>
          </div>
        )}
        <FormAlert message={errors.root?.message} className="sm:col-span-2" />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <SubmitButton busy={isSubmitting} busyLabel="Saving...">
            Save address
          </SubmitButton>
          <Button onClick={onCancel} disabled={isSubmitting} variant="secondary" size="lg">
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}
