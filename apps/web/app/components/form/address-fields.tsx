import type { Address, AddressInput } from "@shop/shared";
import type { UseFormRegisterReturn } from "react-hook-form";
import { formatPhone } from "../../lib/format.ts";
import { SelectField, TextField } from "./field.tsx";
import { StateOptions } from "./state-options.tsx";

export const addressFieldNames = ["fullName", "line1", "line2", "city", "state", "zip", "phone"] as const;
export type AddressFieldName = (typeof addressFieldNames)[number];
/** One field's id, error and register props (what fieldProps gives). */
export type FieldBinding = { id: string; error: string | undefined } & UseFormRegisterReturn;

/** A new address's fields before anything is typed (no state chosen). */
export const EMPTY_ADDRESS = { fullName: "", line1: "", line2: "", city: "", zip: "", phone: "" } as const;

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

/**
 * The address book's fields, in a two-column grid's cells: the address form's, and the checkout's
 * new address (which passes its own `address.` names).
 */
export function AddressFieldSet({
  field,
  nameLabel = "Full name",
}: {
  field: (name: AddressFieldName) => FieldBinding;
  /** What `fullName` holds here (the pickup store's "Store name"). */
  nameLabel?: string;
}) {
  return (
    <>
      <div className="sm:col-span-2">
        <TextField label={nameLabel} autoComplete="shipping name" {...field("fullName")} />
      </div>
      <div className="sm:col-span-2">
        <TextField label="Street address" autoComplete="shipping address-line1" {...field("line1")} />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label="Apartment, suite, unit (optional)"
          autoComplete="shipping address-line2"
          {...field("line2")}
        />
      </div>
      <TextField label="City" autoComplete="shipping address-level2" {...field("city")} />
      <SelectField label="State" autoComplete="shipping address-level1" {...field("state")}>
        <StateOptions />
      </SelectField>
      <TextField label="ZIP code" inputMode="numeric" autoComplete="shipping postal-code" {...field("zip")} />
      <TextField label="Phone (optional)" type="tel" autoComplete="shipping tel" {...field("phone")} />
    </>
  );
}
