import { type ShopSettings, storeAddressSchema } from "@shop/shared";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { z } from "zod";
import { AddressFieldSet } from "../../../components/form/address-fields.tsx";
import { CheckboxField, fieldProps, TextField } from "../../../components/form/field.tsx";
import { formatPhone } from "../../../lib/format.ts";
import { SettingsForm } from "./settings-form.tsx";

const schema = z.discriminatedUnion("pickup", [
  z.object({ pickup: z.literal(false), storeAddress: z.unknown() }),
  z.object({ pickup: z.literal(true), storeAddress: storeAddressSchema }),
]);
type Values = z.input<typeof schema>;

const labels = {
  "storeAddress.fullName": "Store name",
  "storeAddress.line1": "Street address",
  "storeAddress.line2": "Apartment, suite, unit",
  "storeAddress.city": "City",
  "storeAddress.state": "State",
  "storeAddress.zip": "ZIP code",
  "storeAddress.phone": "Phone",
  "storeAddress.hours": "Opening hours",
};

function valuesOf({ storeAddress: store, storeProfile }: ShopSettings): Values {
  return {
    pickup: store !== null,
    storeAddress: {
      fullName: store?.fullName ?? storeProfile.name,
      line1: store?.line1 ?? "",
      line2: store?.line2 ?? "",
      city: store?.city ?? "",
      state: store?.state ?? "",
      zip: store?.zip ?? "",
      phone: store?.phone ? formatPhone(store.phone) : "",
      hours: store?.hours ?? "",
    },
  } as Values;
}

/** Whether buyers may pick orders up, and from where. */
export function PickupSettings({ settings }: { settings: ShopSettings }) {
  return (
    <SettingsForm
      id="pickup"
      title="Store pickup"
      hint="Buyers may choose to pick their order up at this store instead of having it shipped; it ships free."
      settings={settings}
      valuesOf={valuesOf}
      schema={schema}
      toPatch={(values) => ({ storeAddress: values.pickup ? values.storeAddress : null })}
      labels={labels}
    >
      {(form) => <PickupFields form={form} />}
    </SettingsForm>
  );
}

function PickupFields({ form }: { form: UseFormReturn<Values, unknown, z.output<typeof schema>> }) {
  const field = fieldProps(form, "pickup");
  const pickup = useWatch({ control: form.control, name: "pickup" });
  return (
    <>
      <CheckboxField label="Offer pickup at a store" {...field("pickup")} />
      {pickup && (
        <div className="grid gap-5 sm:grid-cols-2">
          <AddressFieldSet nameLabel="Store name" field={(name) => field(`storeAddress.${name}`)} />
          <div className="sm:col-span-2">
            <TextField
              label="Opening hours (optional)"
              hint="Shown to buyers who choose pickup, such as Monday to Saturday, 10 am to 7 pm."
              {...field("storeAddress.hours")}
            />
          </div>
        </div>
      )}
    </>
  );
}
