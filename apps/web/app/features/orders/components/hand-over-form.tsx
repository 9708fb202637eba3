import { type AdminOrder, handOverSchema } from "@shop/shared";
import { ID_DOCUMENTS, type IdDocument } from "@shop/shared/constants";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { CheckboxField, fieldProps, SelectField } from "../../../components/form/field.tsx";
import { useUnsavedChanges } from "../../../components/form/unsaved-changes.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { StatusMessage } from "../../../components/ui/status-message.tsx";
import { problemInWords, showServerErrors } from "../../../lib/form-errors.ts";
import { useHandOver } from "../api/update-order.ts";
import { labelledResolver } from "./form-resolver.ts";

type HandOver = z.output<typeof handOverSchema>;
interface HandOverValues {
  idDocument: IdDocument | "";
  nameMatches: boolean;
  oldEnough: boolean;
}

const fieldNames = ["idDocument", "nameMatches", "oldEnough"] as const;
// The schema's messages are whole sentences, so no label goes before them.
const labels = {};
const resolver = labelledResolver<HandOverValues, HandOver>(
  handOverSchema as unknown as z.ZodType<HandOver, HandOverValues>,
  labels,
);

/**
 * Hands a pickup order over at the counter: staff check a photo ID first, and the order records
 * which one (the buyer's age was checked at checkout; this checks the person).
 */
export function HandOverForm({ order }: { order: AdminOrder }) {
  const handOver = useHandOver();
  const form = useForm<HandOverValues, unknown, HandOver>({
    resolver,
    defaultValues: { idDocument: "", nameMatches: false, oldEnough: false },
  });
  const field = fieldProps(form, "hand-over");
  const { isSubmitting, errors } = form.formState;
  useUnsavedChanges(form, "the hand-over check");

  async function send(check: HandOver) {
    try {
      const saved = await handOver.mutateAsync({ number: order.number, check });
      form.reset();
      toast.success(`Order ${saved.number} is picked up`);
    } catch (error) {
      const problem = showServerErrors(form.setError, error, fieldNames, labels, { setFocus: form.setFocus });
      toast.error(`Failed to hand over the order: ${problemInWords(problem, labels)}`);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(send)} className="grid gap-4">
      <SelectField label="ID checked" {...field("idDocument")}>
        <option value="">Choose the ID shown</option>
        {(Object.keys(ID_DOCUMENTS) as IdDocument[]).map((document) => (
          <option key={document} value={document}>
            {ID_DOCUMENTS[document]}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        label={`The name on the ID is ${order.customer.name || "the buyer's"}`}
        {...field("nameMatches")}
      />
      <CheckboxField label="The ID shows the buyer is old enough to buy these goods" {...field("oldEnough")} />
      {errors.root?.message && <StatusMessage status={{ kind: "error", text: errors.root.message }} />}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Saving..." : "Hand over"}
      </Button>
    </form>
  );
}
