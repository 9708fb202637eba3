import { zodResolver } from "@hookform/resolvers/zod";
import { type Address, type AddressFields, type AddressInput, addressInputSchema } from "@shop/shared";
import { useId } from "react";
import { type DefaultValues, useForm } from "react-hook-form";
import { Form, href, useNavigation, useSubmit } from "react-router";
import {
  AddressFieldSet,
  addressFieldNames,
  addressInput,
  EMPTY_ADDRESS,
} from "../../../components/form/address-fields.tsx";
import { fieldProps } from "../../../components/form/field.tsx";
import { FormAlert } from "../../../components/form/form-alert.tsx";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type FormRefusal, useRefusalErrors } from "../../../lib/form-action.ts";
import { panel } from "../styles.ts";

/** What the address book's action answers a form it refused: why, and what was typed. */
export interface AddressRefused {
  editing: string;
  refusal: FormRefusal;
  values: Partial<Record<keyof AddressInput, string>>;
}

interface Props {
  /** The address being edited; none for a new one. */
  address?: Address | undefined;
  /** The action's refusal of this form, shown beside its fields. */
  refused?: AddressRefused | undefined;
}

/**
 * Adds or edits one address of the address book: a form posted to the address book's action
 * (decision 089), checked in the browser first when its script runs. The default address stays
 * default until another is chosen. Cancel leaves the page's address without the form.
 */
export function AddressForm({ address, refused }: Props) {
  const id = useId();
  const submit = useSubmit();
  const typed = refused?.values;
  const form = useForm<AddressInput, unknown, AddressFields>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: typed
      ? ({ ...typed, isDefault: typed.isDefault === "on" || typed.isDefault === "true" } as DefaultValues<AddressInput>)
      : address
        ? addressInput(address)
        : { ...EMPTY_ADDRESS, isDefault: false },
  });
  const errors = useRefusalErrors(form, refused?.refusal, addressFieldNames);
  const busy = useNavigation().state === "submitting";
  const action = href("/account/addresses");

  // Sends the checked form as typed: the action parses it with the same schema.
  async function save() {
    await submit(
      { ...form.getValues(), intent: "save", id: address?.id ?? "" },
      { method: "post", action, preventScrollReset: true },
    );
  }

  const title = address ? "Edit address" : "New address";
  const field = fieldProps(form, id, errors);
  return (
    <section aria-labelledby={`${id}-title`} className={panel}>
      <h3 id={`${id}-title`} className="font-semibold text-lg">
        {title}
      </h3>
      <Form
        method="post"
        action={action}
        preventScrollReset
        noValidate
        onSubmit={form.handleSubmit(save)}
        className="mt-5 grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={address?.id ?? ""} />
        <AddressFieldSet field={field} />
        {address?.isDefault ? (
          <p className="text-muted text-sm sm:col-span-2">This is your default address.</p>
        ) : (
          <div className="flex items-center gap-3 sm:col-span-2">
            <input
              id={`${id}-default`}
              type="checkbox"
              className="size-5 shrink-0 accent-brand-700"
              defaultChecked={form.formState.defaultValues?.isDefault === true}
              {...form.register("isDefault")}
            />
            <label htmlFor={`${id}-default`} className="text-sm">
              Use as my default address
            </label>
          </div>
        )}
        <FormAlert message={errors.root?.message} className="sm:col-span-2" />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save address
          </SubmitButton>
          <Button type="submit" form={`${id}-cancel`} disabled={busy} variant="secondary" size="lg">
            Cancel
          </Button>
        </div>
      </Form>
      {/* Cancel opens the address book without the form, with or without JavaScript. */}
      <Form id={`${id}-cancel`} method="get" action={action} preventScrollReset />
    </section>
  );
}
