import { type AdminOrder, shipOrderSchema } from "@shop/shared";
import { CARRIERS, type Carrier } from "@shop/shared/rules";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { fieldProps, SelectField, TextField } from "../../../components/form/field.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { type Shipment, useShipOrder } from "../api/update-order.ts";
import { labelledResolver } from "./form-resolver.ts";

interface ShipValues {
  carrier: Carrier;
  trackingNumber: string;
}

const fieldNames = ["carrier", "trackingNumber"] as const;
const labels = { carrier: "Carrier", trackingNumber: "Tracking number" };
const resolver = labelledResolver<ShipValues, Shipment>(shipOrderSchema, labels);

/** Ships the order with a carrier's tracking number; the buyer is e-mailed the tracking link. */
export function ShipForm({ order }: { order: AdminOrder }) {
  const ship = useShipOrder();
  const form = useForm<ShipValues, unknown, Shipment>({
    resolver,
    defaultValues: { carrier: "USPS", trackingNumber: "" },
  });
  const field = fieldProps(form, "ship");
  const { isSubmitting, errors } = form.formState;
  useUnsavedChanges(form, "the shipment");

  async function send(shipment: Shipment) {
    try {
      const saved = await ship.mutateAsync({ number: order.number, shipment });
      form.reset();
      toast.success(`Order ${saved.number} is shipped; the buyer has been e-mailed the tracking link`);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, fieldNames, labels, { setFocus: form.setFocus });
      toast.error(`Failed to ship the order: ${problemInWords(problem, labels)}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="grid gap-4">
      <SelectField label="Carrier" {...field("carrier")}>
        {(Object.keys(CARRIERS) as Carrier[]).map((carrier) => (
          <option key={carrier} value={carrier}>
            {carrier}
          </option>
        ))}
      </SelectField>
      <TextField label="Tracking number" autoComplete="off" spellCheck={false} {...field("trackingNumber")} />
      {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Shipping..." : "Ship order"}
      </Button>
    </form>
  );
}
