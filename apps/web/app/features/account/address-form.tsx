import { zodResolver } from "@hookform/resolvers/zod";
import { type Address, type AddressFields, type AddressInput, addressInputSchema, US_STATES } from "@shop/shared";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { SelectField, TextField } from "../../components/form/field.tsx";
import { apiRequest } from "../../lib/api.ts";
import { showServerErrors } from "../../lib/form-errors.ts";
import { formatPhone } from "../../lib/format.ts";
import { formAlert, panel, primaryButton, secondaryButton } from "./styles.ts";

const fieldNames = ["fullName", "line1", "line2", "city", "state", "zip", "phone"] as const;

/** An address as the form edits it (and as the API takes it back). */
export function addressInput(address: Address): AddressInput {
  return {
    fullName: address.fullName,
    line1: address.line1,
    line2: address.line2 ?? "",
    city: address.city,
    state: address.state,
    zip: address.zip,
    phone: address.phone ? formatPhone(address.phone) : "",
    isDefault: address.isDefault,
  };
}

const states = Object.entries(US_STATES);

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
      showServerErrors(form.setError, error, fieldNames);
    }
  }

  const title = address ? "Edit address" : "New address";
  const field = (name: string) => `${id}-${name}`;
  return (
    <section aria-labelledby={field("title")} className={panel}>
      <h3 id={field("title")} className="font-semibold text-lg">
        {title}
      </h3>
      <form noValidate onSubmit={form.handleSubmit(save)} className="mt-5 grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            id={field("name")}
            label="Full name"
            error={errors.fullName?.message}
            autoComplete="shipping name"
            {...form.register("fullName")}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            id={field("line1")}
            label="Street address"
            error={errors.line1?.message}
            autoComplete="shipping address-line1"
            {...form.register("line1")}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            id={field("line2")}
            label="Apartment, suite, unit (optional)"
            error={errors.line2?.message}
            autoComplete="shipping address-line2"
            {...form.register("line2")}
          />
        </div>
        <TextField
          id={field("city")}
          label="City"
          error={errors.city?.message}
          autoComplete="shipping address-level2"
          {...form.register("city")}
        />
        <SelectField
          id={field("state")}
          label="State"
          error={errors.state?.message}
          autoComplete="shipping address-level1"
          {...form.register("state")}
        >
          <option value="">Choose a state</option>
          {states.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          id={field("zip")}
          label="ZIP code"
          error={errors.zip?.message}
          inputMode="numeric"
          autoComplete="shipping postal-code"
          {...form.register("zip")}
        />
        <TextField
          id={field("phone")}
          label="Phone (optional)"
          error={errors.phone?.message}
          type="tel"
          autoComplete="shipping tel"
          {...form.register("phone")}
        />
        {address?.isDefault ? (
          <p className="text-muted text-sm sm:col-span-2">This is your default address.</p>
        ) : (
          <div className="flex items-center gap-3 sm:col-span-2">
            <input
              id={field("default")}
              type="checkbox"
              className="size-5 shrink-0 accent-brand-700"
              {...form.register("isDefault")}
            />
            <label htmlFor={field("default")} className="text-sm">
              Use as my default address
            </label>
          </div>
        )}
        {errors.root?.message && (
          <p role="alert" className={`${formAlert} sm:col-span-2`}>
            {errors.root.message}
          </p>
        )}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? "Saving..." : "Save address"}
          </button>
          <button type="button" onClick={onCancel} disabled={isSubmitting} className={secondaryButton}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
